import type { TRoleRow } from '@sanad/contracts/roles';
import type { StaffKind } from './api/save-staff-user';

export interface RoleFilterOption {
  value: string;
  label: string;
}

/** The choice that leaves the role out of the list query. */
export const ALL_ROLES: RoleFilterOption = { value: '', label: 'All roles' };

/**
 * The roles a users list may be narrowed to. A system user may hold a role of any segment they
 * belong to, so every role the viewer sees is offered; team members live in the active segment,
 * so only its roles are. Titles repeat across segments (each has an Administrator), so the
 * company names them apart when the choices span more than one segment.
 */
export function roleFilterOptions(roles: readonly TRoleRow[], kind: StaffKind, activeSegmentId: string | null): RoleFilterOption[] {
  const offered = kind === 'team' ? roles.filter((role) => role.dataSegmentId === activeSegmentId) : roles;
  const spansSegments = new Set(offered.map((role) => role.dataSegmentId)).size > 1;
  return [
    ALL_ROLES,
    ...offered.map((role) => ({ value: role._id, label: spansSegments ? `${role.title} (${role.companyName})` : role.title })),
  ];
}
