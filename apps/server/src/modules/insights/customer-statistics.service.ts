import { XLSX_CONTENT_TYPE } from '@sanad/contracts/customer-exports';
import {
  NATIONALITY_TOP,
  type TCustomerStatistics,
  type TCustomerStatisticsExportQuery,
  type TCustomerStatisticsQuery,
  type TStatisticsBucket,
} from '@sanad/contracts/insights';
import { protectFormula } from '@sanad/csv/csv';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import type { Database } from '../../platform/db/database';
import { formatCsv } from '../../platform/http/csv';
import { eachDay, localDayEnd, localDayStart, resolveDayRange } from '../../platform/http/day-range';
import type { RequestMeta } from '../../platform/http/request-meta';
import { targetSegment } from '../../platform/tenancy/target-segment';
import {
  countCustomersByArray,
  countCustomersByColumn,
  type ArrayCountRow,
  type ColumnCountRow,
  type StatisticsSegment,
} from './customer-statistics.repository';
import {
  BUCKET_LABELS,
  FIXED_KEYS,
  KYC_STATUS_LABELS,
  RISK_LEVEL_LABELS,
  countryLabel,
  hitTypeLabel,
  productLabel,
  sourceLabel,
} from './statistics-labels';

/** Counts by key, for the rows of one breakdown. */
function tally(rows: ReadonlyArray<{ key: string | null; count: number }>): Map<string | null, number> {
  const counts = new Map<string | null, number>();
  for (const row of rows) counts.set(row.key, (counts.get(row.key) ?? 0) + row.count);
  return counts;
}

/** Largest first, then by label, so equal counts keep a stable order. */
const byCountThenLabel = (left: TStatisticsBucket, right: TStatisticsBucket) =>
  right.count - left.count || left.label.localeCompare(right.label);

/**
 * The top nationalities by name, the others added up as 'Other', and customers without a nationality
 * as 'Not given'; buckets with no customer are left out.
 */
export function nationalityBuckets(counts: Map<string | null, number>, top = NATIONALITY_TOP): TStatisticsBucket[] {
  const named = [...counts]
    .filter((entry): entry is [string, number] => entry[0] !== null)
    .map(([key, count]) => ({ key, label: countryLabel(key), count }))
    .toSorted(byCountThenLabel);
  const other = named.slice(top).reduce((sum, bucket) => sum + bucket.count, 0);
  const unknown = counts.get(null) ?? 0;
  return [
    ...named.slice(0, top),
    ...(other > 0 ? [{ key: 'other', label: BUCKET_LABELS.other, count: other }] : []),
    ...(unknown > 0 ? [{ key: 'unknown', label: BUCKET_LABELS.unknownNationality, count: unknown }] : []),
  ];
}

/** The statistics from the two queries' rows: fixed breakdowns list every key, open ones what was found. */
export function assembleStatistics(
  range: { from: string; to: string },
  columns: readonly ColumnCountRow[],
  arrays: readonly ArrayCountRow[],
): TCustomerStatistics {
  const of = (breakdown: ColumnCountRow['breakdown']) => columns.filter((row) => row.breakdown === breakdown);
  const total = of('total')[0];
  const customers = total?.count ?? 0;
  const kyc = tally(of('kycStatus'));
  const risk = tally(of('riskLevel'));
  const source = tally(of('source'));
  const hits = tally(arrays.filter((row) => row.breakdown === 'hitType'));
  const products = tally(arrays.filter((row) => row.breakdown === 'product'));
  const dayRows = of('day');
  const perDay = new Map<string, { individuals: number; companies: number }>();
  for (const row of dayRows) {
    const day = perDay.get(row.key ?? '') ?? { individuals: 0, companies: 0 };
    if (row.type === 'company') day.companies += row.count;
    else day.individuals += row.count;
    perDay.set(row.key ?? '', day);
  }
  const companies = dayRows.filter((row) => row.type === 'company').reduce((sum, row) => sum + row.count, 0);
  const withHits = total?.withHits ?? 0;
  const withoutProducts = total?.withoutProducts ?? 0;

  return {
    from: range.from,
    to: range.to,
    totals: { customers, individuals: customers - companies, companies, archived: total?.archived ?? 0, withHits },
    byKycStatus: FIXED_KEYS.kycStatus.map((key) => ({ key, label: KYC_STATUS_LABELS[key], count: kyc.get(key) ?? 0 })),
    byRiskLevel: FIXED_KEYS.riskLevel.map((key) => ({
      key,
      label: RISK_LEVEL_LABELS[key],
      count: (key === 'unrated' ? risk.get(null) : risk.get(key)) ?? 0,
    })),
    byHitType: FIXED_KEYS.hitType.map((key) => ({
      key,
      label: key === 'none' ? BUCKET_LABELS.noHits : hitTypeLabel(key),
      count: key === 'none' ? customers - withHits : (hits.get(key) ?? 0),
    })),
    byNationality: nationalityBuckets(tally(of('nationality'))),
    byProduct: [
      ...[...products].map(([key, count]) => ({ key: key ?? '', label: productLabel(key ?? ''), count })).toSorted(byCountThenLabel),
      ...(withoutProducts > 0 ? [{ key: 'none', label: BUCKET_LABELS.noProduct, count: withoutProducts }] : []),
    ],
    bySource: FIXED_KEYS.source.map((key) => ({ key, label: sourceLabel(key), count: source.get(key) ?? 0 })),
    days: eachDay(range.from, range.to).map((date) => ({ date, ...(perDay.get(date) ?? { individuals: 0, companies: 0 }) })),
  };
}

