import {
  EXTERNAL_CATEGORY,
  NOTIFICATION_DESCRIPTION_MAX,
  NOTIFICATION_TITLE_MAX,
  isSafeExternalUrl,
} from '@sanad/contracts/notification-rules';
import type { Permission } from '@sanad/contracts/permissions';
import type { Queryable } from '../../platform/db/database';
import { findPermissionHolderIds, findRoleHolderIds, insertNotifications } from './notification.repository';

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
}

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
  return insertNotifications(tx, [...recipients], {
    dataSegmentId: input.dataSegmentId,
    title: input.title.trim().slice(0, NOTIFICATION_TITLE_MAX),
    description: input.description.trim().slice(0, NOTIFICATION_DESCRIPTION_MAX),
    category,
    icon: input.icon ?? 'info',
  });
}
