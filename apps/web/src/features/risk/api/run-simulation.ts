import type { TSimulationRequest } from '@sanad/contracts/risk-rating';
import { RISK_ENDPOINTS } from '@sanad/contracts/risk.endpoints';
import { api } from '../../../lib/api';
import { activeSegment } from './keys';

/** POST configurations/simulate: nothing is stored. */
export function runSimulation(input: TSimulationRequest) {
  return api(RISK_ENDPOINTS.simulate, { body: { ...input, dataSegmentId: activeSegment() } });
}
