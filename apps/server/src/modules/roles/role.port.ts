import { DEFAULT_ROLES } from '@sanad/contracts/default-roles';
import { ALL_PERMISSIONS } from '@sanad/contracts/permissions';
import type { Actor } from '../../platform/auth/access';
import type { Queryable } from '../../platform/db/database';
import { insertRole } from './role.repository';

/**
 * What other modules may use of roles besides the role service: the privilege-escalation rules
 * and the default roles a new data segment starts with.
 */

/**
 * Privilege escalation guard shared by roles, users and team members: an actor hands out, and
 * manages holders of, only permissions they hold themselves, unless they hold every permission.
 */
export function holdsEveryPermission(actor: Actor): boolean {
  return ALL_PERMISSIONS.every((permission) => actor.permissions.has(permission));
}

/** The permissions of `permissions` the actor does not hold; none for an actor holding every one. */
export function permissionsBeyond(actor: Actor, permissions: readonly string[]): string[] {
  if (holdsEveryPermission(actor)) return [];
  return permissions.filter((permission) => !actor.permissions.has(permission));
}

/** Like permissionsBeyond, without the exemption: team members never get more than their inviter. */
export function permissionsBeyondStrict(actor: Actor, permissions: readonly string[]): string[] {
  return permissions.filter((permission) => !actor.permissions.has(permission));
}

/**
 * The default roles every new data segment starts with, in the caller's transaction (the segment's
 * creation). Returns each role's id by title.
 */
export async function createDefaultRoles(tx: Queryable, dataSegmentId: string): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const role of DEFAULT_ROLES) {
    ids.set(role.title, await insertRole(tx, { dataSegmentId, title: role.title, permissions: role.permissions, isSystem: true }));
  }
  return ids;
}
