import { sql } from 'kysely';
import type { LinkPurpose } from '@sanad/contracts/endpoint';
import type { Queryable } from '../db/database';
import { sqlOf } from '../db/query-builder';

/** The live link of a token hash among `purposes`, with its use recorded; null when there is none. */
export async function touchLiveOnboardingLink(
  db: Queryable,
  tokenHash: string,
  purposes: readonly LinkPurpose[],
): Promise<{ id: string; dataSegmentId: string; purpose: LinkPurpose } | null> {
  const row = await sqlOf(db)
    .updateTable('onboardingLinks')
    .set({ lastUsedAt: sql`now()` })
    .where('tokenHash', '=', tokenHash)
    .where('status', '=', 'active')
    .where('expiresAt', '>', sql<string>`now()`)
    .where('purpose', 'in', [...purposes])
    .returning(['id', 'dataSegmentId', 'purpose'])
    .executeTakeFirst();
  return row ?? null;
}
