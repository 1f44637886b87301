import { describe, expect, it } from 'vitest';
import { ZAlertListQuery, ZKycStatusReviewInput, alertIndicatorsOf, reviewLevelOf } from './alerts';

describe('alert indicators', () => {
  it('are the hit types, the risk level and the document flags, each once', () => {
    expect(
      alertIndicatorsOf({ hitTypes: ['pep', 'sanction'], riskLevel: 'sanction', documentStatuses: ['Documents nearing expiry'] }),
    ).toEqual(['pep', 'sanction', 'expiredIn']);
    expect(alertIndicatorsOf({ hitTypes: [], riskLevel: 'high', documentStatuses: ['Documents mismatched', 'Document Matched'] })).toEqual([
      'high',
      'mis_matched',
    ]);
    expect(alertIndicatorsOf({ hitTypes: [], riskLevel: null, documentStatuses: [] })).toEqual([]);
  });
});

describe('review level', () => {
  it('is the first of maker, checker, approver held; unlock-alerts alone is none', () => {
    expect(reviewLevelOf(['view-alerts', 'maker', 'checker', 'approver'])).toBe('maker');
    expect(reviewLevelOf(['approver', 'checker'])).toBe('checker');
    expect(reviewLevelOf(['unlock-alerts', 'approver'])).toBe('approver');
    expect(reviewLevelOf(['unlock-alerts'])).toBeNull();
    expect(reviewLevelOf(['kyc-status-review'])).toBeNull();
  });
});

describe('alert inputs', () => {
  it('needs a decision and a reason, and reads list filters from the query string', () => {
    expect(ZKycStatusReviewInput.safeParse({ decision: 'approved', reason: ' ' }).error?.issues[0]?.message).toBe('Reason is required');
    expect(ZKycStatusReviewInput.safeParse({ decision: 'maybe', reason: 'x' }).success).toBe(false);
    expect(ZAlertListQuery.parse({ status: 'open,return-alert', indicator: ['pep'], minAgeDays: '7' })).toMatchObject({
      status: ['open', 'return-alert'],
      indicator: ['pep'],
      minAgeDays: 7,
    });
    expect(ZAlertListQuery.safeParse({ assignee: 'someone' }).success).toBe(false);
  });
});
