import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Queryable } from '../../platform/db/database';
import { sqlOf } from '../../platform/db/query-builder';

export interface ExistingAccount {
  id: string;
  firstName: string;
  status: 'active' | 'pending' | 'archived';
  dataSegmentIds: string[];
}

/** The account an e-mail address already belongs to, case-insensitively. */
export async function findAccountByEmail(db: Queryable, email: string): Promise<ExistingAccount | null> {
  const row = await sqlOf(db)
    .selectFrom('users')
    .select(['id', 'firstName', 'status', 'dataSegmentIds'])
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row ?? null;
}

/** A username nobody holds: the e-mail address itself, or with a short suffix on the rare clash. */
export async function chooseFreeUsername(tx: Queryable, email: string): Promise<string> {
  const base = email.toLowerCase();
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const candidate = attempt === 0 ? base : `${base}-${attempt + 1}`;
    const taken = await sqlOf(tx)
      .selectFrom('users')
      .select('id')
      .where(sql`lower(username)`, '=', candidate)
      .executeTakeFirst();
    if (!taken) return candidate;
  }
  throw new Error('no free username found');
}

export interface TrialAdministrator {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  phoneNumber: string;
  companyName: string;
  roleId: string;
  dataSegmentId: string;
}

/** The administrator of a new trial segment: pending until the e-mailed link sets a password. */
export async function insertTrialAdministrator(tx: Queryable, input: TrialAdministrator): Promise<string> {
  const { dataSegmentId, ...fields } = input;
  const row = await sqlOf(tx)
    .insertInto('users')
    .values({ ...fields, dataSegmentIds: [dataSegmentId], userGuide: true, status: 'pending' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Runs `work` inside a savepoint of the caller's transaction and rolls it back: the statements
 * run and cost what they cost, and nothing of them stays.
 */
export async function runAndDiscard(tx: Queryable, work: () => Promise<void>): Promise<void> {
  const savepoint = sql.raw(`rehearsal_${randomUUID().replaceAll('-', '')}`);
  await sql`savepoint ${savepoint}`.execute(sqlOf(tx));
  try {
    await work();
  } finally {
    await sql`rollback to savepoint ${savepoint}`.execute(sqlOf(tx));
    await sql`release savepoint ${savepoint}`.execute(sqlOf(tx));
  }
}
