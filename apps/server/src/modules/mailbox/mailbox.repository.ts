import { sql } from 'kysely';
import type { TMailboxListQuery } from '@sanad/contracts/mailbox';
import type { Queryable } from '../../platform/db/database';
import { inSegments, keywordLike, pageOf, sortOf, totalRows } from '../../platform/db/list-sql';
import { sqlOf } from '../../platform/db/query-builder';
import type { Page } from '../../platform/http/envelope';
import { isUuid } from '../../platform/http/id-params';
import type { TenantScope } from '../../platform/tenancy/scope';

/** Which outbox messages a reader may list: their own, and (administrators) those of their segments. */
export interface MailboxReach {
  /** The reader's e-mail address and phone number, lower-cased. */
  ownAddresses: readonly string[];
  /** The segments whose messages the reader administers; null for a reader who reads only their own. */
  segments: TenantScope | null;
}

/** An outbox message with what decides whether its body may be shown: its recipient's account. */
export interface MailboxRecord {
  _id: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  createdAt: string;
  isSensitive: boolean;
  /** The status of the account the message is addressed to; null when no account has that address. */
  recipientStatus: 'active' | 'pending' | 'archived' | null;
  /** The permissions of that account's role. */
  recipientPermissions: string[];
}

const recipientPermissions = sql<
  string[]
>`coalesce((select array_agg(rp.permission) from role_permissions rp where rp.role_id = u.role_id), '{}')`;

function selectMessages(db: Queryable, reach: MailboxReach) {
  const own = [...reach.ownAddresses];
  return sqlOf(db)
    .selectFrom('outbox as o')
    .leftJoin('users as u', (join) => join.on(sql<boolean>`lower(u.email) = lower(o.recipient)`))
    .select([
      'o.id as _id',
      'o.channel',
      'o.recipient',
      'o.subject',
      'o.createdAt',
      'o.isSensitive',
      'u.status as recipientStatus',
      recipientPermissions.as('recipientPermissions'),
    ])
    .where((eb) =>
      eb.or([
        sql<boolean>`lower(o.recipient) = any(${own}::text[])`,
        // A message tied to no segment belongs to whoever sees every segment.
        ...(reach.segments ? [inSegments('o.dataSegmentId', reach.segments)] : []),
      ]),
    );
}

const MAILBOX_SORT = {
  createdAt: sql`o.created_at`,
  recipient: sql`lower(o.recipient)`,
  subject: sql`lower(o.subject)`,
};

export async function listMailboxMessages(db: Queryable, reach: MailboxReach, query: TMailboxListQuery): Promise<Page<MailboxRecord>> {
  const sort = sortOf(query, MAILBOX_SORT, { expression: MAILBOX_SORT.createdAt, direction: 'desc' });
  const { limit, offset } = pageOf(query);
  const keyword = query.keyword ? keywordLike(query.keyword) : null;
  const rows = await selectMessages(db, reach)
    .select(totalRows())
    .$if(keyword !== null, (qb) =>
      qb.where((eb) => eb.or([eb('o.recipient', 'ilike', keyword ?? ''), eb('o.subject', 'ilike', keyword ?? '')])),
    )
    .orderBy(sql`${sort.expression} ${sql.raw(sort.direction)}`)
    .orderBy('o.id', sort.direction)
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}

/** One message within the reader's reach, with its text, or null. */
export async function getMailboxMessage(
  db: Queryable,
  reach: MailboxReach,
  id: string,
): Promise<(MailboxRecord & { bodyText: string }) | null> {
  if (!isUuid(id)) return null;
  const row = await selectMessages(db, reach).select('o.bodyText').where('o.id', '=', id).executeTakeFirst();
  return row ?? null;
}
