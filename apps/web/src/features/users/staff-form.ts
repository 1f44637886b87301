import type { TRoleRow } from '@sanad/contracts/roles';
import type { z } from 'zod';
import type { TStaffUserRow, ZSystemUserInput } from '@sanad/contracts/users';
import type { StaffKind } from './api/save-staff-user';

export interface StaffFormValues {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  phoneNumber: string;
  companyName: string;
  ref: string;
  roleId: string;
  dataSegmentIds: string[];
  /** The user sees every data segment (saved as an empty list); only for operators. */
  allSegments: boolean;
  kyb: boolean;
  userGuide: boolean;
  accountType: 'full' | 'lite';
}

export function emptyStaffForm(activeSegmentId: string | null): StaffFormValues {
  return {
    firstName: '',
    lastName: '',
    email: '',
    username: '',
    phoneNumber: '',
    companyName: '',
    ref: '',
    roleId: '',
    dataSegmentIds: activeSegmentId ? [activeSegmentId] : [],
    allSegments: false,
    kyb: false,
    userGuide: false,
    accountType: 'full',
  };
}

export function staffFormFrom(row: TStaffUserRow): StaffFormValues {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    username: row.username,
    phoneNumber: row.phoneNumber ?? '',
    companyName: row.companyName,
    ref: row.ref,
    roleId: row.roleId ?? '',
    dataSegmentIds: row.dataSegmentIds,
    allSegments: row.dataSegmentIds.length === 0,
    kyb: row.kyb,
    userGuide: row.userGuide,
    accountType: row.accountType,
  };
}

/** What a user form sends: the contract's input, and the id of the row it edits. */
export type StaffPayload = z.input<typeof ZSystemUserInput> & { _id?: string };

/**
 * The body the API takes. A team member's segment is always the active one, so none is sent; an
 * edit keeps the row's id and status so that it never archives or activates by accident.
 */
export function staffPayload(kind: StaffKind, values: StaffFormValues, row: TStaffUserRow | null): StaffPayload {
  const body: StaffPayload = {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    phoneNumber: values.phoneNumber,
    roleId: values.roleId,
    kyb: values.kyb,
    userGuide: values.userGuide,
    accountType: values.accountType,
    ...(values.username ? { username: values.username } : {}),
  };
  if (kind === 'system') {
    body.companyName = values.companyName;
    body.ref = values.ref;
    body.dataSegmentIds = values.allSegments ? [] : values.dataSegmentIds;
  }
  return row ? { ...body, _id: row._id, status: row.status } : body;
}

/**
 * The roles a form may offer: active roles of the chosen segments (any segment when the user sees
 * all of them); a team member gets roles of the active segment.
 */
export function rolesFor(roles: readonly TRoleRow[], kind: StaffKind, values: StaffFormValues, activeSegmentId: string | null): TRoleRow[] {
  if (kind === 'team') return roles.filter((role) => role.dataSegmentId === activeSegmentId);
  if (values.allSegments) return [...roles];
  return roles.filter((role) => values.dataSegmentIds.includes(role.dataSegmentId));
}
