import type { TSegmentChoice } from '@sanad/contracts/data-segments';

/**
 * The segment to make active so that the remembered segment and the server session agree, or null
 * when nothing needs doing. A remembered segment that is no longer offered (archived, or taken
 * away) falls back to the first one allowed: the first of the user's own list that is offered,
 * else the first offered (SH-55).
 */
export function segmentToSync(
  choices: readonly TSegmentChoice[],
  userSegmentIds: readonly string[],
  active: string | null,
  sessionSegment: string | null,
): string | null {
  const offered = new Set(choices.map((choice) => choice._id));
  if (offered.size === 0) return null;
  const fallback = userSegmentIds.find((id) => offered.has(id)) ?? choices[0]?._id ?? null;
  const wanted = active && offered.has(active) ? active : fallback;
  if (!wanted || (wanted === active && wanted === sessionSegment)) return null;
  return wanted;
}
