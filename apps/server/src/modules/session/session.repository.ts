import { sql } from 'kysely';
import type { Queryable } from '../../platform/db/database';
import { sqlOf } from '../../platform/db/query-builder';
import { livePermissionsOf, type AccountColumns } from '../../platform/auth/session.repository';

/** A user a session may be started for: who they are and where they work. */
export interface SessionUser {
  id: string;
  status: 'active' | 'pending' | 'archived';
  firstName: string;
  lastName: string;
  dataSegmentIds: string[];
}

export interface LoginCandidate extends SessionUser {
  passwordHash: string | null;
}

/** The account an identifier names: its e-mail address or its username, case-insensitively (the e-mail wins). */
export async function findLoginCandidate(db: Queryable, identifier: string): Promise<LoginCandidate | null> {
  const row = await sqlOf(db)
    .selectFrom('users')
    .select(['id', 'status', 'passwordHash', 'dataSegmentIds', 'firstName', 'lastName'])
    .where((eb) => eb.or([eb(sql`lower(email)`, '=', identifier.toLowerCase()), eb(sql`lower(username)`, '=', identifier.toLowerCase())]))
    .orderBy(sql`lower(email) = ${identifier.toLowerCase()}`, 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

export async function recordLogin(tx: Queryable, userId: string): Promise<void> {
  await sqlOf(tx)
    .updateTable('users')
    .set({ lastLoginAt: sql`now()` })
    .where('id', '=', userId)
    .execute();
}

export interface ProfileColumns extends AccountColumns {
  id: string;
  email: string;
  roleName: string | null;
}

/** The columns of a user's session profile; the role's permissions as they are now. */
export async function getProfileColumns(db: Queryable, userId: string): Promise<ProfileColumns | null> {
  const row = await sqlOf(db)
    .selectFrom('users as u')
    .leftJoin('roles as r', 'r.id', 'u.roleId')
    .select([
      'u.id',
      'u.firstName',
      'u.lastName',
      'u.email',
      'u.username',
      'u.phoneNumber',
      'u.avatarFileName',
      'u.accountType',
      'u.kyb',
      'u.userGuide',
      'u.dataSegmentIds',
      'r.title as roleName',
      livePermissionsOf.as('permissions'),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}

/** What a token carries about its active data segment. */
export interface SegmentSettings {
  id: string;
  whiteLabelling: boolean;
  configurations: Record<string, unknown>;
}

export async function getSegmentSettings(db: Queryable, id: string): Promise<SegmentSettings | null> {
  const row = await sqlOf(db)
    .selectFrom('dataSegments')
    .select(['id', 'whiteLabelling', 'configurations'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row
    ? { id: row.id, whiteLabelling: row.whiteLabelling, configurations: (row.configurations ?? {}) as Record<string, unknown> }
    : null;
}

/** Whether a segment is in service and among `dataSegmentIds` (any segment when the list is empty: a user of every segment). */
export async function isActiveSegmentOf(db: Queryable, segmentId: string, dataSegmentIds: readonly string[]): Promise<boolean> {
  const row = await sqlOf(db)
    .selectFrom('dataSegments')
    .select('id')
    .where('id', '=', segmentId)
    .where('status', '=', 'active')
    .$if(dataSegmentIds.length > 0, (qb) => qb.where('id', 'in', [...dataSegmentIds]))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The first segment in service of a user's own list, in their order; for a user of every segment
 * (an empty list), the installation's oldest segment in service.
 */
export async function firstActiveSegmentOf(db: Queryable, dataSegmentIds: readonly string[]): Promise<string | null> {
  if (dataSegmentIds.length === 0) {
    const oldest = await sqlOf(db)
      .selectFrom('dataSegments')
      .select('id')
      .where('status', '=', 'active')
      .orderBy('createdAt')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return oldest?.id ?? null;
  }
  const result = await sql<{ id: string }>`
    select t.id from unnest(${[...dataSegmentIds]}::uuid[]) with ordinality as t(id, position)
      join data_segments ds on ds.id = t.id
     where ds.status = 'active' order by t.position limit 1`.execute(sqlOf(db));
  return result.rows[0]?.id ?? null;
}
