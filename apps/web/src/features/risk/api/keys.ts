import { getActiveDataSegmentId } from '../../../lib/session';

/** Every query of the engine screens starts with this key, so one invalidation refreshes them all after a change. */
export const RISK_CONFIG_KEY = 'risk-config';

export const activeSegment = (): string | undefined => getActiveDataSegmentId() ?? undefined;

/** The data segment every engine read sends: the active one. */
export const segmentQuery = () => ({ query: { dataSegmentId: activeSegment() } });
