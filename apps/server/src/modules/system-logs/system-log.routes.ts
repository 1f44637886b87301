import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZMessageEnvelope, listEnvelope, successEnvelope } from '@sanad/contracts/http';
import {
  LOG_EXPORT_MESSAGES,
  ZCancelLogExport,
  ZLogExport,
  ZStartLogExport,
  ZSystemLog,
  ZSystemLogChart,
  ZSystemLogFilters,
  ZSystemLogQuery,
} from '@sanad/contracts/system-logs';
import { z } from 'zod';
import { requireAny } from '@sanad/contracts/endpoint';
import { requireActor } from '../../platform/auth/authenticate';
import { ok, okList, okMessage } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import type { SystemLogService } from './system-log.service';

const ACCESS = { access: requireAny('system-logs') };

/** System logs (001 §2 /system-logs, §7 POST system-logs/export and system-logs/cancel-export). */
export function systemLogRoutes(logs: SystemLogService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/system-logs',
      {
        config: ACCESS,
        schema: {
          tags: ['system-logs'],
          summary: 'List audit-trail entries with their GDPR fields',
          querystring: ZSystemLogQuery,
          response: { 200: listEnvelope(ZSystemLog) },
        },
      },
      async (request) => okList(await logs.listLogs(requireActor(request), request.query, requestMeta(request)), request.query),
    );

    app.get(
      '/system-logs/chart',
      {
        config: ACCESS,
        schema: {
          tags: ['system-logs'],
          summary: "'Total actions' per day for the list's filters",
          querystring: ZSystemLogFilters,
          response: { 200: successEnvelope(ZSystemLogChart) },
        },
      },
      async (request) => ok(await logs.getChart(requireActor(request), request.query, requestMeta(request))),
    );

    app.post(
      '/system-logs/export',
      {
        config: ACCESS,
        schema: {
          tags: ['system-logs'],
          summary: 'Start writing the filtered entries as a CSV file',
          body: ZStartLogExport,
          response: { 200: successEnvelope(ZLogExport) },
        },
      },
      async (request) => ok(await logs.startExport(requireActor(request), request.body, requestMeta(request)), LOG_EXPORT_MESSAGES.started),
    );

    app.post(
      '/system-logs/cancel-export',
      {
        config: ACCESS,
        schema: {
          tags: ['system-logs'],
          summary: 'Cancel a pending or running export',
          body: ZCancelLogExport,
          response: { 200: ZMessageEnvelope },
        },
      },
      async (request) => {
        await logs.cancelExport(requireActor(request), request.body, requestMeta(request));
        return okMessage(LOG_EXPORT_MESSAGES.cancelled);
      },
    );

    app.get(
      '/system-logs/exports',
      {
        config: ACCESS,
        schema: {
          tags: ['system-logs'],
          summary: "The caller's recent exports; completed files download through files/{fileName}",
          response: { 200: successEnvelope(z.array(ZLogExport)) },
        },
      },
      async (request) => ok(await logs.listExports(requireActor(request))),
    );
  };
}
