import type { TConfigChangeResult, TRiskRatingSave, TRiskRatingSettings } from '@sanad/contracts/risk-configuration';
import { api, type Envelope } from '../../../lib/api-client';

/** PUT configurations/risk/risk-rating/{dataSegmentId}: the thresholds and the EDD floor. */
export function saveRiskRating(dataSegmentId: string, input: TRiskRatingSave): Promise<Envelope<TConfigChangeResult<TRiskRatingSettings>>> {
  return api.put<TConfigChangeResult<TRiskRatingSettings>>(`configurations/risk/risk-rating/${dataSegmentId}`, input);
}
