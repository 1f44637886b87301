import type { TSupportRequest } from '@sanad/contracts/public-forms';
import type { Queryable } from '../../platform/db/database';
import { queryOne } from '../../platform/db/database';

export async function insertSupportRequest(tx: Queryable, input: Omit<TSupportRequest, 'captcha'>, ip: string): Promise<string> {
  const row = await queryOne<{ id: string }>(
    tx,
    'insert into support_requests (name, email, subject, message, ip) values ($1, $2, $3, $4, $5) returning id',
    [input.name, input.email, input.subject, input.message, ip],
  );
  if (!row) throw new Error('support request insert returned nothing');
  return row.id;
}
