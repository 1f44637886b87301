import type { FastifyInstance } from 'fastify';
import { APPLICATION_ACCESS_MESSAGES } from '@sanad/contracts/developers';
import { APPLICATION_ACCESS_ENDPOINTS } from '@sanad/contracts/developers.endpoints';
import { requireActor } from '../../platform/auth/authenticate';
import { ok, okList } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import { route } from '../../platform/http/route';
import type { ApplicationAccessService } from './application-access.service';

const CHANGE_MESSAGES = { archived: APPLICATION_ACCESS_MESSAGES.archived, activated: APPLICATION_ACCESS_MESSAGES.activated } as const;

export function registerApplicationAccessRoutes(app: FastifyInstance, access: ApplicationAccessService): void {
  route(app, APPLICATION_ACCESS_ENDPOINTS.list, async (request) =>
    okList(await access.list(requireActor(request), request.query), request.query),
  );
  route(app, APPLICATION_ACCESS_ENDPOINTS.create, async (request) =>
    ok(await access.create(requireActor(request), request.body, requestMeta(request)), APPLICATION_ACCESS_MESSAGES.created),
  );
  route(app, APPLICATION_ACCESS_ENDPOINTS.update, async (request) => {
    const { row, change } = await access.update(requireActor(request), request.params.id, request.body, requestMeta(request));
    return ok(row, change ? CHANGE_MESSAGES[change] : APPLICATION_ACCESS_MESSAGES.updated);
  });
  route(app, APPLICATION_ACCESS_ENDPOINTS.rotate, async (request) =>
    ok(
      await access.rotate(requireActor(request), request.params.id, request.body.overlapHours, requestMeta(request)),
      APPLICATION_ACCESS_MESSAGES.rotated,
    ),
  );
}
