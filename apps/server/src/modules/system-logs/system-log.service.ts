import {
  LOG_EXPORT_MESSAGES,
  type TCancelLogExport,
  type TLogExport,
  type TStartLogExport,
  type TSystemLog,
  type TSystemLogChart,
  type TSystemLogFilters,
  type TSystemLogQuery,
} from '@sanad/contracts/system-logs';
import type { Database } from '../../platform/db/database';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import { AppError } from '../../platform/http/app-error';
import { eachDay, resolveDayRange } from '../../platform/http/day-range';
import type { Page } from '../../platform/http/envelope';
import type { RequestMeta } from '../../platform/http/request-meta';
import { resolveRequestedSegment } from '../../platform/tenancy/scope';
import { targetSegment } from '../../platform/tenancy/target-segment';
import { toLogFilter } from './log-filter';
import { enqueueLogExport } from './log-export.job';
import { cancelLogExport, insertLogExport, listLogExportsOf } from './log-export.repository';
import { countSystemLogsByDay, listSystemLogs } from './system-log.repository';

function filtersOf(query: TSystemLogFilters): TSystemLogFilters {
  const { keyword, module, action, from, to, dataSegmentId } = query;
  return Object.fromEntries(
    Object.entries({ keyword, module, action, from, to, dataSegmentId }).filter(([, value]) => value),
  ) as TSystemLogFilters;
}

export function createSystemLogService({ db, jobs }: { db: Database; jobs: JobQueue | null }) {
  return {
    async listLogs(actor: Actor, query: TSystemLogQuery, meta: RequestMeta): Promise<Page<TSystemLog>> {
      const onlySegment = resolveRequestedSegment(actor.segments, query.dataSegmentId);
      return listSystemLogs(db, toLogFilter(query, actor.segments, onlySegment, meta.timezoneOffset), query);
    },

    /** 'Total actions' per day for the same filters as the list, every day of the range present. */
    async getChart(actor: Actor, query: TSystemLogFilters, meta: RequestMeta, now = new Date()): Promise<TSystemLogChart> {
      const onlySegment = resolveRequestedSegment(actor.segments, query.dataSegmentId);
      const { from, to } = resolveDayRange(query, meta.timezoneOffset, now);
      const filter = toLogFilter({ ...query, from, to }, actor.segments, onlySegment, meta.timezoneOffset);
      const counted = new Map((await countSystemLogsByDay(db, filter, meta.timezoneOffset)).map((row) => [row.day, row.actions]));
      return { from, to, days: eachDay(from, to).map((date) => ({ date, actions: counted.get(date) ?? 0 })) };
    },

    /**
     * Records an export of the filtered entries of one data segment (the one asked for, else the
     * active one) and queues the job that writes it. The filters and the actor's scope are kept on
     * the row, so the job exports what the actor could see when asking.
     */
    async startExport(actor: Actor, input: TStartLogExport, meta: RequestMeta): Promise<TLogExport> {
      const dataSegmentId = targetSegment(actor, input.dataSegmentId);
      const filters = filtersOf(input);
      toLogFilter(filters, actor.segments, dataSegmentId, meta.timezoneOffset);
      return db.transaction(async (tx) => {
        const created = await insertLogExport(tx, {
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
          module: 'system_logs',
          action: 'requested_log_export',
          entityType: 'system_log_export',
          entityId: created._id,
          summary: 'Requested an export of the system logs',
          details: { filters },
        });
        await enqueueLogExport(jobs, tx, created._id);
        return created;
      });
    },

    async cancelExport(actor: Actor, input: TCancelLogExport, meta: RequestMeta): Promise<void> {
      await db.transaction(async (tx) => {
        const cancelled = await cancelLogExport(tx, input.exportId, actor.userId);
        if (!cancelled) throw AppError.field('exportId', LOG_EXPORT_MESSAGES.notCancellable);
        await appendAudit(tx, {
          dataSegmentId: cancelled.dataSegmentId,
          source: auditSource(actor, meta),
          module: 'system_logs',
          action: 'cancelled_log_export',
          entityType: 'system_log_export',
          entityId: cancelled.id,
          summary: 'Cancelled an export of the system logs',
        });
      });
    },

    async listExports(actor: Actor): Promise<TLogExport[]> {
      return listLogExportsOf(db, actor.userId);
    },
  };
}

export type SystemLogService = ReturnType<typeof createSystemLogService>;
