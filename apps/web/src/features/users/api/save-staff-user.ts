import type { z } from 'zod';
import type { ZSystemUserInput, ZTeamMemberInput } from '@sanad/contracts/users';
import { TEAM_MEMBER_ENDPOINTS, USER_ENDPOINTS } from '@sanad/contracts/users.endpoints';
import { api } from '../../../lib/api';
import { getActiveDataSegmentId } from '../../../lib/session';

export type StaffKind = 'system' | 'team';

/** The list endpoint of each kind of account. */
export const STAFF_LISTS = { system: USER_ENDPOINTS.list, team: TEAM_MEMBER_ENDPOINTS.list } as const;

type StaffInput = (z.input<typeof ZSystemUserInput> | z.input<typeof ZTeamMemberInput>) & { _id?: string | null };

/**
 * POST users/ or users/team-member/add for a new account (in the active segment), PUT users/{id}
 * or users/team-member/{id} for an existing one, including status changes.
 */
export function saveStaffUser(kind: StaffKind, { _id: id, ...input }: StaffInput) {
  if (kind === 'team') {
    if (id) return api(TEAM_MEMBER_ENDPOINTS.update, { params: { id }, body: input });
    return api(TEAM_MEMBER_ENDPOINTS.add, { body: { ...input, dataSegmentId: getActiveDataSegmentId() ?? undefined } });
  }
  if (id) return api(USER_ENDPOINTS.update, { params: { id }, body: input });
  return api(USER_ENDPOINTS.create, { body: { ...input, dataSegmentId: input.dataSegmentId ?? getActiveDataSegmentId() ?? undefined } });
}
