import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { TActivityDashboard } from '@sanad/contracts/activity';
import type { TCustomerStatistics, TStatisticsBucket } from '@sanad/contracts/insights';
import { parseCsv } from '@sanad/csv/csv';
import { signedInUser, type SignedInUser } from '../../test-support/admin-helpers';
import { makeDataSegment } from '../../test-support/factories';
import { bearer, useTestApp } from '../../test-support/test-app';
import { nationalityBuckets } from './customer-statistics.service';

const t = useTestApp();

interface SeedCustomer {
  createdAt: string;
  type?: 'individual' | 'company';
  kycStatus?: 'pending' | 'approved' | 'rejected';
  riskLevel?: 'low' | 'medium' | 'high' | 'sanction' | null;
  hitTypes?: string[];
  nationalityId?: string | null;
  products?: string[];
  source?: string;
  archivedAt?: string | null;
}

/** A customer row with exactly the columns the statistics count, as registration would have stored them. */
async function seedCustomer(segment: string, customer: SeedCustomer): Promise<string> {
  const result = await t.context.db.query<{ id: string }>(
    `insert into customers (data_segment_id, type, kyc_status, risk_level, hit_types, nationality_id, products, source, created_at, archived_at, full_name)
     values ($1, $2, $3, $4, $5::text[], $6, $7::text[], $8, $9, $10, 'Seeded Customer') returning id`,
    [
      segment,
      customer.type ?? 'individual',
      customer.kycStatus ?? 'pending',
      customer.riskLevel ?? null,
      customer.hitTypes ?? [],
      customer.nationalityId ?? null,
      customer.products ?? [],
      customer.source ?? 'self-register',
      customer.createdAt,
      customer.archivedAt ?? null,
    ],
  );
  const id = result.rows[0]?.id;
  if (!id) throw new Error('customer not inserted');
  return id;
}

async function get(url: string, token: string, timezoneOffset = 0) {
  return t.app.inject({ method: 'GET', url: `/api/${url}`, headers: { ...bearer(token), 'x-timezone-offset': String(timezoneOffset) } });
}

const counts = (buckets: readonly TStatisticsBucket[]) => Object.fromEntries(buckets.map((bucket) => [bucket.key, bucket.count]));

let segment = '';
let otherSegment = '';
let viewer: SignedInUser;
let exporter: SignedInUser;
let other: SignedInUser;
const RANGE = 'from=2026-03-01&to=2026-03-05';

beforeAll(async () => {
  segment = await makeDataSegment(t.context.db);
  otherSegment = await makeDataSegment(t.context.db);
  viewer = await signedInUser(t, ['view-customer-statistics'], [segment]);
  exporter = await signedInUser(t, ['view-customer-statistics', 'export-customer-statistics'], [segment]);
  other = await signedInUser(t, ['view-activity-dashboard'], [segment]);
  await seedCustomer(segment, {
    createdAt: '2026-03-02T10:00:00Z',
    kycStatus: 'approved',
    riskLevel: 'low',
    nationalityId: 'AE',
    products: ['savings-account'],
  });
  await seedCustomer(segment, {
    createdAt: '2026-03-02T12:00:00Z',
    riskLevel: 'high',
    hitTypes: ['pep', 'sanction'],
    nationalityId: 'PK',
    products: ['savings-account', 'current'],
    source: 'deep-link',
  });
  await seedCustomer(segment, {
    createdAt: '2026-03-04T09:00:00Z',
    type: 'company',
    kycStatus: 'rejected',
    hitTypes: ['pep'],
    nationalityId: 'AE',
    source: 'bulk-upload',
    archivedAt: '2026-03-05T09:00:00Z',
  });
  // Outside the range: one the day before it starts (UTC), one the day after it ends.
  await seedCustomer(segment, { createdAt: '2026-02-28T23:30:00Z', kycStatus: 'approved', nationalityId: 'GB' });
  await seedCustomer(segment, { createdAt: '2026-03-06T00:10:00Z', kycStatus: 'approved', nationalityId: 'GB' });
  // Another segment's customer inside the range.
  await seedCustomer(otherSegment, { createdAt: '2026-03-03T10:00:00Z', riskLevel: 'sanction', nationalityId: 'IR' });
});

