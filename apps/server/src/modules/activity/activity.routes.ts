import type { FastifyInstance } from 'fastify';
import { ACTIVITY_ENDPOINTS } from '@sanad/contracts/activity.endpoints';
import { requireActor } from '../../platform/auth/authenticate';
import { sendCsv } from '../../platform/http/csv';
import { ok } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import { route } from '../../platform/http/route';
import type { ActivityService } from './activity.service';

export function registerActivityRoutes(app: FastifyInstance, { activity }: { activity: ActivityService }): void {
  route(app, ACTIVITY_ENDPOINTS.getDashboard, async (request) =>
    ok(await activity.getDashboard(requireActor(request), request.query, requestMeta(request))),
  );
  route(app, ACTIVITY_ENDPOINTS.exportDashboard, async (request, reply) =>
    sendCsv(reply, await activity.exportDashboard(requireActor(request), request.query, requestMeta(request))),
  );
}
