import { ALL_PERMISSIONS, PERMISSION_GROUPS, type PermissionGroup } from '@sanad/contracts/permissions';

export type GroupState = 'all' | 'some' | 'none';

export const GROUP_NAMES = Object.keys(PERMISSION_GROUPS) as PermissionGroup[];

/** How much of a group is chosen: drives the group's select-all box (checked, indeterminate, clear). */
export function groupState(group: PermissionGroup, chosen: ReadonlySet<string>): GroupState {
  const members = PERMISSION_GROUPS[group];
  const count = members.filter((permission) => chosen.has(permission)).length;
  return count === 0 ? 'none' : count === members.length ? 'all' : 'some';
}

/**
 * Select-all of a group: chooses every member the editor may grant, or, when all grantable
 * members are already chosen, clears them. Members the editor may not grant keep their state.
 */
export function toggleGroup(group: PermissionGroup, chosen: ReadonlySet<string>, canGrant: (permission: string) => boolean): Set<string> {
  const grantable = PERMISSION_GROUPS[group].filter(canGrant);
  const next = new Set(chosen);
  const isComplete = grantable.every((permission) => chosen.has(permission));
  for (const permission of grantable) {
    if (isComplete) next.delete(permission);
    else next.add(permission);
  }
  return next;
}

export function togglePermission(permission: string, chosen: ReadonlySet<string>): Set<string> {
  const next = new Set(chosen);
  if (next.has(permission)) next.delete(permission);
  else next.add(permission);
  return next;
}

/**
 * What the editor may grant: everything when they hold every permission, else what they hold
 * (the server refuses the rest: no privilege escalation).
 */
export function grantableBy(scopes: readonly string[]): (permission: string) => boolean {
  const held = new Set(scopes);
  const holdsAll = ALL_PERMISSIONS.every((permission) => held.has(permission));
  return (permission) => holdsAll || held.has(permission);
}

/** Chosen permissions in catalogue order, as the role is saved. */
export function orderedPermissions(chosen: ReadonlySet<string>): string[] {
  return ALL_PERMISSIONS.filter((permission) => chosen.has(permission));
}
