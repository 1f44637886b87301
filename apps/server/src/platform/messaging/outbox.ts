import type { Queryable } from '../db/database';
import { insertOutboxMessage, leaseDueMessages, markMessageFailed, markMessageSent, scheduleMessageRetry } from './outbox.repository';
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
  return insertOutboxMessage(tx, {
    dataSegmentId: message.dataSegmentId,
    channel: message.channel,
    recipient: message.recipient,
    subject: message.subject ?? '',
    text: message.text,
    html: message.html ?? null,
    isSensitive: message.isSensitive ?? false,
  });
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
  const channels = [transports.email ? 'email' : null, transports.sms ? 'sms' : null].filter((channel) => channel !== null);
  if (channels.length === 0) return report;
  for (;;) {
    const leased = await leaseDueMessages(db, channels, batchSize);
    if (leased.length === 0) return report;
    for (const message of leased) {
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
        await markMessageSent(db, message.id);
        report.sent += 1;
      } catch (error) {
        const delay = RETRY_MINUTES[message.attempts - 1];
        const reason = error instanceof Error ? error.message.slice(0, 500) : 'unknown error';
        if (delay === undefined) {
          await markMessageFailed(db, message.id, reason);
          report.failed += 1;
        } else {
          await scheduleMessageRetry(db, message.id, reason, delay);
          report.retrying += 1;
        }
      }
    }
  }
}
