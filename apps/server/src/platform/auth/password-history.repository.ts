import { sql } from 'kysely';
import type { Queryable } from '../db/database';
import { sqlOf } from '../db/query-builder';

/** The hashes a new password must differ from: the newest `limit` of the history and the current one. */
export async function listRecentPasswordHashes(db: Queryable, userId: string, limit: number): Promise<string[]> {
  const history = await sqlOf(db)
    .selectFrom('passwordHistory')
    .select('passwordHash')
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  const current = await sqlOf(db).selectFrom('users').select('passwordHash').where('id', '=', userId).executeTakeFirst();
  return [...history.map((row) => row.passwordHash), ...(current?.passwordHash ? [current.passwordHash] : [])];
}

/**
 * Replaces a user's password hash and records it in the history, keeping the newest `keep`. A
 * password set outside this function (first start, the CLI, an older version) joins the history
 * before it is replaced, so it too stays refused for the next changes.
 */
export async function replacePasswordHash(tx: Queryable, userId: string, passwordHash: string, keep: number): Promise<void> {
  const db = sqlOf(tx);
  await db
    .insertInto('passwordHistory')
    .columns(['userId', 'passwordHash', 'createdAt'])
    .expression((eb) =>
      eb
        .selectFrom('users as u')
        .select([
          'u.id',
          sql<string>`u.password_hash`.as('passwordHash'),
          sql<string>`least(coalesce(u.password_changed_at, u.created_at), now())`.as('createdAt'),
        ])
        .where('u.id', '=', userId)
        .where('u.passwordHash', 'is not', null)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('passwordHistory as h')
                .select(sql`1`.as('one'))
                .whereRef('h.userId', '=', 'u.id')
                .whereRef('h.passwordHash', '=', 'u.passwordHash'),
            ),
          ),
        ),
    )
    .execute();
  await db
    .updateTable('users')
    .set({ passwordHash, passwordChangedAt: sql`now()`, updatedAt: sql`now()` })
    .where('id', '=', userId)
    .execute();
  await db.insertInto('passwordHistory').values({ userId, passwordHash }).execute();
  await db
    .deleteFrom('passwordHistory')
    .where('userId', '=', userId)
    .where(
      'id',
      'not in',
      db
        .selectFrom('passwordHistory')
        .select('id')
        .where('userId', '=', userId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(keep),
    )
    .execute();
}
