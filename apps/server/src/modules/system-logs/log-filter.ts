import { ACTIVITY_DEFAULT_DAYS, ACTIVITY_MAX_DAYS } from '@sanad/contracts/activity';
import type { TSystemLog, TSystemLogFilters } from '@sanad/contracts/system-logs';
import { AppError } from '../../platform/http/app-error';
import type { TenantScope } from '../../platform/tenancy/scope';
import type { LogFilter, SystemLogRow } from './system-log.repository';

export const DAY_MS = 86_400_000;

export const formatDay = (date: Date) => date.toISOString().slice(0, 10);
/** Midnight of a local day, as a UTC instant, for a browser `offset` minutes behind UTC. */
const localMidnight = (day: string, offset: number) => new Date(Date.parse(`${day}T00:00:00Z`) + offset * 60_000);

function assertDayOrder(from: string | undefined, to: string | undefined): void {
  for (const [field, day] of [['from', from], ['to', to]] as const) {
    if (day !== undefined && Number.isNaN(Date.parse(day))) throw AppError.field(field, 'Use the date format YYYY-MM-DD');
  }
  if (from && to && from > to) throw AppError.field('from', 'The start date must not be after the end date');
}

/** The repository filter for the client's filters: its optional days become instants in the caller's time zone. */
export function toLogFilter(filters: TSystemLogFilters, scope: TenantScope, onlySegment: string | null, offset: number): LogFilter {
  assertDayOrder(filters.from, filters.to);
  return {
    scope,
    onlySegment,
    keyword: filters.keyword || undefined,
    module: filters.module,
    action: filters.action,
    fromInstant: filters.from ? localMidnight(filters.from, offset) : null,
    toInstant: filters.to ? new Date(localMidnight(filters.to, offset).getTime() + DAY_MS) : null,
  };
}

/** The chart's days: the filter's range, else the last 30 days up to `to` or today; at most a year. */
export function chartRange(filters: TSystemLogFilters, offset: number, now: Date): { from: string; to: string } {
  assertDayOrder(filters.from, filters.to);
  const to = filters.to ?? formatDay(new Date(now.getTime() - offset * 60_000));
  const from = filters.from ?? formatDay(new Date(Date.parse(`${to}T00:00:00Z`) - (ACTIVITY_DEFAULT_DAYS - 1) * DAY_MS));
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS + 1 > ACTIVITY_MAX_DAYS) {
    throw AppError.field('from', `Choose a range of at most ${ACTIVITY_MAX_DAYS} days`);
  }
  return { from, to };
}

export function toSystemLog(row: SystemLogRow): TSystemLog {
  return {
    _id: row.id,
    user: row.actor_id || row.actor_name ? { name: row.actor_name, email: row.email } : null,
    type: row.module,
    action: row.action,
    summary: row.summary,
    createdAt: row.created_at.toISOString(),
    purposeOfProcessing: row.purpose_of_processing,
    legalBasisForProcessing: row.legal_basis_for_processing,
    categoriesOfDataInvolved: row.categories_of_data_involved,
    recipients: row.recipients,
    retentionPeriod: row.retention_period,
    locationOfProcessing: row.location_of_processing,
    securityMeasures: row.security_measures,
  };
}
