import type { LightMyRequestResponse } from 'fastify';
import type { Permission } from '@sanad/contracts/permissions';
import type { Queryable } from '../platform/db/database';
import { STAFF_PASSWORD, makeUser, type MadeUser } from './factories';
import { bearer, type TestApp } from './test-app';

type Method = 'GET' | 'POST' | 'PUT';

/** One API call with an optional bearer token, JSON body and query. */
export function call(
  t: TestApp,
  method: Method,
  url: string,
  options: { token?: string; payload?: unknown; query?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url: `/api/${url.replace(/^\//, '')}`,
    ...(options.token ? { headers: bearer(options.token) } : {}),
    ...(options.payload === undefined ? {} : { payload: options.payload as Record<string, unknown> }),
    ...(options.query ? { query: options.query } : {}),
  });
}

export interface SignedInUser extends MadeUser {
  token: string;
}

/** An active user with exactly these permissions in `segmentIds` (the first holds the role), signed in. */
export async function signedInUser(
  t: TestApp,
  permissions: readonly Permission[],
  segmentIds: string[] = [t.adminSegmentId],
  /** kyb: the account may onboard companies. */
  options: { kyb?: boolean } = {},
): Promise<SignedInUser> {
  const [first] = segmentIds;
  if (!first) throw new Error('a user needs a segment');
  const user = await makeUser(t.context.db, { permissions, dataSegmentId: first, dataSegmentIds: segmentIds, kyb: options.kyb ?? false });
  return { ...user, token: await t.login(user.email, STAFF_PASSWORD) };
}

export interface MailRow {
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  is_sensitive: boolean;
  data_segment_id: string | null;
}

/** The newest outbox message to an address, if any. */
export async function latestMail(db: Queryable, recipient: string): Promise<MailRow | null> {
  const result = await db.query<MailRow>(
    'select recipient, subject, body_text, body_html, is_sensitive, data_segment_id from outbox where lower(recipient) = lower($1) order by created_at desc, id desc limit 1',
    [recipient],
  );
  return result.rows[0] ?? null;
}

/** The token of the first link in a mail whose path contains `path` (e.g. users/create-password). */
export function linkToken(mail: MailRow | null, path: string): string {
  const match = new RegExp(`${path.replace(/[/-]/g, '\\$&')}/([A-Za-z0-9_-]+)`).exec(mail?.body_text ?? '');
  if (!match?.[1]) throw new Error(`no ${path} link in ${mail ? mail.body_text : 'no mail'}`);
  return match[1];
}

export async function countRows(
  db: Queryable,
  table: 'users' | 'roles' | 'data_segments' | 'outbox' | 'account_tokens' | 'audit_log',
): Promise<number> {
  const result = await db.query<{ count: number }>(`select count(*)::int as count from ${table}`);
  return result.rows[0]?.count ?? 0;
}

/** Row counts of every table a failed administration request must leave untouched. */
export async function snapshotCounts(db: Queryable): Promise<Record<string, number>> {
  const tables = ['users', 'roles', 'data_segments', 'outbox', 'account_tokens', 'audit_log'] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = await countRows(db, table);
  return counts;
}

export interface ErrorBody {
  status: false;
  message: string;
  code: string;
  errors?: Record<string, string[]>;
}

/** The first error the client shows: the first entry of `errors`, else the message. */
export function firstError(response: LightMyRequestResponse): string {
  const failure = response.json() as ErrorBody;
  return Object.values(failure.errors ?? {}).flat()[0] ?? failure.message;
}
