import { z } from 'zod';
import { ZDay } from './day-range';
import { ZListQuery } from './http';
import { LOG_EXPORT_STATUSES } from './system-logs';

/**
 * API logs (DV-04): one entry per call to the public API and per webhook delivery
 * attempt, with status, endpoint, method, createdAt, the redacted response body, the caller (the
 * application access entry and its key, or the webhook) and the session (the request id of a call,
 * the webhook-id of a delivery). Retention and redaction: docs/decisions/api-logs.md.
 */

export const API_LOG_KINDS = ['api', 'webhook'] as const;
export type ApiLogKind = (typeof API_LOG_KINDS)[number];
export const API_LOG_KIND_LABELS: Record<ApiLogKind, string> = { api: 'API call', webhook: 'Webhook delivery' };

export const API_LOG_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** A status filter: an exact code (404), a class (4xx), or `none` for attempts that got no HTTP answer. */
export const API_LOG_STATUS_FILTERS = ['2xx', '3xx', '4xx', '5xx', 'none'] as const;
const STATUS_FILTER = /^([1-5]xx|[1-5]\d\d|none)$/;

export const ZApiLogFilters = z.object({
  kind: z.enum(API_LOG_KINDS, { error: 'Choose API call or webhook delivery' }).optional(),
  status: z.string().trim().regex(STATUS_FILTER, 'Choose a status such as 200, 4xx or none').optional(),
  method: z.enum(API_LOG_METHODS, { error: 'Choose an HTTP method' }).optional(),
  endpoint: z.string().trim().max(200).optional(),
  /** The application access entry whose keys made the calls. */
  applicationAccessId: z.uuid({ error: 'Choose a valid application' }).optional(),
  from: ZDay.optional(),
  to: ZDay.optional(),
  dataSegmentId: z.string().max(64).optional(),
});
export type TApiLogFilters = z.infer<typeof ZApiLogFilters>;

export const ZApiLogQuery = ZListQuery.omit({ status: true }).extend(ZApiLogFilters.shape);
export type TApiLogQuery = z.infer<typeof ZApiLogQuery>;

export const ZApiLog = z.object({
  _id: z.string(),
  kind: z.enum(API_LOG_KINDS),
  status: z.number().int().nullable(),
  endpoint: z.string(),
  method: z.string(),
  createdAt: z.string(),
  /** The answer as kept: JSON with document numbers, images, secrets and codes replaced, cut at 16 KB. */
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
  /** The application access entry of an API call, the webhook of a delivery. */
  userId: z.string().nullable(),
  keyId: z.string().nullable(),
  codeKey: z.string().nullable(),
  userName: z.string(),
  sessionId: z.string(),
  durationMs: z.number().int().nullable(),
  /** Null for a call refused for its key (missing, malformed or unknown): it names no segment; only users who see every segment read it. */
  dataSegmentId: z.string().nullable(),
});
export type TApiLog = z.infer<typeof ZApiLog>;

export const ZApiLogExport = z.object({
  _id: z.string(),
  status: z.enum(LOG_EXPORT_STATUSES),
  filters: ZApiLogFilters,
  fileName: z.string().nullable(),
  downloadName: z.string(),
  entries: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TApiLogExport = z.infer<typeof ZApiLogExport>;

export const ZStartApiLogExport = ZApiLogFilters;
export type TStartApiLogExport = z.infer<typeof ZStartApiLogExport>;

export const ZCancelApiLogExport = z.object({ exportId: z.uuid({ error: 'Choose a valid export' }) });
export type TCancelApiLogExport = z.infer<typeof ZCancelApiLogExport>;

/** The columns of an exported file, in order. */
export const API_LOG_EXPORT_COLUMNS = [
  'createdAt',
  'kind',
  'method',
  'endpoint',
  'status',
  'durationMs',
  'userName',
  'codeKey',
  'sessionId',
  'error',
  'responseBody',
] as const;

/** The file-store folder of API-log export files; reading one needs manage-api-logs. */
export const API_LOG_EXPORT_FOLDER = 'api-log-exports';

/** Days an entry is kept unless API_LOG_RETENTION_DAYS says otherwise. */
export const API_LOG_DEFAULT_RETENTION_DAYS = 90;

/** The most bytes of a response body an entry keeps. */
export const API_LOG_BODY_MAX_BYTES = 16 * 1024;
