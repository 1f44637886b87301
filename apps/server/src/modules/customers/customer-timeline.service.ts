/**
 * The activity timeline of one customer: every audit entry about the customer (registration,
 * ratings, overwrites, hit decisions, re-screening, alerts, edits, exports), newest first, with the
 * fields each edit changed read from the record's kept versions, before and after.
 */
import { timelineTitle, type TTimelineEvent } from '@sanad/contracts/customer-profile';
import type { TListQuery } from '@sanad/contracts/http';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { formatCsv } from '../../platform/http/csv';
import type { Page } from '../../platform/http/envelope';
import type { RequestMeta } from '../../platform/http/request-meta';
import { findCustomer } from './customer.repository';
import { listCustomerEvents, versionChanges, versionRecords, type TimelineRow } from './customer-timeline.repository';

/** The most events one export holds; an older history is read on the screen page by page. */
export const TIMELINE_EXPORT_LIMIT = 10_000;
/** The most field changes shown for one edit. */
const MAX_CHANGES = 50;

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

function valueAt(record: unknown, path: string): unknown {
  let current: unknown = record;
  for (const key of path.split('.')) {
    if (!isObject(current)) return undefined;
    current = current[key];
  }
  return current;
}

function asText(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Events that made a new version of the record: an edit, documents received through a document-upload link. */
const VERSIONING_ACTIONS: ReadonlySet<string> = new Set(['edited_customer', 'received_requested_documents']);

/** The version an edit event produced (registration made version 1). */
function versionOf(row: TimelineRow): number | null {
  if (row.action === 'registered_customer') return 1;
  if (!VERSIONING_ACTIONS.has(row.action) || !isObject(row.details)) return null;
  const version = row.details.version;
  return typeof version === 'number' && Number.isInteger(version) ? version : null;
}

export function createCustomerTimelineService({ db }: { db: Database }) {
  async function events(dataSegmentId: string, customerId: string, page: { limit: number; offset: number }) {
    const { rows, total } = await listCustomerEvents(db, dataSegmentId, customerId, page);
    const edited = rows.map(versionOf).filter((version): version is number => version !== null && version > 1);
    const [records, changes] = await Promise.all([
      versionRecords(db, customerId, [...new Set(edited.flatMap((version) => [version, version - 1]))]),
      versionChanges(db, customerId, edited),
    ]);
    const toEvent = (row: TimelineRow): TTimelineEvent => {
      const version = versionOf(row);
      const fields = version && version > 1 ? (changes.get(version) ?? []) : [];
      return {
        _id: String(row.id),
        at: row.createdAt,
        module: row.module,
        action: row.action,
        title: timelineTitle(row.action),
        summary: row.summary,
        actorName: row.actorName || 'System',
        changes: fields.slice(0, MAX_CHANGES).map((field) => ({
          field,
          from: asText(valueAt(records.get((version ?? 1) - 1), field)),
          to: asText(valueAt(records.get(version ?? 1), field)),
        })),
      };
    };
    return { rows: rows.map(toEvent), total };
  }

  async function customerInScope(actor: Actor, id: string) {
    const customer = await findCustomer(db, actor.segments, id);
    if (!customer) throw AppError.notFound();
    return customer;
  }

  return {
    async timeline(actor: Actor, id: string, query: TListQuery): Promise<Page<TTimelineEvent>> {
      const customer = await customerInScope(actor, id);
      return events(customer.dataSegmentId, id, { limit: query.perPage, offset: (query.startAt - 1) * query.perPage });
    },

    /** The timeline as CSV, newest first; the export itself is recorded on the timeline. */
    async exportTimeline(actor: Actor, id: string, meta: RequestMeta): Promise<{ fileName: string; csv: string }> {
      const customer = await customerInScope(actor, id);
      const { rows } = await events(customer.dataSegmentId, id, { limit: TIMELINE_EXPORT_LIMIT, offset: 0 });
      // One line per event, and per changed field of an edit, so each before and after has its own cell.
      const csv = formatCsv(
        ['time', 'event', 'by', 'summary', 'field', 'from', 'to'],
        rows.flatMap((event) => {
          const line = { time: event.at, event: event.title, by: event.actorName, summary: event.summary };
          if (event.changes.length === 0) return [line];
          return event.changes.map((change) => ({ ...line, field: change.field, from: change.from, to: change.to }));
        }),
      );
      await db.transaction((tx) =>
        appendAudit(tx, {
          dataSegmentId: customer.dataSegmentId,
          source: auditSource(actor, meta),
          module: 'customers',
          action: 'exported_activity_timeline',
          entityType: 'customer',
          entityId: id,
          summary: `Exported the activity timeline of ${customer.sanadId} (${rows.length} events)`,
          details: { sanadId: customer.sanadId, events: rows.length },
        }),
      );
      return { fileName: `${customer.sanadId}-activity-timeline.csv`, csv };
    },
  };
}

export type CustomerTimelineService = ReturnType<typeof createCustomerTimelineService>;
