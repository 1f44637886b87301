import { CHECK_STATUSES } from '@sanad/contracts/customers';
import { toListQuery, type ListState } from '../../components/data-table/use-list-state';

/**
 * The customer verification list's filters, kept in the address beside the page, search and sort:
 * each check's statuses and the data segment looked at (empty: the current one).
 */
export interface VerificationFilters {
  nadra: string[];
  criminalRecord: string[];
  dataSegmentId: string;
}

const STATUS_KEYS = ['nadra', 'criminalRecord'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const EMPTY_VERIFICATION_FILTERS: VerificationFilters = { nadra: [], criminalRecord: [], dataSegmentId: '' };

/** The filters an address carries; unknown values (an edited link) are dropped rather than sent. */
export function readVerificationFilters(params: URLSearchParams): VerificationFilters {
  const statuses = (key: (typeof STATUS_KEYS)[number]) =>
    (params.get(key) ?? '').split(',').filter((value) => (CHECK_STATUSES as readonly string[]).includes(value));
  const segment = params.get('dataSegmentId') ?? '';
  return { nadra: statuses('nadra'), criminalRecord: statuses('criminalRecord'), dataSegmentId: UUID.test(segment) ? segment : '' };
}

/** Writes the filters into the address (empty ones removed) and goes back to the first page. */
export function writeVerificationFilters(params: URLSearchParams, filters: VerificationFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of STATUS_KEYS) {
    if (filters[key].length > 0) next.set(key, filters[key].join(','));
    else next.delete(key);
  }
  if (filters.dataSegmentId) next.set('dataSegmentId', filters.dataSegmentId);
  else next.delete('dataSegmentId');
  next.delete('startAt');
  return next;
}

export function hasVerificationFilters(filters: VerificationFilters): boolean {
  return filters.nadra.length > 0 || filters.criminalRecord.length > 0;
}

/**
 * The data segment the list asks for. On this screen a segment equal to the current one is sent as
 * 'none' (PR-13), which the server reads as the caller's current segment; another segment
 * the user may see is sent by its id.
 */
export function segmentParam(chosen: string, current: string | null): string {
  return !chosen || chosen === current ? 'none' : chosen;
}

/** The query of GET customer-verification/: the list state, the status filters and the segment. */
export function verificationListQuery(
  state: ListState,
  filters: VerificationFilters,
  currentSegmentId: string | null,
): Record<string, string | number> {
  const { status: _status, ...rest } = toListQuery(state);
  const query: Record<string, string | number> = { ...rest };
  for (const key of STATUS_KEYS) if (filters[key].length > 0) query[key] = filters[key].join(',');
  query.dataSegmentId = segmentParam(filters.dataSegmentId, currentSegmentId);
  return query;
}
