import type { TMailboxListQuery, TMailboxMessage, TMailboxMessageRow } from '@sanad/contracts/mailbox';
import type { Database } from '../../platform/db/database';
import type { Actor } from '../../platform/auth/access';
import { AppError } from '../../platform/http/app-error';
import type { Page } from '../../platform/http/envelope';
import { getMailboxMessage, listMailboxMessages, type MailboxReach, type MailboxRecord } from './mailbox.repository';

/** Who reads the messages of others (invitations above all): those who invite system users. */
export const MAILBOX_ADMIN_PERMISSION = 'manage-users';

export interface MailboxService {
  readonly isOn: boolean;
  list(actor: Actor, query: TMailboxListQuery): Promise<Page<TMailboxMessageRow>>;
  get(actor: Actor, id: string): Promise<TMailboxMessage>;
}

function reachOf(actor: Actor): MailboxReach {
  const ownAddresses = [actor.email, actor.account.phoneNumber]
    .filter((value): value is string => Boolean(value))
    .map((value) => value.toLowerCase());
  return { ownAddresses, segments: actor.permissions.has(MAILBOX_ADMIN_PERMISSION) ? actor.segments : null };
}

/**
 * Whether the reader may see a message's body. Their own messages, always. Someone else's: when it
 * holds no secret; a code or link only when it is an e-mail to an account that has not set a
 * password yet (an invitation or sign-up link) and the reader holds every permission of that
 * account's role, so the link lifts nobody above their own permissions. One-time codes go only to
 * active accounts, so a code is never shown to anyone but its recipient.
 */
function isBodyShown(actor: Actor, record: MailboxRecord, isOwn: boolean): boolean {
  if (isOwn || !record.isSensitive) return true;
  if (record.channel !== 'email' || record.recipientStatus !== 'pending') return false;
  return record.recipientPermissions.every((permission) => actor.permissions.has(permission));
}

function toRow(actor: Actor, reach: MailboxReach, record: MailboxRecord): TMailboxMessageRow {
  const isOwn = reach.ownAddresses.includes(record.recipient.toLowerCase());
  return {
    _id: record._id,
    channel: record.channel,
    recipient: record.recipient,
    subject: record.subject,
    createdAt: record.createdAt,
    isOwn,
    isWithheld: !isBodyShown(actor, record, isOwn),
  };
}

/**
 * The built-in mailbox. It is on only where no mail server is configured; otherwise its list and
 * message answer 404 as if it did not exist. Reading never changes a message.
 */
export function createMailboxService(deps: { db: Database; isOn: boolean }): MailboxService {
  const { db, isOn } = deps;
  const assertOn = () => {
    if (!isOn) throw AppError.notFound();
  };
  return {
    isOn,

    async list(actor, query) {
      assertOn();
      const reach = reachOf(actor);
      const page = await listMailboxMessages(db, reach, query);
      return { rows: page.rows.map((record) => toRow(actor, reach, record)), total: page.total };
    },

    async get(actor, id) {
      assertOn();
      const reach = reachOf(actor);
      const record = await getMailboxMessage(db, reach, id);
      if (!record) throw AppError.notFound();
      const row = toRow(actor, reach, record);
      return { ...row, text: row.isWithheld ? null : record.bodyText };
    },
  };
}
