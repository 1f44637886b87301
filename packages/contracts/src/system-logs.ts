import { z } from 'zod';
import { ZDay } from './day-range';
import { ZListQuery } from './http';
import { LOG_MODULES } from './log-modules';

/** Filters shared by the list, the chart and an export: module, action and an inclusive range of local days. */
export const ZSystemLogFilters = z.object({
  keyword: z.string().trim().max(200).optional(),
  module: z.enum(LOG_MODULES).optional(),
  action: z
    .string()
    .trim()
    .regex(/^[a-z0-9_]{1,64}$/, 'Choose an action from the list')
    .optional(),
  from: ZDay.optional(),
  to: ZDay.optional(),
  dataSegmentId: z.string().max(64).optional(),
});
export type TSystemLogFilters = z.infer<typeof ZSystemLogFilters>;

export const ZSystemLogQuery = ZListQuery.extend(ZSystemLogFilters.shape);
export type TSystemLogQuery = z.infer<typeof ZSystemLogQuery>;

/** The GDPR record-of-processing fields (Art. 30) every entry carries. */
export const ZSystemLogGdpr = z.object({
  purposeOfProcessing: z.string(),
  legalBasisForProcessing: z.string(),
  categoriesOfDataInvolved: z.array(z.string()),
  recipients: z.array(z.string()),
  retentionPeriod: z.string(),
  locationOfProcessing: z.string(),
  securityMeasures: z.string(),
});

/** One system log entry: user, type (the module), action and createdAt, with its GDPR fields. */
export const ZSystemLog = ZSystemLogGdpr.extend({
  _id: z.string(),
  user: z.object({ name: z.string(), email: z.string().nullable() }).nullable(),
  type: z.string(),
  action: z.string(),
  summary: z.string(),
  createdAt: z.string(),
});
export type TSystemLog = z.infer<typeof ZSystemLog>;

/** The 'Total actions' column chart: entries per local day of the range. */
export const ZSystemLogChart = z.object({
  from: ZDay,
  to: ZDay,
  days: z.array(z.object({ date: ZDay, actions: z.number().int() })),
});
export type TSystemLogChart = z.infer<typeof ZSystemLogChart>;

export const LOG_EXPORT_STATUSES = ['pending', 'running', 'completed', 'cancelled', 'failed'] as const;
export type LogExportStatus = (typeof LOG_EXPORT_STATUSES)[number];

export const ZLogExport = z.object({
  _id: z.string(),
  status: z.enum(LOG_EXPORT_STATUSES),
  filters: ZSystemLogFilters,
  /** The stored file, downloaded through GET files/{fileName}; set once the export has completed. */
  fileName: z.string().nullable(),
  downloadName: z.string(),
  entries: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TLogExport = z.infer<typeof ZLogExport>;

export const ZStartLogExport = ZSystemLogFilters;
export type TStartLogExport = z.infer<typeof ZStartLogExport>;

export const ZCancelLogExport = z.object({ exportId: z.uuid({ error: 'Choose a valid export' }) });
export type TCancelLogExport = z.infer<typeof ZCancelLogExport>;

/** The columns of an exported file, in order: the entry, then its GDPR fields. */
export const LOG_EXPORT_COLUMNS = [
  'createdAt',
  'user',
  'email',
  'type',
  'action',
  'summary',
  'purposeOfProcessing',
  'legalBasisForProcessing',
  'categoriesOfDataInvolved',
  'recipients',
  'retentionPeriod',
  'locationOfProcessing',
  'securityMeasures',
] as const;

/** The file-store folder of export files; reading one needs the system-logs permission. */
export const LOG_EXPORT_FOLDER = 'exports';

/**
 * The most entries one export writes. The file is built in memory and sealed in one piece (the file
 * store has no streamed upload), so a larger selection is refused rather than risk the worker's memory.
 */
export const LOG_EXPORT_MAX_ENTRIES = 100_000;

export const LOG_EXPORT_MESSAGES = {
  started: 'Export started; the file will be ready shortly',
  cancelled: 'Export cancelled',
  notCancellable: 'Only a pending or running export can be cancelled',
  failed: 'The export could not be written; please start it again',
  tooManyEntries: (max: number) =>
    `More than ${max.toLocaleString('en-US')} entries match; choose a shorter date range or narrower filters and export again`,
} as const;
