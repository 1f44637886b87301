import type { TConfigChangeResult, TReviewIntervals, TReviewIntervalsSave } from '@sanad/contracts/risk-configuration';
import { api, type Envelope } from '../../../lib/api-client';

/** PUT configurations/risk/risk-level-review/{dataSegmentId}: years until the next review, per level. */
export function saveReviewIntervals(
  dataSegmentId: string,
  input: TReviewIntervalsSave,
): Promise<Envelope<TConfigChangeResult<TReviewIntervals>>> {
  return api.put<TConfigChangeResult<TReviewIntervals>>(`configurations/risk/risk-level-review/${dataSegmentId}`, input);
}
