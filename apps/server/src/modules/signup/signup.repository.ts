import type { Queryable } from '../../platform/db/database';
import { queryOne } from '../../platform/db/database';

export interface ExistingAccount {
  id: string;
  first_name: string;
  status: 'active' | 'pending' | 'archived';
  data_segment_ids: string[];
}

/** The account an e-mail address already belongs to, case-insensitively. */
export async function findAccountByEmail(db: Queryable, email: string): Promise<ExistingAccount | null> {
  return queryOne<ExistingAccount>(db, 'select id, first_name, status, data_segment_ids from users where lower(email) = lower($1)', [
    email,
  ]);
}

/** A username nobody holds: the e-mail address itself, or with a short suffix on the rare clash. */
export async function chooseFreeUsername(tx: Queryable, email: string): Promise<string> {
  const base = email.toLowerCase();
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const candidate = attempt === 0 ? base : `${base}-${attempt + 1}`;
    const taken = await queryOne(tx, 'select 1 from users where lower(username) = $1', [candidate]);
    if (!taken) return candidate;
  }
  throw new Error('no free username found');
}
