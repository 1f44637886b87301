import { describe, expect, it } from 'vitest';
import type { TCustomerRecord } from '@sanad/contracts/customers';
import { compareDocument, documentStatusesOf, riskDocumentStatus } from './document-status';

const NOW = new Date('2026-03-01T10:00:00Z');

function record(change: {
  reading?: NonNullable<TCustomerRecord['identityInfo']>['documentReading'];
  expiryDate?: string;
  lifetime?: boolean;
}): TCustomerRecord {
  return {
    basicInfo: { firstName: 'Ayesha', middleName: 'Noor', lastName: 'Khan', dateOfBirth: '1990-04-12' },
    identityInfo: {
      type: 'id',
      number: '35202-1234567-1',
      ...(change.expiryDate ? { expiryDate: change.expiryDate } : {}),
      ...(change.lifetime ? { isLifetimeExpiry: true } : {}),
      ...(change.reading ? { documentReading: change.reading } : {}),
    },
  };
}

describe('document statuses', () => {
  it('matches a reading that agrees after normalisation (case, accents, order, a missing middle name, ID punctuation)', () => {
    const matched = record({
      reading: { name: 'AYESHA', surname: 'KHÁN', dateOfBirth: '1990-04-12', number: '3520212345671' },
      expiryDate: '2030-01-01',
    });
    expect(compareDocument(matched)).toEqual({ mismatched: [], compared: 3 });
    expect(documentStatusesOf(matched, NOW)).toEqual(['Document Matched']);
    expect(riskDocumentStatus(matched, NOW)).toBe('matched');
  });

  it('flags a name, birth date or ID number that differs from the entered identity', () => {
    const other = record({ reading: { name: 'Sana', surname: 'Khan', dateOfBirth: '1991-04-12', number: '3520212345672' } });
    expect(compareDocument(other).mismatched).toEqual(['name', 'dateOfBirth', 'number']);
    expect(documentStatusesOf(other, NOW)).toEqual(['Documents mismatched']);
    expect(riskDocumentStatus(other, NOW)).toBe('mismatched');
  });

  it('says a document nears expiry within 30 days, or has expired, but not a lifetime one', () => {
    expect(documentStatusesOf(record({ expiryDate: '2026-03-31' }), NOW)).toEqual(['Documents nearing expiry']);
    expect(documentStatusesOf(record({ expiryDate: '2026-04-01' }), NOW)).toEqual([]);
    expect(riskDocumentStatus(record({ expiryDate: '2026-02-01' }), NOW)).toBe('expired');
    expect(riskDocumentStatus(record({ expiryDate: '2026-03-10' }), NOW)).toBe('nearing-expiry');
    expect(documentStatusesOf(record({ expiryDate: '2026-02-01', lifetime: true }), NOW)).toEqual([]);
  });

  it('says nothing without a reading or an expiry date', () => {
    expect(documentStatusesOf(record({}), NOW)).toEqual([]);
    expect(riskDocumentStatus(record({}), NOW)).toBeUndefined();
  });
});
