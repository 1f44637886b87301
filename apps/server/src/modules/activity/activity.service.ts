import { ACTIVITY_DEFAULT_DAYS, ACTIVITY_MAX_DAYS, type TActivityDashboard, type TActivityQuery } from '@sanad/contracts/activity';
import type { Database } from '../../platform/db/database';
import { appendAudit } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import { AppError } from '../../platform/http/app-error';
import type { RequestMeta } from '../../platform/http/request-meta';
import { resolveRequestedSegment } from '../../platform/tenancy/scope';
import { countActiveUsers, countActivityByDay, countActivityByModule, type ActivityWindow } from './activity.repository';

const DAY_MS = 86_400_000;

const formatDay = (date: Date) => date.toISOString().slice(0, 10);
/** Midnight of a local day, as a UTC instant, for a browser `offset` minutes behind UTC. */
const localMidnight = (day: string, offset: number) => new Date(Date.parse(`${day}T00:00:00Z`) + offset * 60_000);

function resolveRange(query: TActivityQuery, offset: number, now: Date): { from: string; to: string } {
  const today = formatDay(new Date(now.getTime() - offset * 60_000));
  const to = query.to ?? today;
  const from = query.from ?? formatDay(new Date(Date.parse(`${to}T00:00:00Z`) - (ACTIVITY_DEFAULT_DAYS - 1) * DAY_MS));
  if (Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to))) throw AppError.field('from', 'Use the date format YYYY-MM-DD');
  if (from > to) throw AppError.field('from', 'The start date must not be after the end date');
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS + 1 > ACTIVITY_MAX_DAYS) {
    throw AppError.field('from', `Choose a range of at most ${ACTIVITY_MAX_DAYS} days`);
  }
  return { from, to };
}

export function createActivityService({ db }: { db: Database }) {
  async function build(actor: Actor, query: TActivityQuery, meta: RequestMeta, now: Date): Promise<TActivityDashboard> {
    const { from, to } = resolveRange(query, meta.timezoneOffset, now);
    const window: ActivityWindow = {
      scope: actor.segments,
      onlySegment: resolveRequestedSegment(actor.segments, query.dataSegmentId),
      fromInstant: localMidnight(from, meta.timezoneOffset),
      toInstant: new Date(localMidnight(to, meta.timezoneOffset).getTime() + DAY_MS),
      timezoneOffset: meta.timezoneOffset,
    };
    const [byDay, byModule, activeUsers] = await Promise.all([
      countActivityByDay(db, window),
      countActivityByModule(db, window),
      countActiveUsers(db, window),
    ]);
    const counted = new Map(byDay.map((row) => [row.day, row]));
    const days: TActivityDashboard['days'] = [];
    for (let time = Date.parse(`${from}T00:00:00Z`); time <= Date.parse(`${to}T00:00:00Z`); time += DAY_MS) {
      const date = formatDay(new Date(time));
      const row = counted.get(date);
      days.push({ date, signIns: row?.sign_ins ?? 0, actions: row?.actions ?? 0 });
    }
    return {
      from,
      to,
      totals: {
        signIns: days.reduce((sum, day) => sum + day.signIns, 0),
        actions: days.reduce((sum, day) => sum + day.actions, 0),
        activeUsers,
      },
      days,
      byModule,
    };
  }

  return {
    getDashboard: (actor: Actor, query: TActivityQuery, meta: RequestMeta, now = new Date()) => build(actor, query, meta, now),

    /** The same figures as CSV; the export itself is recorded in the audit trail. */
    async exportDashboard(actor: Actor, query: TActivityQuery, meta: RequestMeta, now = new Date()): Promise<{ fileName: string; csv: string }> {
      const dashboard = await build(actor, query, meta, now);
      const lines = ['date,sign_ins,total_actions', ...dashboard.days.map((day) => `${day.date},${day.signIns},${day.actions}`)];
      await db.transaction((tx) =>
        appendAudit(tx, {
          dataSegmentId: resolveRequestedSegment(actor.segments, query.dataSegmentId) ?? actor.activeSegmentId,
          actor: { id: actor.userId, name: actor.name },
          module: 'insights',
          action: 'exported_activity_dashboard',
          summary: `Exported activity ${dashboard.from} to ${dashboard.to}`,
          ip: meta.ip,
          requestId: meta.requestId,
        }),
      );
      return { fileName: `activity-${dashboard.from}-to-${dashboard.to}.csv`, csv: `${lines.join('\n')}\n` };
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
