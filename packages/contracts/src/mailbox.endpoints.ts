import { SIGNED_IN, endpoint } from './endpoint';
import { ZLooseIdParams, listEnvelope, successEnvelope } from './http';
import { ZMailboxListQuery, ZMailboxMessage, ZMailboxMessageRow, ZMailboxStatus } from './mailbox';

const tag = 'mailbox';

/**
 * Every signed-in user reads the messages addressed to them; holders of manage-users also read
 * those of the data segments they may see, except codes and password links meant for someone else.
 * With a mail server configured the list and the message answer 404.
 */
export const MAILBOX_ENDPOINTS = {
  status: endpoint({
    method: 'GET',
    path: 'mailbox/status',
    tag,
    summary: 'Whether the built-in mailbox is on (no mail server: embedded database without SMTP_URL)',
    access: SIGNED_IN,
    response: successEnvelope(ZMailboxStatus),
  }),
  list: endpoint({
    method: 'GET',
    path: 'mailbox/messages',
    tag,
    summary: 'Messages waiting in the outbox that the caller may read, newest first',
    access: SIGNED_IN,
    query: ZMailboxListQuery,
    response: listEnvelope(ZMailboxMessageRow),
  }),
  get: endpoint({
    method: 'GET',
    path: 'mailbox/messages/:id',
    tag,
    summary: 'One message of the outbox with its text (withheld when it is a code or link meant for someone else)',
    access: SIGNED_IN,
    params: ZLooseIdParams,
    response: successEnvelope(ZMailboxMessage),
  }),
};
