import type { TSystemLog, TSystemLogFilters } from '@sanad/contracts/system-logs';
import { assertDayRange, localDayEnd, localDayStart } from '../../platform/http/day-range';
import type { TenantScope } from '../../platform/tenancy/scope';
import type { LogFilter, SystemLogRow } from './system-log.repository';

/** The repository filter for the client's filters: its optional days become instants in the caller's time zone. */
export function toLogFilter(filters: TSystemLogFilters, scope: TenantScope, onlySegment: string | null, offset: number): LogFilter {
  assertDayRange(filters);
  return {
    scope,
    onlySegment,
    keyword: filters.keyword || undefined,
    module: filters.module,
    action: filters.action,
    fromInstant: filters.from ? localDayStart(filters.from, offset) : null,
    toInstant: filters.to ? localDayEnd(filters.to, offset) : null,
  };
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
