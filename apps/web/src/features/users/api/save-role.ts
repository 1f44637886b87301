import type { TRoleInput } from '@sanad/contracts/roles';
import { ROLE_ENDPOINTS } from '@sanad/contracts/roles.endpoints';
import { api } from '../../../lib/api';
import { getActiveDataSegmentId } from '../../../lib/session';

/** PUT access-control/roles/{id} for an existing role; POST access-control/roles in the active segment for a new one. */
export function saveRole({ _id: id, ...role }: TRoleInput & { _id?: string | null }) {
  if (id) return api(ROLE_ENDPOINTS.update, { params: { id }, body: role });
  return api(ROLE_ENDPOINTS.create, { body: { ...role, dataSegmentId: role.dataSegmentId ?? getActiveDataSegmentId() ?? undefined } });
}
