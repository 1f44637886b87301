import { sql } from 'kysely';
import type { TPasswordLinkPurpose } from '@sanad/contracts/passwords';
import type { Queryable } from '../db/database';
import { sqlOf } from '../db/query-builder';

/** What an e-mailed account link is for (the contract's password link purposes). */
export type AccountTokenPurpose = TPasswordLinkPurpose;

/** Stores a token's hash for a user and purpose, using up any unused one of the same purpose first. */
export async function replaceAccountToken(
  tx: Queryable,
  input: { userId: string; purpose: AccountTokenPurpose; tokenHash: string; ttlSeconds: number },
): Promise<void> {
  const db = sqlOf(tx);
  await db
    .updateTable('accountTokens')
    .set({ usedAt: sql`now()` })
    .where('userId', '=', input.userId)
    .where('purpose', '=', input.purpose)
    .where('usedAt', 'is', null)
    .execute();
  await db
    .insertInto('accountTokens')
    .values({
      userId: input.userId,
      purpose: input.purpose,
      tokenHash: input.tokenHash,
      expiresAt: sql`now() + make_interval(secs => ${input.ttlSeconds})`,
    })
    .execute();
}

/** The user of a live token among `purposes`, with the purpose it has, without using it up. */
export async function findLiveAccountToken(
  db: Queryable,
  tokenHash: string,
  purposes: readonly AccountTokenPurpose[],
): Promise<{ userId: string; purpose: AccountTokenPurpose } | null> {
  const row = await sqlOf(db)
    .selectFrom('accountTokens')
    .select(['userId', 'purpose'])
    .where('tokenHash', '=', tokenHash)
    .where('purpose', 'in', [...purposes])
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', sql<string>`now()`)
    .executeTakeFirst();
  return row ?? null;
}

/** Marks a live token used and answers its user; null when it is unknown, used, expired or of another purpose. */
export async function useAccountToken(tx: Queryable, tokenHash: string, purpose: AccountTokenPurpose): Promise<string | null> {
  const row = await sqlOf(tx)
    .updateTable('accountTokens')
    .set({ usedAt: sql`now()` })
    .where('tokenHash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', sql<string>`now()`)
    .returning('userId')
    .executeTakeFirst();
  return row?.userId ?? null;
}
