import { LEVEL_DECISIONS, reviewLevelOf, type TAlertDetail, type TReviewLevel } from '@sanad/contracts/alerts';

/** What the signed-in user may do with an alert; the server enforces the same rules. */
export type ReviewAction =
  | { kind: 'decided' }
  | { kind: 'review'; level: TReviewLevel; decisions: readonly string[] }
  | { kind: 'initiate'; level: TReviewLevel }
  | { kind: 'locked'; by: string; canUnlock: boolean }
  | { kind: 'acted-elsewhere'; level: TReviewLevel }
  | { kind: 'waiting'; stage: TReviewLevel; canUnlock: boolean };

export const DECISION_LABELS: Record<string, string> = {
  approved: 'Approve',
  rejected: 'Reject',
  confirmed: 'Confirm',
  returned: 'Return to maker',
};

/**
 * The review panel's state: a decided alert shows its decision; the lock holder submits or
 * cancels; the level whose turn it is may initiate the review unless they acted at another level;
 * a lock held by someone else is shown, with Unlock for unlock-alerts.
 */
export function reviewActionOf(alert: TAlertDetail, user: { _id: string; scopes: readonly string[] }): ReviewAction {
  if (alert.state === 'closed' || alert.stage === 'decided') return { kind: 'decided' };
  const level = reviewLevelOf(user.scopes);
  const canUnlock = user.scopes.includes('unlock-alerts');
  if (alert.lockedBy) {
    if (alert.lockedBy._id === user._id && level === alert.stage) return { kind: 'review', level, decisions: LEVEL_DECISIONS[level] };
    return { kind: 'locked', by: alert.lockedBy.name, canUnlock };
  }
  if (level !== alert.stage) return { kind: 'waiting', stage: alert.stage, canUnlock };
  const other = alert.log.find((entry) => entry.actor._id === user._id && entry.level !== null && entry.level !== level);
  if (other?.level) return { kind: 'acted-elsewhere', level: other.level };
  return { kind: 'initiate', level };
}
