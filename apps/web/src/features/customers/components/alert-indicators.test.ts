import { describe, expect, it } from 'vitest';
import { customerIndicators } from './alert-indicators';

const clean = { hitTypes: [], documentStatuses: [], riskLevel: 'low' as const, isDocumentExpired: false, isReviewDue: false };

describe('customer alert indicators', () => {
  it('shows a low-risk customer without findings as one ok tick', () => {
    expect(customerIndicators(clean)).toEqual([{ value: 'low', label: 'Low risk', colour: 'ok', icon: 'tick' }]);
  });

  it('shows hits and a document mismatch in black with a cross, expiry, high risk and a due review in red with a cross', () => {
    const indicators = customerIndicators({
      hitTypes: ['pep', 'sanction'],
      documentStatuses: ['Documents mismatched', 'Documents nearing expiry'],
      riskLevel: 'high',
      isDocumentExpired: true,
      isReviewDue: true,
    });
    expect(indicators.map(({ value, colour, icon }) => [value, colour, icon])).toEqual([
      ['mis_matched', 'black', 'cross'],
      ['expired', 'danger', 'cross'],
      ['pep', 'black', 'cross'],
      ['sanction', 'black', 'cross'],
      ['high', 'danger', 'cross'],
      ['periodic_review_due', 'danger', 'cross'],
    ]);
  });

  it('shows medium risk in red with a tick and a nearing expiry in red with a cross', () => {
    const indicators = customerIndicators({ ...clean, riskLevel: 'medium', documentStatuses: ['Documents nearing expiry'] });
    expect(indicators.map(({ value, colour, icon }) => [value, colour, icon])).toEqual([
      ['expiredIn', 'danger', 'cross'],
      ['medium', 'danger', 'tick'],
    ]);
  });
});
