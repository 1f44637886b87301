import type { TSimulationRequest, TSimulationResult } from '@sanad/contracts/risk-rating';
import { api, type Envelope } from '../../../lib/api-client';
import { activeSegment } from './keys';

/** POST configurations/simulate: nothing is stored. */
export function runSimulation(input: TSimulationRequest): Promise<Envelope<TSimulationResult>> {
  return api.post<TSimulationResult>('configurations/simulate', { ...input, dataSegmentId: activeSegment() });
}
