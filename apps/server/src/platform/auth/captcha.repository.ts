import type { Queryable } from '../db/database';
import { sqlOf } from '../db/query-builder';

export async function isCaptchaUsed(db: Queryable, challengeId: string): Promise<boolean> {
  const row = await sqlOf(db).selectFrom('captchaUses').select('challengeId').where('challengeId', '=', challengeId).executeTakeFirst();
  return row !== undefined;
}

/** Records a challenge as used; false when it already was (one atomic insert, so two replicas cannot both win). */
export async function markCaptchaUsed(db: Queryable, challengeId: string): Promise<boolean> {
  const result = await sqlOf(db)
    .insertInto('captchaUses')
    .values({ challengeId })
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}
