import type { TActivityDashboard, TActivityQuery } from '@sanad/contracts/activity';
import type { Database } from '../../platform/db/database';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import { eachDay, localDayEnd, localDayStart, resolveDayRange } from '../../platform/http/day-range';
import { formatCsv } from '../../platform/http/csv';
import type { RequestMeta } from '../../platform/http/request-meta';
import { resolveRequestedSegment } from '../../platform/tenancy/scope';
import {
  countActiveUsers,
  countActivityByDay,
  countActivityByModule,
  countAlertsByDay,
  countOnboardedByDay,
  type ActivityWindow,
} from './activity.repository';

export function createActivityService({ db }: { db: Database }) {
  async function build(actor: Actor, query: TActivityQuery, meta: RequestMeta, now: Date): Promise<TActivityDashboard> {
    const { from, to } = resolveDayRange(query, meta.timezoneOffset, now);
    const window: ActivityWindow = {
      scope: actor.segments,
      onlySegment: resolveRequestedSegment(actor.segments, query.dataSegmentId),
      fromInstant: localDayStart(from, meta.timezoneOffset),
      toInstant: localDayEnd(to, meta.timezoneOffset),
      timezoneOffset: meta.timezoneOffset,
    };
    const [byDay, byModule, activeUsers, onboardedByDay, alertsByDay] = await Promise.all([
      countActivityByDay(db, window),
      countActivityByModule(db, window),
      countActiveUsers(db, window),
      countOnboardedByDay(db, window),
      countAlertsByDay(db, window),
    ]);
    const counted = new Map(byDay.map((row) => [row.day, row]));
    const onboarded = new Map(onboardedByDay.map((row) => [row.day, row.count]));
    const alerts = new Map(alertsByDay.map((row) => [row.day, row]));
    const days: TActivityDashboard['days'] = eachDay(from, to).map((date) => {
      const row = counted.get(date);
      return {
        date,
        signIns: row?.signIns ?? 0,
        actions: row?.actions ?? 0,
        customersOnboarded: onboarded.get(date) ?? 0,
        alertsRaised: alerts.get(date)?.raised ?? 0,
        alertsDecided: alerts.get(date)?.decided ?? 0,
      };
    });
    const sum = (field: 'signIns' | 'actions' | 'customersOnboarded' | 'alertsRaised' | 'alertsDecided') =>
      days.reduce((total, day) => total + day[field], 0);
    return {
      from,
      to,
      totals: {
        signIns: sum('signIns'),
        actions: sum('actions'),
        activeUsers,
        customersOnboarded: sum('customersOnboarded'),
        alertsRaised: sum('alertsRaised'),
        alertsDecided: sum('alertsDecided'),
      },
      days,
      byModule,
    };
  }

  return {
    getDashboard: (actor: Actor, query: TActivityQuery, meta: RequestMeta, now = new Date()) => build(actor, query, meta, now),

    /** The same figures as CSV; the export itself is recorded in the audit trail. */
    async exportDashboard(
      actor: Actor,
      query: TActivityQuery,
      meta: RequestMeta,
      now = new Date(),
    ): Promise<{ fileName: string; csv: string }> {
      const dashboard = await build(actor, query, meta, now);
      const csv = formatCsv(
        ['date', 'sign_ins', 'total_actions', 'customers_onboarded', 'alerts_raised', 'alerts_decided'],
        dashboard.days.map((day) => ({
          date: day.date,
          sign_ins: day.signIns,
          total_actions: day.actions,
          customers_onboarded: day.customersOnboarded,
          alerts_raised: day.alertsRaised,
          alerts_decided: day.alertsDecided,
        })),
      );
      await db.transaction((tx) =>
        appendAudit(tx, {
          dataSegmentId: resolveRequestedSegment(actor.segments, query.dataSegmentId) ?? actor.activeSegmentId,
          source: auditSource(actor, meta),
          module: 'insights',
          action: 'exported_activity_dashboard',
          summary: `Exported activity ${dashboard.from} to ${dashboard.to}`,
        }),
      );
      return { fileName: `activity-${dashboard.from}-to-${dashboard.to}.csv`, csv };
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
