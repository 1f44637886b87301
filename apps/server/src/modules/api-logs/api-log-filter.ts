import type { TApiLogFilters } from '@sanad/contracts/api-logs';
import { assertDayRange, localDayEnd, localDayStart } from '../../platform/http/day-range';
import type { TenantScope } from '../../platform/tenancy/scope';
import type { ApiLogFilter } from './api-log.repository';

/** The repository filter for the client's filters: its optional days become instants in the caller's time zone. */
export function toApiLogFilter(filters: TApiLogFilters, scope: TenantScope, onlySegment: string | null, offset: number): ApiLogFilter {
  assertDayRange(filters);
  return {
    scope,
    onlySegment,
    kind: filters.kind,
    status: filters.status,
    method: filters.method,
    endpoint: filters.endpoint || undefined,
    applicationAccessId: filters.applicationAccessId,
    fromInstant: filters.from ? localDayStart(filters.from, offset) : null,
    toInstant: filters.to ? localDayEnd(filters.to, offset) : null,
  };
}

/** The filters that were given, without empty ones, as an export keeps them. */
export function givenApiLogFilters(query: TApiLogFilters): TApiLogFilters {
  const { kind, status, method, endpoint, applicationAccessId, from, to, dataSegmentId } = query;
  return Object.fromEntries(
    Object.entries({ kind, status, method, endpoint, applicationAccessId, from, to, dataSegmentId }).filter(([, value]) => value),
  ) as TApiLogFilters;
}
