import type { TRoleRow } from '@sanad/contracts/role-admin';
import type { Envelope } from '../../../lib/api-client';
import { saveItem } from '../../../lib/list-api';

export const ROLES_PATH = 'access-control/roles';

/** POST access-control/roles (in the active segment) or PUT access-control/roles/{id}. */
export function saveRole(item: {
  _id?: string | null;
  title: string;
  permissions: string[];
  status?: string;
}): Promise<Envelope<TRoleRow>> {
  return saveItem<TRoleRow>(ROLES_PATH, item);
}
