import type { TRerateRun } from '@sanad/contracts/risk-rating';
import { api, type Envelope } from '../../../lib/api-client';
import { activeSegment } from './keys';

/** POST configurations/risk/rerate: re-rate every customer of the segment with the configuration in force. */
export function startRerate(): Promise<Envelope<TRerateRun>> {
  return api.post<TRerateRun>('configurations/risk/rerate', { dataSegmentId: activeSegment() });
}
