import type { Queryable } from '../../platform/db/database';
import { notifyUsers } from './notify-users';

/**
 * The notifications of account and role events, ready for the services that own those flows to
 * call inside their transaction (one line each), so the wording stays in one place.
 */

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
