import type { TReviewIntervalsSave } from '@sanad/contracts/risk-configuration';
import { RISK_ENDPOINTS } from '@sanad/contracts/risk.endpoints';
import { api } from '../../../lib/api';

/** PUT configurations/risk/risk-level-review/{dataSegmentId}: years until the next review, per level. */
export function saveReviewIntervals(dataSegmentId: string, input: TReviewIntervalsSave) {
  return api(RISK_ENDPOINTS.saveReviewIntervals, { params: { dataSegmentId }, body: input });
}
