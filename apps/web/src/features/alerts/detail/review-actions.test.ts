import { describe, expect, it } from 'vitest';
import type { TAlertDetail } from '@sanad/contracts/alerts';
import { reviewActionOf } from './review-actions';

function alert(change: Partial<TAlertDetail> = {}): TAlertDetail {
  return {
    _id: 'a1',
    dataSegmentId: 's1',
    type: 'on boarding',
    reason: 'Rated High Risk',
    state: 'open',
    stage: 'maker',
    status: 'open',
    isReturned: false,
    decision: null,
    indicators: ['high'],
    lockedBy: null,
    lockedAt: null,
    customer: { _id: 'c1', sanadId: 'SND-00000001', fullName: 'A B', kycStatus: 'pending', riskLevel: 'high' },
    createdBy: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    dueAt: null,
    isOverdue: false,
    maker: null,
    checker: null,
    approver: null,
    hits: [],
    trigger: null,
    log: [],
    ...change,
  };
}

const maker = { _id: 'u1', scopes: ['view-alerts', 'kyc-status-review', 'maker'] };
const checker = { _id: 'u2', scopes: ['view-alerts', 'kyc-status-review', 'checker'] };
const unlocker = { _id: 'u3', scopes: ['view-alerts', 'unlock-alerts'] };

describe('the review panel', () => {
  it('offers the review to the level whose turn it is, and only to it', () => {
    expect(reviewActionOf(alert(), maker)).toEqual({ kind: 'initiate', level: 'maker' });
    expect(reviewActionOf(alert(), checker)).toEqual({ kind: 'waiting', stage: 'maker', canUnlock: false });
  });

  it("gives the lock holder their level's decisions, and shows the lock to others with Unlock for unlock-alerts", () => {
    const locked = alert({ lockedBy: { _id: 'u1', name: 'Maker One' } });
    expect(reviewActionOf(locked, maker)).toEqual({ kind: 'review', level: 'maker', decisions: ['approved', 'rejected'] });
    expect(reviewActionOf(locked, checker)).toEqual({ kind: 'locked', by: 'Maker One', canUnlock: false });
    expect(reviewActionOf(locked, unlocker)).toEqual({ kind: 'locked', by: 'Maker One', canUnlock: true });
  });

  it('refuses a person who acted at another level of the same alert', () => {
    const atChecker = alert({
      stage: 'checker',
      log: [{ _id: 'l1', action: 'approve', level: 'maker', reason: 'ok', actor: { _id: 'u2', name: 'Was maker' }, createdAt: '' }],
    });
    expect(reviewActionOf(atChecker, checker)).toEqual({ kind: 'acted-elsewhere', level: 'maker' });
  });

  it('shows a decided alert as decided', () => {
    expect(reviewActionOf(alert({ state: 'closed', stage: 'decided', decision: 'approved' }), maker)).toEqual({ kind: 'decided' });
  });
});
