import type { TSystemLogFilters } from '@sanad/contracts/system-logs';
import { assertDayRange, localDayEnd, localDayStart } from '../../platform/http/day-range';
import type { TenantScope } from '../../platform/tenancy/scope';
import type { LogFilter } from './system-log.repository';

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
