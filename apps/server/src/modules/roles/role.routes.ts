import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listEnvelope, successEnvelope } from '@sanad/contracts/http';
import { ROLE_MESSAGES, ZRoleInput, ZRoleListQuery, ZRoleRow } from '@sanad/contracts/role-admin';
import { requireAny } from '../../platform/auth/access';
import { requireActor } from '../../platform/auth/authenticate';
import { ok, okList } from '../../platform/http/envelope';
import { ZLooseIdParams } from '../../platform/http/id-params';
import { requestMeta } from '../../platform/http/request-meta';
import type { RoleService } from './role.service';

/** Roles (001 §7 POST/PUT/GET access-control/roles). */
export function roleRoutes(roles: RoleService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/access-control/roles',
      {
        // Those who assign roles to users and team members need the list for their role dropdown.
        config: { access: requireAny('view-roles', 'manage-roles', 'manage-users', 'manage-team-members') },
        schema: {
          tags: ['roles'],
          summary: 'List roles with their permissions and holders',
          querystring: ZRoleListQuery,
          response: { 200: listEnvelope(ZRoleRow) },
        },
      },
      async (request) => okList(await roles.list(requireActor(request), request.query), request.query),
    );

    app.post(
      '/access-control/roles',
      {
        config: { access: requireAny('manage-roles') },
        schema: {
          tags: ['roles'],
          summary: 'Create a role in the active data segment',
          body: ZRoleInput,
          response: { 200: successEnvelope(ZRoleRow) },
        },
      },
      async (request) => ok(await roles.create(requireActor(request), request.body, requestMeta(request)), ROLE_MESSAGES.created),
    );

    app.put(
      '/access-control/roles/:id',
      {
        config: { access: requireAny('manage-roles') },
        schema: {
          tags: ['roles'],
          summary: 'Edit a role; the change applies to the next request of every holder',
          params: ZLooseIdParams,
          body: ZRoleInput,
          response: { 200: successEnvelope(ZRoleRow) },
        },
      },
      async (request) => {
        const { row, change } = await roles.update(requireActor(request), request.params.id, request.body, requestMeta(request));
        const message =
          change === 'archived' ? ROLE_MESSAGES.archived : change === 'activated' ? ROLE_MESSAGES.activated : ROLE_MESSAGES.updated;
        return ok(row, message);
      },
    );
  };
}
