import type { FastifyInstance } from 'fastify';
import { ROLE_ENDPOINTS } from '@sanad/contracts/roles.endpoints';
import { ROLE_MESSAGES } from '@sanad/contracts/roles';
import { requireActor } from '../../platform/auth/authenticate';
import { ok, okList } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import { route } from '../../platform/http/route';
import type { RoleService } from './role.service';

const CHANGE_MESSAGES = { archived: ROLE_MESSAGES.archived, activated: ROLE_MESSAGES.activated } as const;

export function registerRoleRoutes(app: FastifyInstance, roles: RoleService): void {
  route(app, ROLE_ENDPOINTS.list, async (request) => okList(await roles.list(requireActor(request), request.query), request.query));

  route(app, ROLE_ENDPOINTS.create, async (request) =>
    ok(await roles.create(requireActor(request), request.body, requestMeta(request)), ROLE_MESSAGES.created),
  );

  route(app, ROLE_ENDPOINTS.update, async (request) => {
    const { row, change } = await roles.update(requireActor(request), request.params.id, request.body, requestMeta(request));
    return ok(row, change ? CHANGE_MESSAGES[change] : ROLE_MESSAGES.updated);
  });
}