describe('customer statistics', () => {
  it('counts the segment customers created in the range by every breakdown, and per day', async () => {
    const response = await get(`insights/customer-statistics?${RANGE}&dataSegmentId=${segment}`, viewer.token);
    expect(response.statusCode).toBe(200);
    const statistics = response.json<{ data: TCustomerStatistics }>().data;
    expect(statistics.totals).toEqual({ customers: 3, individuals: 2, companies: 1, archived: 1, withHits: 2 });
    expect(counts(statistics.byKycStatus)).toEqual({ pending: 1, approved: 1, rejected: 1 });
    expect(counts(statistics.byRiskLevel)).toEqual({ low: 1, medium: 0, high: 1, sanction: 0, unrated: 1 });
    expect(counts(statistics.byHitType)).toEqual({ pep: 2, enforcement: 0, blackList: 0, sanction: 1, none: 1 });
    expect(statistics.byNationality).toEqual([
      { key: 'AE', label: 'United Arab Emirates', count: 2 },
      { key: 'PK', label: 'Pakistan', count: 1 },
    ]);
    expect(statistics.byProduct).toEqual([
      { key: 'savings-account', label: 'Savings account', count: 2 },
      { key: 'current', label: 'current', count: 1 },
      { key: 'none', label: 'No product', count: 1 },
    ]);
    expect(counts(statistics.bySource)).toMatchObject({ 'self-register': 1, 'deep-link': 1, 'bulk-upload': 1, api: 0 });
    expect(statistics.days).toEqual([
      { date: '2026-03-01', individuals: 0, companies: 0 },
      { date: '2026-03-02', individuals: 2, companies: 0 },
      { date: '2026-03-03', individuals: 0, companies: 0 },
      { date: '2026-03-04', individuals: 0, companies: 1 },
      { date: '2026-03-05', individuals: 0, companies: 0 },
    ]);
  });

  it("counts days in the caller's time zone", async () => {
    // Four hours ahead of UTC: 2026-02-28T23:30Z is the morning of 2026-03-01 there, 2026-03-06T00:10Z still 2026-03-06.
    const response = await get(`insights/customer-statistics?${RANGE}&dataSegmentId=${segment}`, viewer.token, -240);
    const statistics = response.json<{ data: TCustomerStatistics }>().data;
    expect(statistics.totals.customers).toBe(4);
    expect(statistics.days[0]).toEqual({ date: '2026-03-01', individuals: 1, companies: 0 });
  });

  it('narrows every breakdown by the filters', async () => {
    const active = (await get(`insights/customer-statistics?${RANGE}&dataSegmentId=${segment}&status=active`, viewer.token)).json<{
      data: TCustomerStatistics;
    }>().data;
    expect(active.totals).toMatchObject({ customers: 2, archived: 0, companies: 0 });
    const high = (await get(`insights/customer-statistics?${RANGE}&dataSegmentId=${segment}&riskLevel=high`, viewer.token)).json<{
      data: TCustomerStatistics;
    }>().data;
    expect(high.totals.customers).toBe(1);
    expect(counts(high.byKycStatus)).toEqual({ pending: 1, approved: 0, rejected: 0 });
    expect(high.byNationality).toEqual([{ key: 'PK', label: 'Pakistan', count: 1 }]);
    const bulk = (
      await get(`insights/customer-statistics?${RANGE}&dataSegmentId=${segment}&source=bulk-upload&type=company`, viewer.token)
    ).json<{
      data: TCustomerStatistics;
    }>().data;
    expect(bulk.totals).toMatchObject({ customers: 1, companies: 1 });
  });

  it("reads only the caller's segments: another segment is refused, and each segment counts its own", async () => {
    expect((await get(`insights/customer-statistics?${RANGE}&dataSegmentId=${otherSegment}`, viewer.token)).statusCode).toBe(403);
    const own = (await get(`insights/customer-statistics?${RANGE}&dataSegmentId=${otherSegment}`, t.adminToken)).json<{
      data: TCustomerStatistics;
    }>().data;
    expect(own.totals.customers).toBe(1);
    expect(counts(own.byRiskLevel)).toMatchObject({ sanction: 1 });
    // Without a segment named, the session's active segment is read.
    const active = (await get(`insights/customer-statistics?${RANGE}`, viewer.token)).json<{ data: TCustomerStatistics }>().data;
    expect(active.totals.customers).toBe(3);
  });

  it('needs view-customer-statistics to read and export-customer-statistics to export', async () => {
    expect((await get(`insights/customer-statistics?${RANGE}`, other.token)).statusCode).toBe(403);
    expect((await get(`insights/customer-statistics/export?${RANGE}`, viewer.token)).statusCode).toBe(403);
    expect((await get(`insights/customer-statistics/export?${RANGE}`, other.token)).statusCode).toBe(403);
  });

  it('refuses a wrong range or format with the reason', async () => {
    const reversed = await get(`insights/customer-statistics?from=2026-03-05&to=2026-03-01`, viewer.token);
    expect(reversed.statusCode).toBe(422);
    expect(reversed.body).toContain('The start date must not be after the end date');
    const long = await get(`insights/customer-statistics?from=2024-01-01&to=2026-03-01`, viewer.token);
    expect(long.statusCode).toBe(422);
    expect(long.body).toContain('Choose a range of at most 366 days');
    const format = await get(`insights/customer-statistics/export?${RANGE}&format=pdf`, exporter.token);
    expect(format.statusCode).toBe(422);
    expect(format.body).toContain('format must be csv or xlsx');
    const level = await get(`insights/customer-statistics?riskLevel=extreme`, viewer.token);
    expect(level.statusCode).toBe(422);
  });

  it('exports the same figures as CSV and as XLSX, and records each export', async () => {
    const csv = await get(`insights/customer-statistics/export?${RANGE}`, exporter.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('customer-statistics-2026-03-01-to-2026-03-05.csv');
    const rows = parseCsv(csv.body).map((row) => row.fields);
    expect(rows[0]).toEqual(['breakdown', 'key', 'label', 'count']);
    expect(rows).toContainEqual(['Risk level', 'unrated', 'Not rated', '1']);
    expect(rows).toContainEqual(['Nationality', 'AE', 'United Arab Emirates', '2']);
    expect(rows).toContainEqual(['New companies per day', '2026-03-04', '2026-03-04', '1']);

    const xlsx = await t.app.inject({
      method: 'GET',
      url: `/api/insights/customer-statistics/export?${RANGE}&format=xlsx`,
      headers: { ...bearer(exporter.token), 'x-timezone-offset': '0' },
    });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Summary',
      'KYC status',
      'Risk level',
      'Hit type',
      'Nationality',
      'Product',
      'Onboarding channel',
      'New customers per day',
    ]);
    const hits = workbook.getWorksheet('Hit type');
    expect(hits?.getRow(2).values).toEqual([undefined, 'pep', 'PEP', 2]);
    expect(workbook.getWorksheet('New customers per day')?.rowCount).toBe(6);

    const audit = await t.context.db.query<{ summary: string; data_segment_id: string }>(
      `select summary, data_segment_id from audit_log where action = 'exported_customer_statistics' and actor_id = $1 order by seq`,
      [exporter.id],
    );
    expect(audit.rows.map((row) => row.summary)).toEqual([
      'Exported customer statistics 2026-03-01 to 2026-03-05 as CSV',
      'Exported customer statistics 2026-03-01 to 2026-03-05 as XLSX',
    ]);
    expect(audit.rows[0]?.data_segment_id).toBe(segment);
  });

  it('lists the top nationalities by name and adds up the rest as Other', () => {
    const codes = ['AE', 'PK', 'GB', 'US', 'FR', 'DE', 'IN', 'SA', 'EG', 'JO', 'QA', 'OM'];
    const tallies = new Map<string | null, number>(codes.map((code, index) => [code, 20 - index]));
    tallies.set(null, 4);
    const buckets = nationalityBuckets(tallies, 10);
    expect(buckets.map((bucket) => bucket.key)).toEqual([...codes.slice(0, 10), 'other', 'unknown']);
    expect(buckets.at(-2)).toEqual({ key: 'other', label: 'Other', count: 10 + 9 });
    expect(buckets.at(-1)).toEqual({ key: 'unknown', label: 'Not given', count: 4 });
  });
});

