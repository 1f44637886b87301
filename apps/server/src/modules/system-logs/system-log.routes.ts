import type { FastifyInstance } from 'fastify';
import { LOG_EXPORT_MESSAGES } from '@sanad/contracts/system-logs';
import { SYSTEM_LOG_ENDPOINTS } from '@sanad/contracts/system-logs.endpoints';
import { requireActor } from '../../platform/auth/authenticate';
import { ok, okList, okMessage } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import { route } from '../../platform/http/route';
import type { SystemLogService } from './system-log.service';

/** The audit trail as the system logs screen reads it, its chart, and CSV exports as jobs. */
export function registerSystemLogRoutes(app: FastifyInstance, { logs }: { logs: SystemLogService }): void {
  route(app, SYSTEM_LOG_ENDPOINTS.list, async (request) =>
    okList(await logs.listLogs(requireActor(request), request.query, requestMeta(request)), request.query),
  );
  route(app, SYSTEM_LOG_ENDPOINTS.getChart, async (request) =>
    ok(await logs.getChart(requireActor(request), request.query, requestMeta(request))),
  );
  route(app, SYSTEM_LOG_ENDPOINTS.startExport, async (request) =>
    ok(await logs.startExport(requireActor(request), request.body, requestMeta(request)), LOG_EXPORT_MESSAGES.started),
  );
  route(app, SYSTEM_LOG_ENDPOINTS.cancelExport, async (request) => {
    await logs.cancelExport(requireActor(request), request.body, requestMeta(request));
    return okMessage(LOG_EXPORT_MESSAGES.cancelled);
  });
  route(app, SYSTEM_LOG_ENDPOINTS.listExports, async (request) => ok(await logs.listExports(requireActor(request))));
}
