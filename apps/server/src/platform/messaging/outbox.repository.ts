import type { Queryable } from '../db/database';
import { queryOne } from '../db/database';

export interface OutboxInsert {
  dataSegmentId: string | null;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  text: string;
  html: string | null;
  isSensitive: boolean;
}

export async function insertOutboxMessage(tx: Queryable, message: OutboxInsert): Promise<string> {
  const row = await queryOne<{ id: string }>(
    tx,
    `insert into outbox (data_segment_id, channel, recipient, subject, body_text, body_html, is_sensitive)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [message.dataSegmentId, message.channel, message.recipient, message.subject, message.text, message.html, message.isSensitive],
  );
  if (!row) throw new Error('outbox insert returned nothing');
  return row.id;
}

export interface LeasedMessage {
  id: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  is_sensitive: boolean;
  attempts: number;
}

/**
 * Leases up to `limit` due messages of the given channels by pushing their next attempt ten minutes
 * into the future in one statement (skip locked): parallel workers never take the same message, and
 * a worker that dies only delays it.
 */
export async function leaseDueMessages(db: Queryable, channels: readonly string[], limit: number): Promise<LeasedMessage[]> {
  const leased = await db.query<LeasedMessage>(
    `update outbox set attempts = attempts + 1, next_attempt_at = now() + interval '10 minutes'
      where id in (select id from outbox
                    where status = 'pending' and next_attempt_at <= now() and channel = any($1::text[])
                    order by next_attempt_at limit $2 for update skip locked)
      returning id, channel, recipient, subject, body_text, body_html, is_sensitive, attempts`,
    [channels, limit],
  );
  return leased.rows;
}

/** Sent: a message holding a code or a link keeps no body once delivered. */
export async function markMessageSent(db: Queryable, id: string): Promise<void> {
  await db.query(
    `update outbox set status = 'sent', sent_at = now(), last_error = null,
            body_text = case when is_sensitive then '[delivered]' else body_text end,
            body_html = case when is_sensitive then null else body_html end
      where id = $1`,
    [id],
  );
}

export async function markMessageFailed(db: Queryable, id: string, reason: string): Promise<void> {
  await db.query(`update outbox set status = 'failed', last_error = $2 where id = $1`, [id, reason]);
}

export async function scheduleMessageRetry(db: Queryable, id: string, reason: string, delayMinutes: number): Promise<void> {
  await db.query(`update outbox set last_error = $2, next_attempt_at = now() + make_interval(mins => $3) where id = $1`, [
    id,
    reason,
    delayMinutes,
  ]);
}