describe('activity dashboard: onboarding and review figures', () => {
  it('counts customers onboarded, alerts raised and alerts decided per day of the range', async () => {
    const customer = await seedCustomer(segment, { createdAt: '2026-04-10T08:00:00Z' });
    await seedCustomer(segment, { createdAt: '2026-04-11T08:00:00Z' });
    const alert = `insert into alerts (data_segment_id, customer_id, type, reason, state, stage, decision, approver_at, created_at)
      values ($1, $2, 'on boarding', 'Screening hits', $3, $4, $5, $6, $7)`;
    await t.context.db.query(alert, [segment, customer, 'open', 'maker', null, null, '2026-04-10T09:00:00Z']);
    await t.context.db.query(alert, [segment, customer, 'closed', 'decided', 'approved', '2026-04-11T10:00:00Z', '2026-04-09T09:00:00Z']);
    // Another segment's alert in the same days.
    const stranger = await seedCustomer(otherSegment, { createdAt: '2026-04-10T08:00:00Z' });
    await t.context.db.query(alert, [otherSegment, stranger, 'open', 'maker', null, null, '2026-04-10T09:00:00Z']);

    const response = await get(`insights/activity-dashboard?from=2026-04-10&to=2026-04-11&dataSegmentId=${segment}`, t.adminToken);
    expect(response.statusCode).toBe(200);
    const dashboard = response.json<{ data: TActivityDashboard }>().data;
    expect(dashboard.totals).toMatchObject({ customersOnboarded: 2, alertsRaised: 1, alertsDecided: 1 });
    expect(
      dashboard.days.map(({ date, customersOnboarded, alertsRaised, alertsDecided }) => ({
        date,
        customersOnboarded,
        alertsRaised,
        alertsDecided,
      })),
    ).toEqual([
      { date: '2026-04-10', customersOnboarded: 1, alertsRaised: 1, alertsDecided: 0 },
      { date: '2026-04-11', customersOnboarded: 1, alertsRaised: 0, alertsDecided: 1 },
    ]);
    const csv = await get(`insights/activity-dashboard/export?from=2026-04-10&to=2026-04-11&dataSegmentId=${segment}`, t.adminToken);
    expect(parseCsv(csv.body).map((row) => row.fields)[2]).toEqual(['2026-04-11', expect.any(String), expect.any(String), '1', '0', '1']);
  });
});
