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
import { appendAudit } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import { AppError } from '../../platform/http/app-error';
import { eachDay, resolveDayRange } from '../../platform/http/day-range';
import type { Page } from '../../platform/http/envelope';
import type { RequestMeta } from '../../platform/http/request-meta';
import { resolveRequestedSegment } from '../../platform/tenancy/scope';
import { targetSegment } from '../../platform/tenancy/target-segment';
import { toLogFilter, toSystemLog } from './log-filter';
import { enqueueLogExport, exportDownloadName } from './log-export.job';
import { cancelLogExport, insertLogExport, listLogExportsOf, type LogExportRow } from './log-export.repository';
import { countSystemLogsByDay, listSystemLogs } from './system-log.repository';

function toLogExport(row: LogExportRow): TLogExport {
  const { timezoneOffset: _offset, scope: _scope, onlySegment: _only, ...filters } = row.filters;
  return {
    _id: row.id,
    status: row.status,
    filters,
    fileName: row.status === 'completed' ? row.file_name : null,
    downloadName: exportDownloadName(row),
    entries: row.entries,
    error: row.error,
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
  };
}

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
      const page = await listSystemLogs(db, toLogFilter(query, actor.segments, onlySegment, meta.timezoneOffset), query);
      return { rows: page.rows.map(toSystemLog), total: page.total };
    },

    /** 'Total actions' per day for the same filters as the list (001 §9). */
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
      const row = await db.transaction(async (tx) => {
        const created = await insertLogExport(tx, {
          dataSegmentId,
          requestedBy: actor.userId,
          filters: {
            ...filters,
            timezoneOffset: meta.timezoneOffset,
            scope: { all: actor.segments.all, ids: [...actor.segments.ids] },
            onlySegment: dataSegmentId,
          },
        });
        await appendAudit(tx, {
          dataSegmentId,
          actor: { id: actor.userId, name: actor.name },
          module: 'system_logs',
          action: 'requested_log_export',
          entityType: 'system_log_export',
          entityId: created.id,
          summary: 'Requested an export of the system logs',
          details: { filters },
          ip: meta.ip,
          requestId: meta.requestId,
        });
        return created;
      });
      await enqueueLogExport(jobs, row.id);
      return toLogExport(row);
    },

    async cancelExport(actor: Actor, input: TCancelLogExport, meta: RequestMeta): Promise<void> {
      await db.transaction(async (tx) => {
        const cancelled = await cancelLogExport(tx, input.exportId, actor.userId);
        if (!cancelled) throw AppError.field('exportId', LOG_EXPORT_MESSAGES.notCancellable);
        await appendAudit(tx, {
          dataSegmentId: cancelled.data_segment_id,
          actor: { id: actor.userId, name: actor.name },
          module: 'system_logs',
          action: 'cancelled_log_export',
          entityType: 'system_log_export',
          entityId: cancelled.id,
          summary: 'Cancelled an export of the system logs',
          ip: meta.ip,
          requestId: meta.requestId,
        });
      });
    },

    async listExports(actor: Actor): Promise<TLogExport[]> {
      return (await listLogExportsOf(db, actor.userId)).map(toLogExport);
    },
  };
}

export type SystemLogService = ReturnType<typeof createSystemLogService>;
