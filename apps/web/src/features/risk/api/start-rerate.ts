import { RISK_ENDPOINTS } from '@sanad/contracts/risk.endpoints';
import { api } from '../../../lib/api';
import { activeSegment } from './keys';

/** POST configurations/risk/rerate: re-rate every customer of the segment with the configuration in force. */
export function startRerate() {
  return api(RISK_ENDPOINTS.startRerate, { body: { dataSegmentId: activeSegment() } });
}
