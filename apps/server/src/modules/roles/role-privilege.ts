import { ALL_PERMISSIONS } from '@sanad/contracts/permissions';
import type { Actor } from '../../platform/auth/access';

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
