import type { TSegmentChoice } from '@sanad/contracts/data-segments';

/**
 * The segment the server session should be moved to so that it matches the remembered one, or
 * null when nothing needs doing: the remembered segment is not offered, or the session is on it.
 */
export function segmentToSync(choices: readonly TSegmentChoice[], active: string | null, sessionSegment: string | null): string | null {
  if (!active || active === sessionSegment) return null;
  return choices.some((choice) => choice._id === active) ? active : null;
}
