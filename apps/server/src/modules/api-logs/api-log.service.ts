import {
  type TApiLog,
  type TApiLogExport,
  type TApiLogQuery,
  type TCancelApiLogExport,
  type TStartApiLogExport,
} from '@sanad/contracts/api-logs';
import { LOG_EXPORT_MESSAGES } from '@sanad/contracts/system-logs';
import type { Database } from '../../platform/db/database';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import { AppError } from '../../platform/http/app-error';
import type { Page } from '../../platform/http/envelope';
import type { RequestMeta } from '../../platform/http/request-meta';
import { resolveRequestedSegment } from '../../platform/tenancy/scope';
import { targetSegment } from '../../platform/tenancy/target-segment';
import { enqueueApiLogExport } from './api-log-export.job';
import { cancelApiLogExport, insertApiLogExport, listApiLogExportsOf } from './api-log-export.repository';
import { givenApiLogFilters, toApiLogFilter } from './api-log-filter';
import { listApiLogs } from './api-log.repository';

/** The API-logs screen: the list of the actor's segments, and exports that work as system-log exports do. */
export function createApiLogService({ db, jobs }: { db: Database; jobs: JobQueue | null }) {
  return {
    async listLogs(actor: Actor, query: TApiLogQuery, meta: RequestMeta): Promise<Page<TApiLog>> {
      const onlySegment = resolveRequestedSegment(actor.segments, query.dataSegmentId);
      return listApiLogs(db, toApiLogFilter(query, actor.segments, onlySegment, meta.timezoneOffset), query);
    },

    /**
     * Records an export of the filtered entries of one data segment (the one asked for, else the
     * active one) and queues its job; the filters and the actor's scope are kept on the row.
     */
    async startExport(actor: Actor, input: TStartApiLogExport, meta: RequestMeta): Promise<TApiLogExport> {
      const dataSegmentId = targetSegment(actor, input.dataSegmentId);
      const filters = givenApiLogFilters(input);
      toApiLogFilter(filters, actor.segments, dataSegmentId, meta.timezoneOffset);
      return db.transaction(async (tx) => {
        const created = await insertApiLogExport(tx, {
          dataSegmentId,
          requestedBy: actor.userId,
          requestedByName: actor.name,
          filters: {
            ...filters,
            timezoneOffset: meta.timezoneOffset,
            scope: { all: actor.segments.all, ids: [...actor.segments.ids] },
            onlySegment: dataSegmentId,
          },
        });
        await appendAudit(tx, {
          dataSegmentId,
          source: auditSource(actor, meta),
          module: 'access_control',
          action: 'requested_api_log_export',
          entityType: 'api_log_export',
          entityId: created._id,
          summary: 'Requested an export of the API logs',
          details: { filters },
        });
        await enqueueApiLogExport(jobs, tx, created._id);
        return created;
      });
    },

    async cancelExport(actor: Actor, input: TCancelApiLogExport, meta: RequestMeta): Promise<void> {
      await db.transaction(async (tx) => {
        const cancelled = await cancelApiLogExport(tx, input.exportId, actor.userId);
        if (!cancelled) throw AppError.field('exportId', LOG_EXPORT_MESSAGES.notCancellable);
        await appendAudit(tx, {
          dataSegmentId: cancelled.dataSegmentId,
          source: auditSource(actor, meta),
          module: 'access_control',
          action: 'cancelled_api_log_export',
          entityType: 'api_log_export',
          entityId: cancelled.id,
          summary: 'Cancelled an export of the API logs',
        });
      });
    },

    async listExports(actor: Actor): Promise<TApiLogExport[]> {
      return listApiLogExportsOf(db, actor.userId);
    },
  };
}

export type ApiLogService = ReturnType<typeof createApiLogService>;
