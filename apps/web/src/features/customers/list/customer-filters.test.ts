import { describe, expect, it } from 'vitest';
import { ADVANCED_KEYS, customerListQuery, EMPTY_FILTERS, hasFilters, readFilters, writeFilters } from './customer-filters';

const state = { startAt: 2, perPage: 20, keyword: 'amina', sortBy: 'createdAt', sortOrder: 'desc' as const, status: null };

describe('customer list filters', () => {
  it('reads the filters from the address and drops values the list does not know', () => {
    const filters = readFilters(
      new URLSearchParams(
        'kycStatus=pending,bogus&riskLevel=high&hitType=pep,sanction&idType=passport,visa&source=deep-link,fax&createdFrom=2026-01-01&createdTo=yesterday&status=deleted&firstName=Amina',
      ),
    );
    expect(filters).toEqual({
      ...EMPTY_FILTERS,
      kycStatus: ['pending'],
      riskLevel: ['high'],
      hitType: ['pep', 'sanction'],
      idType: ['passport'],
      source: ['deep-link'],
      createdFrom: '2026-01-01',
      firstName: 'Amina',
    });
    expect(hasFilters(filters)).toBe(true);
    expect(hasFilters(filters, ADVANCED_KEYS)).toBe(true);
    expect(hasFilters(readFilters(new URLSearchParams('')))).toBe(false);
    expect(readFilters(new URLSearchParams('status=archived')).status).toBe('archived');
  });

  it('writes the filters back, removes empty ones and the default status, and returns to the first page', () => {
    const next = writeFilters(new URLSearchParams('startAt=3&keyword=amina&riskLevel=low&status=archived'), {
      ...EMPTY_FILTERS,
      kycStatus: ['approved', 'rejected'],
      createdTo: '2026-11-27',
      nationalityId: 'PK',
    });
    expect(next.toString()).toBe('keyword=amina&kycStatus=approved%2Crejected&nationalityId=PK&createdTo=2026-11-27');
  });

  it('sends the page, search, sort and the set filters to GET customers/', () => {
    const filters = { ...EMPTY_FILTERS, kycStatus: ['pending'], hitType: ['pep'], createdFrom: '2026-01-01', status: 'all', genderId: 'F' };
    expect(customerListQuery(state, filters)).toEqual({
      startAt: 2,
      perPage: 20,
      keyword: 'amina',
      sortBy: 'createdAt',
      sortOrder: 'desc',
      kycStatus: 'pending',
      hitType: 'pep',
      genderId: 'F',
      createdFrom: '2026-01-01',
      status: 'all',
    });
  });

  it('keeps a custom-field filter in the address, and drops half of one or a malformed key', () => {
    const read = readFilters(new URLSearchParams('customField=branch&customValue=dxb&customMatch=equals'));
    expect(read).toMatchObject({ customField: 'branch', customValue: 'dxb', customMatch: 'equals' });
    expect(hasFilters(read, ADVANCED_KEYS)).toBe(true);
    expect(writeFilters(new URLSearchParams(), read).toString()).toBe('customField=branch&customValue=dxb&customMatch=equals');
    for (const query of ['customField=branch', 'customValue=dxb', 'customField=1bad&customValue=x', 'customField=a%20b&customValue=x'])
      expect(readFilters(new URLSearchParams(query))).toMatchObject({ customField: '', customValue: '', customMatch: '' });
    expect(readFilters(new URLSearchParams('customField=employer&customValue=mills&customMatch=like')).customMatch).toBe('');
  });
});
