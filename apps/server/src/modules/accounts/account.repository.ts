import type { Queryable } from '../../platform/db/database';
import { queryOne } from '../../platform/db/database';

export interface AccountUser {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  status: 'active' | 'pending' | 'archived';
  data_segment_ids: string[];
  company_name: string;
  invited_by: string | null;
}

const COLUMNS = 'id, email, first_name, last_name, status, data_segment_ids, company_name, invited_by';

export async function getAccountUser(db: Queryable, userId: string): Promise<AccountUser | null> {
  return queryOne<AccountUser>(db, `select ${COLUMNS} from users where id = $1`, [userId]);
}

/** The account a forgot-password request names, by e-mail address only. */
export async function findAccountByEmail(db: Queryable, email: string): Promise<AccountUser | null> {
  return queryOne<AccountUser>(db, `select ${COLUMNS} from users where lower(email) = lower($1)`, [email]);
}

/** True when the account went from pending to active just now. */
export async function activateAccountUser(tx: Queryable, userId: string): Promise<boolean> {
  const result = await tx.query("update users set status = 'active', updated_at = now() where id = $1 and status = 'pending'", [userId]);
  return result.rowCount > 0;
}
