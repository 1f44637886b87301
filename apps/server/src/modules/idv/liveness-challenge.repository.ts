import { sql } from 'kysely';
import type { LivenessChallenge } from '@sanad/idv/liveness/liveness-challenge';
import type { Queryable } from '../../platform/db/database';
import { sqlOf } from '../../platform/db/query-builder';

/** Who asked for a challenge: a staff user, or the customer behind an onboarding link. */
export interface ChallengeOwner {
  userId: string | null;
  onboardingLinkId: string | null;
}

export async function insertLivenessChallenge(
  db: Queryable,
  input: ChallengeOwner & { dataSegmentId: string; challenge: LivenessChallenge; validForMinutes: number },
): Promise<{ id: string; expiresAt: string }> {
  return sqlOf(db)
    .insertInto('livenessChallenges')
    .values({
      dataSegmentId: input.dataSegmentId,
      challenge: input.challenge,
      userId: input.userId,
      onboardingLinkId: input.onboardingLinkId,
      expiresAt: sql`now() + make_interval(mins => ${input.validForMinutes})`,
    })
    .returning(['id', 'expiresAt'])
    .executeTakeFirstOrThrow();
}

/**
 * Marks a challenge answered and returns it, only if it is live and was issued to the same owner
 * in the same segment: one person's video cannot answer another's challenge, nor one answer twice.
 */
export async function consumeLivenessChallenge(
  db: Queryable,
  input: ChallengeOwner & { id: string; dataSegmentId: string },
): Promise<LivenessChallenge | null> {
  const row = await sqlOf(db)
    .updateTable('livenessChallenges')
    .set({ usedAt: sql`now()` })
    .where('id', '=', input.id)
    .where('dataSegmentId', '=', input.dataSegmentId)
    .where('usedAt', 'is', null)
    .where(sql<boolean>`expires_at > now()`)
    .where(sql<boolean>`user_id is not distinct from ${input.userId}::uuid`)
    .where(sql<boolean>`onboarding_link_id is not distinct from ${input.onboardingLinkId}::uuid`)
    .returning('challenge')
    .executeTakeFirst();
  return row ? (row.challenge as LivenessChallenge) : null;
}

/** What the server concluded from the video that answered a challenge. */
export interface LivenessVerdict {
  liveness: 'completed' | 'rejected';
  face: 'matched' | 'notmatched' | 'notfound' | null;
}

export async function recordLivenessVerdict(db: Queryable, id: string, videoFile: string, verdict: LivenessVerdict): Promise<void> {
  await sqlOf(db)
    .updateTable('livenessChallenges')
    .set({ videoFile, verdict: JSON.stringify(verdict) })
    .where('id', '=', id)
    .execute();
}

/** The verdict a staff user's check made on one clip of a segment; null when that clip was never checked by them. */
export async function staffVideoVerdict(
  db: Queryable,
  input: { dataSegmentId: string; userId: string; videoFile: string },
): Promise<LivenessVerdict | null> {
  const row = await sqlOf(db)
    .selectFrom('livenessChallenges')
    .select('verdict')
    .where('dataSegmentId', '=', input.dataSegmentId)
    .where('userId', '=', input.userId)
    .where('videoFile', '=', input.videoFile)
    .where('verdict', 'is not', null)
    .orderBy('usedAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.verdict ? (row.verdict as LivenessVerdict) : null;
}

/** The verdict of the last video checked through an onboarding link, with the clip it was made on. */
export async function latestLinkVerdict(
  db: Queryable,
  onboardingLinkId: string,
): Promise<{ videoFile: string; verdict: LivenessVerdict } | null> {
  const row = await sqlOf(db)
    .selectFrom('livenessChallenges')
    .select(['videoFile', 'verdict'])
    .where('onboardingLinkId', '=', onboardingLinkId)
    .where('verdict', 'is not', null)
    .orderBy('usedAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row?.videoFile || !row.verdict) return null;
  return { videoFile: row.videoFile, verdict: row.verdict as LivenessVerdict };
}
