import { endpoint, requireAny } from './endpoint';
import { listEnvelope, successEnvelope, ZLooseIdParams } from './http';
import { ZRoleInput, ZRoleListQuery, ZRoleRow } from './roles';

const tag = 'roles';

export const ROLE_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: 'access-control/roles',
    tag,
    summary: 'List roles with their permissions and holders',
    // Those who assign roles to users and team members need the list for their role dropdown.
    access: requireAny('view-roles', 'manage-roles', 'manage-users', 'manage-team-members'),
    query: ZRoleListQuery,
    response: listEnvelope(ZRoleRow),
  }),
  create: endpoint({
    method: 'POST',
    path: 'access-control/roles',
    tag,
    summary: 'Create a role in the active data segment',
    access: requireAny('manage-roles'),
    body: ZRoleInput,
    response: successEnvelope(ZRoleRow),
  }),
  update: endpoint({
    method: 'PUT',
    path: 'access-control/roles/:id',
    tag,
    summary: 'Edit, archive or activate a role; the change applies to the next request of every holder',
    access: requireAny('manage-roles'),
    params: ZLooseIdParams,
    body: ZRoleInput,
    response: successEnvelope(ZRoleRow),
  }),
};
