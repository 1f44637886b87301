import { z } from 'zod';
import { ZListQuery } from './http';

/**
 * The built-in mailbox: without a mail server (embedded database, no SMTP_URL) the e-mails and
 * text messages the app writes to its outbox are read here instead of being lost.
 */
export const MAILBOX_MESSAGES = {
  listed: 'Messages fetched successfully',
  fetched: 'Message fetched successfully',
  status: 'Mailbox status fetched successfully',
  /** The body of a code or link meant for someone else, shown in its place. */
  withheld: 'This message holds a one-time code or a password link meant only for its recipient, so only they can read it here.',
  /** Added to a toast that says an e-mail was sent, while the mailbox stands in for a mail server. */
  toastHint: 'No mail server is set up, so the e-mail waits in the built-in Mailbox (open it from your profile menu).',
} as const;

/** Whether the built-in mailbox is on: it is exactly when the server has no mail server to send through. */
export const ZMailboxStatus = z.object({ enabled: z.boolean() });
export type TMailboxStatus = z.infer<typeof ZMailboxStatus>;

export const ZMailboxMessageRow = z.object({
  _id: z.string(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string(),
  createdAt: z.string(),
  /** Addressed to the reader's own e-mail address or phone number. */
  isOwn: z.boolean(),
  /** A code or link meant for someone else: listed, its body not shown. */
  isWithheld: z.boolean(),
});
export type TMailboxMessageRow = z.infer<typeof ZMailboxMessageRow>;

export const ZMailboxMessage = ZMailboxMessageRow.extend({
  /** The plain-text body; null when withheld. Links in it are shown as links, nothing as HTML. */
  text: z.string().nullable(),
});
export type TMailboxMessage = z.infer<typeof ZMailboxMessage>;

export const MAILBOX_SORTABLE = ['createdAt', 'recipient', 'subject'] as const;

export const ZMailboxListQuery = ZListQuery.extend({ sortBy: z.enum(MAILBOX_SORTABLE).optional() });
export type TMailboxListQuery = z.infer<typeof ZMailboxListQuery>;
