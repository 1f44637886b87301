import { getActiveDataSegmentId } from '../../../lib/session';

/** Every query of the engine screens starts with this key, so one invalidation refreshes them all after a change. */
export const RISK_CONFIG_KEY = 'risk-config';

export const activeSegment = (): string | undefined => getActiveDataSegmentId() ?? undefined;

export const tablePath = (page: string) => `configurations/risk/${page}`;
