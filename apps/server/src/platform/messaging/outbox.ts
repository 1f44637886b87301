import type { Queryable } from '../db/database';
import { queryOne } from '../db/database';
import type { Transports } from './transports';

export interface OutgoingMessage {
  dataSegmentId: string | null;
  channel: 'email' | 'sms';
  recipient: string;
  subject?: string;
  text: string;
  html?: string;
  /** Holds a code or a link: the body is blanked once delivered. */
  isSensitive?: boolean;
}

/**
 * Writes a message in the caller's transaction, so it exists exactly when the business change
 * that caused it commits. Delivery happens later, in the outbox job.
 */
export async function enqueueMessage(tx: Queryable, message: OutgoingMessage): Promise<string> {
  const row = await queryOne<{ id: string }>(
    tx,
    `insert into outbox (data_segment_id, channel, recipient, subject, body_text, body_html, is_sensitive)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [
      message.dataSegmentId,
      message.channel,
      message.recipient,
      message.subject ?? '',
      message.text,
      message.html ?? null,
      message.isSensitive ?? false,
    ],
  );
  if (!row) throw new Error('outbox insert returned nothing');
  return row.id;
}

interface LeasedMessage {
  id: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  is_sensitive: boolean;
  attempts: number;
}

/** Minutes to wait after the nth failed attempt; after the last, the message is marked failed. */
export const RETRY_MINUTES = [1, 5, 15, 60, 180, 360, 720, 1440] as const;

export interface DeliveryReport {
  sent: number;
  failed: number;
  retrying: number;
}

/**
 * Delivers due messages. Each batch is leased by pushing its next attempt into the future inside
 * one statement (skip locked), so parallel workers never send the same message and a crash only
 * delays it. Delivery is at least once: a crash between sending and recording may repeat a message.
 */
export async function deliverDueMessages(db: Queryable, transports: Transports, batchSize = 20): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, failed: 0, retrying: 0 };
  const channels = [transports.email ? 'email' : null, transports.sms ? 'sms' : null].filter(Boolean);
  if (channels.length === 0) return report;
  for (;;) {
    const leased = await db.query<LeasedMessage>(
      `update outbox set attempts = attempts + 1, next_attempt_at = now() + interval '10 minutes'
        where id in (select id from outbox
                      where status = 'pending' and next_attempt_at <= now() and channel = any($1::text[])
                      order by next_attempt_at limit $2 for update skip locked)
        returning id, channel, recipient, subject, body_text, body_html, is_sensitive, attempts`,
      [channels, batchSize],
    );
    if (leased.rows.length === 0) return report;
    for (const message of leased.rows) {
      try {
        if (message.channel === 'email' && transports.email) {
          await transports.email.sendEmail({
            to: message.recipient,
            subject: message.subject,
            text: message.body_text,
            html: message.body_html,
          });
        } else if (message.channel === 'sms' && transports.sms) {
          await transports.sms.sendSms(message.recipient, message.body_text);
        }
        await db.query(
          `update outbox set status = 'sent', sent_at = now(), last_error = null,
                  body_text = case when is_sensitive then '[delivered]' else body_text end,
                  body_html = case when is_sensitive then null else body_html end
            where id = $1`,
          [message.id],
        );
        report.sent += 1;
      } catch (error) {
        const delay = RETRY_MINUTES[message.attempts - 1];
        const reason = error instanceof Error ? error.message.slice(0, 500) : 'unknown error';
        if (delay === undefined) {
          await db.query(`update outbox set status = 'failed', last_error = $2 where id = $1`, [message.id, reason]);
          report.failed += 1;
        } else {
          await db.query(`update outbox set last_error = $2, next_attempt_at = now() + make_interval(mins => $3) where id = $1`, [
            message.id,
            reason,
            delay,
          ]);
          report.retrying += 1;
        }
      }
    }
  }
}