/** The breakdowns of an export: one CSV block or one XLSX sheet each, with the words shown on the page. */
const EXPORT_SECTIONS = [
  ['byKycStatus', 'KYC status'],
  ['byRiskLevel', 'Risk level'],
  ['byHitType', 'Hit type'],
  ['byNationality', 'Nationality'],
  ['byProduct', 'Product'],
  ['bySource', 'Onboarding channel'],
] as const;

/** Every figure as rows of one table: breakdown, key, label, count; then each day. */
export function statisticsRows(statistics: TCustomerStatistics): Array<Record<'breakdown' | 'key' | 'label' | 'count', string | number>> {
  return [
    ...EXPORT_SECTIONS.flatMap(([field, title]) =>
      statistics[field].map((bucket) => ({ breakdown: title, key: bucket.key, label: bucket.label, count: bucket.count })),
    ),
    ...statistics.days.flatMap((day) => [
      { breakdown: 'New individuals per day', key: day.date, label: day.date, count: day.individuals },
      { breakdown: 'New companies per day', key: day.date, label: day.date, count: day.companies },
    ]),
  ];
}

export interface StatisticsFile {
  fileName: string;
  contentType: string;
  body: Buffer | string;
}

async function statisticsWorkbook(statistics: TCustomerStatistics): Promise<Buffer> {
  // Imported here: exceljs is large and only an XLSX export needs it.
  const { default: excel } = await import('exceljs');
  const workbook = new excel.Workbook();
  const summary = workbook.addWorksheet('Summary');
  summary.addRow(['Figure', 'Value']);
  summary.addRow(['From', statistics.from]);
  summary.addRow(['To', statistics.to]);
  for (const [key, value] of Object.entries(statistics.totals)) summary.addRow([key, value]);
  for (const [field, title] of EXPORT_SECTIONS) {
    const sheet = workbook.addWorksheet(title);
    sheet.addRow(['Key', title, 'Customers']);
    // Labels are text cells: a spreadsheet runs nothing from them, as in the customer export.
    for (const bucket of statistics[field]) sheet.addRow([protectFormula(bucket.key), protectFormula(bucket.label), bucket.count]);
  }
  const days = workbook.addWorksheet('New customers per day');
  days.addRow(['Date', 'Individuals', 'Companies', 'Total']);
  for (const day of statistics.days) days.addRow([day.date, day.individuals, day.companies, day.individuals + day.companies]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function createCustomerStatisticsService({ db }: { db: Database }) {
  async function build(actor: Actor, query: TCustomerStatisticsQuery, meta: RequestMeta, now: Date) {
    const dataSegmentId = targetSegment(actor, query.dataSegmentId);
    const range = resolveDayRange(query, meta.timezoneOffset, now);
    const segment: StatisticsSegment = {
      scope: actor.segments,
      dataSegmentId,
      fromInstant: localDayStart(range.from, meta.timezoneOffset),
      toInstant: localDayEnd(range.to, meta.timezoneOffset),
      timezoneOffset: meta.timezoneOffset,
      filters: { kycStatus: query.kycStatus, riskLevel: query.riskLevel, source: query.source, type: query.type, status: query.status },
    };
    const [columns, arrays] = await Promise.all([countCustomersByColumn(db, segment), countCustomersByArray(db, segment)]);
    return { dataSegmentId, statistics: assembleStatistics(range, columns, arrays) };
  }

  return {
    async getStatistics(actor: Actor, query: TCustomerStatisticsQuery, meta: RequestMeta, now = new Date()): Promise<TCustomerStatistics> {
      return (await build(actor, query, meta, now)).statistics;
    },

    /** The same figures as CSV (one table) or XLSX (a sheet per breakdown); the export is recorded in the audit trail. */
    async exportStatistics(
      actor: Actor,
      query: TCustomerStatisticsExportQuery,
      meta: RequestMeta,
      now = new Date(),
    ): Promise<StatisticsFile> {
      const { format, ...filters } = query;
      const { dataSegmentId, statistics } = await build(actor, filters, meta, now);
      await db.transaction((tx) =>
        appendAudit(tx, {
          dataSegmentId,
          source: auditSource(actor, meta),
          module: 'insights',
          action: 'exported_customer_statistics',
          summary: `Exported customer statistics ${statistics.from} to ${statistics.to} as ${format.toUpperCase()}`,
          details: { format, filters },
        }),
      );
      const fileName = `customer-statistics-${statistics.from}-to-${statistics.to}.${format}`;
      if (format === 'xlsx') return { fileName, contentType: XLSX_CONTENT_TYPE, body: await statisticsWorkbook(statistics) };
      return {
        fileName,
        contentType: 'text/csv; charset=utf-8',
        body: formatCsv(['breakdown', 'key', 'label', 'count'], statisticsRows(statistics)),
      };
    },
  };
}

export type CustomerStatisticsService = ReturnType<typeof createCustomerStatisticsService>;
