import type { TStaffUserRow } from '@sanad/contracts/staff-users';
import { api, type Envelope } from '../../../lib/api-client';
import { saveItem } from '../../../lib/list-api';
import { getActiveDataSegmentId } from '../../../lib/session';

export type StaffKind = 'system' | 'team';

/** The list (and generic save) path of each kind of account (001 §7). */
export const STAFF_PATHS: Record<StaffKind, string> = { system: 'users/', team: 'users/team-member' };

/**
 * POST users/ or users/team-member/add for a new account (with the active dataSegmentId), PUT
 * users/{id} or users/team-member/{id} for an existing one, including status toggles.
 */
export function saveStaffUser(kind: StaffKind, item: Record<string, unknown> & { _id?: string | null }): Promise<Envelope<TStaffUserRow>> {
  if (kind === 'team' && !item._id) {
    const { _id: _unused, ...body } = item;
    return api.post<TStaffUserRow>('users/team-member/add', { ...body, dataSegmentId: getActiveDataSegmentId() ?? undefined });
  }
  return saveItem<TStaffUserRow>(STAFF_PATHS[kind], item);
}
