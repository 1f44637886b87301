import {
  EXTERNAL_CATEGORY,
  NOTIFICATION_DESCRIPTION_MAX,
  NOTIFICATION_TITLE_MAX,
  isSafeExternalUrl,
} from '@sanad/contracts/notification-rules';
import type { Permission } from '@sanad/contracts/permissions';
import type { Queryable } from '../../platform/db/database';
import { enqueueMessage } from '../../platform/messaging/outbox';
import { findActiveEmails, findPermissionHolderIds, findRoleHolderIds, insertNotifications } from './notification.repository';

/** Icon names the web app draws; anything else shows the default bell. */
export type NotificationIcon = 'info' | 'user' | 'shield' | 'link' | 'alert' | 'rocket' | 'megaphone';

export interface NotifyUsersInput {
  /** The segment the event belongs to; null for installation-wide events. */
  dataSegmentId: string | null;
  /** Exactly these users (any status: a pending user reads them once activated). */
  userIds?: readonly string[];
  /** Active users of `dataSegmentId` holding any of these permissions (needs dataSegmentId). */
  permission?: Permission | readonly Permission[];
  /** Active users holding this role. */
  roleId?: string;
  /** Left out of every audience, e.g. the user who caused the event. */
  exceptUserIds?: readonly string[];
  title: string;
  description: string;
  /** 'external' makes the description a link, which must be http(s); default 'general'. */
  category?: string;
  icon?: NotificationIcon;
  /** Also e-mail each active recipient this text (through the outbox, in the same transaction). */
  email?: { subject: string; text: string };
}

/**
 * How other modules tell users about an event: `notifyUsers` for any audience, and the ready-made
 * account and role events below, each called inside the transaction of the change it reports.
 */

/**
 * Creates notifications for an event, in the event's own transaction, so they exist exactly when
 * the change does. The audiences (userIds, permission, roleId) are combined and each recipient
 * gets one row. Returns how many were written.
 */
export async function notifyUsers(tx: Queryable, input: NotifyUsersInput): Promise<number> {
  const category = input.category ?? 'general';
  if (category === EXTERNAL_CATEGORY && !isSafeExternalUrl(input.description)) {
    throw new Error('an external notification needs an http(s) link as its description');
  }
  if (!input.userIds && !input.permission && !input.roleId) throw new Error('notifyUsers needs userIds, permission or roleId');
  const recipients = new Set(input.userIds ?? []);
  if (input.permission) {
    if (!input.dataSegmentId) throw new Error('notifying permission holders needs a dataSegmentId');
    const permissions = typeof input.permission === 'string' ? [input.permission] : input.permission;
    for (const id of await findPermissionHolderIds(tx, input.dataSegmentId, permissions)) recipients.add(id);
  }
  if (input.roleId) for (const id of await findRoleHolderIds(tx, input.roleId)) recipients.add(id);
  for (const id of input.exceptUserIds ?? []) recipients.delete(id);
  if (input.email)
    for (const address of await findActiveEmails(tx, [...recipients]))
      await enqueueMessage(tx, {
        dataSegmentId: input.dataSegmentId,
        channel: 'email',
        recipient: address,
        subject: input.email.subject,
        text: input.email.text,
      });
  return insertNotifications(tx, [...recipients], {
    dataSegmentId: input.dataSegmentId,
    title: input.title.trim().slice(0, NOTIFICATION_TITLE_MAX),
    description: input.description.trim().slice(0, NOTIFICATION_DESCRIPTION_MAX),
    category,
    icon: input.icon ?? 'info',
  });
}

/** After POST users/activate-account/:token: tells the inviter and the segment's user managers. */
export function notifyInvitationAccepted(
  tx: Queryable,
  event: { dataSegmentId: string; userId: string; userName: string; invitedBy: string | null },
): Promise<number> {
  return notifyUsers(tx, {
    dataSegmentId: event.dataSegmentId,
    userIds: event.invitedBy ? [event.invitedBy] : [],
    permission: 'manage-users',
    exceptUserIds: [event.userId],
    title: 'Invitation accepted',
    description: `${event.userName} accepted the invitation, set a password and can now sign in.`,
    icon: 'user',
  });
}

/** After a role's permissions change: tells everyone holding it that their access changed. */
export function notifyRolePermissionsChanged(
  tx: Queryable,
  event: { dataSegmentId: string; roleId: string; roleTitle: string; changedBy: string | null },
): Promise<number> {
  return notifyUsers(tx, {
    dataSegmentId: event.dataSegmentId,
    roleId: event.roleId,
    exceptUserIds: event.changedBy ? [event.changedBy] : [],
    title: 'Your role was updated',
    description: `The permissions of your role "${event.roleTitle}" were changed. Screens and actions follow the new permissions from your next step.`,
    icon: 'shield',
  });
}
