import type { TSupportRequest } from '@sanad/contracts/support';
import type { Queryable } from '../../platform/db/database';
import { sqlOf } from '../../platform/db/query-builder';

export async function insertSupportRequest(tx: Queryable, input: Omit<TSupportRequest, 'captcha'>, ip: string): Promise<string> {
  const row = await sqlOf(tx)
    .insertInto('supportRequests')
    .values({ name: input.name, email: input.email, subject: input.subject, message: input.message, ip })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
