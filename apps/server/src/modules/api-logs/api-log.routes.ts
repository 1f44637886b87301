import type { FastifyInstance } from 'fastify';
import { API_LOG_ENDPOINTS } from '@sanad/contracts/api-logs.endpoints';
import { LOG_EXPORT_MESSAGES } from '@sanad/contracts/system-logs';
import { requireActor } from '../../platform/auth/authenticate';
import { ok, okList, okMessage } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import { route } from '../../platform/http/route';
import type { ApiLogService } from './api-log.service';

/** The API logs screen: the list, and CSV exports as jobs with the same messages as system logs. */
export function registerApiLogRoutes(app: FastifyInstance, { logs }: { logs: ApiLogService }): void {
  route(app, API_LOG_ENDPOINTS.list, async (request) =>
    okList(await logs.listLogs(requireActor(request), request.query, requestMeta(request)), request.query),
  );
  route(app, API_LOG_ENDPOINTS.startExport, async (request) =>
    ok(await logs.startExport(requireActor(request), request.body, requestMeta(request)), LOG_EXPORT_MESSAGES.started),
  );
  route(app, API_LOG_ENDPOINTS.cancelExport, async (request) => {
    await logs.cancelExport(requireActor(request), request.body, requestMeta(request));
    return okMessage(LOG_EXPORT_MESSAGES.cancelled);
  });
  route(app, API_LOG_ENDPOINTS.listExports, async (request) => ok(await logs.listExports(requireActor(request))));
}
