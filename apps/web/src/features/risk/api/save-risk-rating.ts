import type { TRiskRatingSave } from '@sanad/contracts/risk-configuration';
import { RISK_ENDPOINTS } from '@sanad/contracts/risk.endpoints';
import { api } from '../../../lib/api';

/** PUT configurations/risk/risk-rating/{dataSegmentId}: the thresholds and the EDD floor. */
export function saveRiskRating(dataSegmentId: string, input: TRiskRatingSave) {
  return api(RISK_ENDPOINTS.saveRiskRating, { params: { dataSegmentId }, body: input });
}
