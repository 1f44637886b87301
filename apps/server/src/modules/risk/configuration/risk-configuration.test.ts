import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileRiskModel } from '@sanad/risk/risk-model-compiler';
import { createDefaultRiskConfig } from '@sanad/risk/defaults/default-risk-config';
import type { TConfigVersionInfo, TFactorValueRow, TRiskFactorRow } from '@sanad/contracts/risk-configuration';
import { body, type TestApp } from '../../../test-support/test-app';
import { createAdminSession, type ApiCall, type Envelope } from '../../../test-support/api-session';
import { STAFF_PASSWORD, makeDataSegment, makeUser } from '../../../test-support/factories';
import { makeCustomer } from '../../../test-support/risk-factories';
import { seedMissingRiskConfigurations, seedRiskConfiguration } from './risk-seed';
import { rateStoredCustomer } from '../rating/rate-stored-customer';

let t: TestApp;
let call: ApiCall;
let segment: string;

beforeAll(async () => {
  ({ t, call } = await createAdminSession());
  segment = t.adminSegmentId;
});
afterAll(async () => t.close());

async function findValue(page: string, code: string): Promise<TFactorValueRow> {
  const { body: found } = await call<TFactorValueRow[]>(
    'GET',
    `configurations/risk/${page}?dataSegmentId=${segment}&keyword=${encodeURIComponent(code)}&perPage=100`,
  );
  const row = found.data.find((candidate) => candidate.code === code);
  if (!row) throw new Error(`${page} ${code} not found`);
  return row;
}

async function currentVersion(segmentId = segment): Promise<TConfigVersionInfo> {
  return (await call<TConfigVersionInfo>('GET', `configurations/risk/version?dataSegmentId=${segmentId}`)).body.data;
}

describe('a data segment starts from the documented defaults', () => {
  it('gives the first segment version 1, holding exactly the engine default configuration', async () => {
    const version = await currentVersion();
    expect(version.seq).toBe(1);
    expect(version.version).toBe(compileRiskModel(createDefaultRiskConfig()).version);
  });

  it('reads a segment that has none as the defaults, and stores nothing', async () => {
    const other = await makeDataSegment(t.context.db);
    const defaults = compileRiskModel(createDefaultRiskConfig());
    expect(await currentVersion(other)).toMatchObject({ seq: 0, version: defaults.version });
    const rating = await call<{ mediumFrom: number; highFrom: number }>('GET', `configurations/risk/risk-rating?dataSegmentId=${other}`);
    expect(rating.body.data).toMatchObject(defaults.thresholds);
    const intervals = await call<{ low: number }>('GET', `configurations/risk/risk-level-review?dataSegmentId=${other}`);
    expect(intervals.body.data.low).toBe(defaults.reviewIntervalYears.low);
    const references = await call<unknown[]>('GET', `configurations/risk/references?dataSegmentId=${other}`);
    expect(references.body.data.length).toBeGreaterThan(0);
    const versions = await call<unknown[]>('GET', `configurations/risk/versions?dataSegmentId=${other}`);
    expect(versions.body.pagination?.total).toBe(0);
    expect((await call('GET', `configurations/risk/country?dataSegmentId=${other}`)).status).toBe(200);
    expect((await call('GET', `configurations/risk/rerate?dataSegmentId=${other}`)).status).toBe(200);
    expect((await call('GET', `configurations/nationalities?dataSegmentId=${other}`)).status).toBe(200);
    const stored = await t.context.db.query('select 1 from risk_configurations where data_segment_id = $1', [other]);
    expect(stored.rows).toEqual([]);
  });

  it('seeds at start-up every segment that has none, once', async () => {
    const other = await makeDataSegment(t.context.db);
    expect(await seedMissingRiskConfigurations(t.context.db)).toBeGreaterThanOrEqual(1);
    expect(await seedMissingRiskConfigurations(t.context.db)).toBe(0);
    expect(await currentVersion(other)).toMatchObject({
      seq: 1,
      version: compileRiskModel(createDefaultRiskConfig()).version,
      changedBy: 'System',
    });
  });

  it('answers 404 for a data segment that does not exist, on every read and change, and stores nothing', async () => {
    const nobody = '00000000-0000-0000-0000-000000000000';
    const reads = ['version', 'versions', 'references', 'risk-rating', 'risk-level-review', 'rerate', 'country', 'risk', 'country/export'];
    for (const path of reads) {
      const response = await call('GET', `configurations/risk/${path}?dataSegmentId=${nobody}`);
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
    }
    expect((await call('GET', `configurations/simulate?dataSegmentId=${nobody}`)).status).toBe(404);
    expect((await call('GET', `configurations/genders?dataSegmentId=${nobody}`)).status).toBe(404);
    const add = await call('POST', 'configurations/risk/country', { dataSegmentId: nobody, code: 'zz', title: 'Nowhere', score: 1 });
    expect(add.status).toBe(404);
    const rerate = await call('POST', 'configurations/risk/rerate', { dataSegmentId: nobody });
    expect(rerate.status).toBe(404);
    const stored = await t.context.db.query('select 1 from risk_configurations where data_segment_id = $1', [nobody]);
    expect(stored.rows).toEqual([]);
  });

  it('seeds once: calling seedRiskConfiguration again changes nothing', async () => {
    const other = await makeDataSegment(t.context.db);
    await t.context.db.transaction((tx) => seedRiskConfiguration(tx, other));
    await t.context.db.transaction((tx) => seedRiskConfiguration(tx, other));
    const versions = await call<unknown[]>('GET', `configurations/risk/versions?dataSegmentId=${other}`);
    expect(versions.body.pagination?.total).toBe(1);
  });

  it("shows each value's reason and source, and the FATF and EU lists with their as-of dates", async () => {
    const iran = await findValue('country', 'IR');
    expect(iran).toMatchObject({ score: 100, overrideTo: 'high' });
    expect(iran.reason).toContain('Listed: FATF High-Risk Jurisdictions subject to a Call for Action');
    expect(iran.source).toContain('fatf-gafi.org');
    const references = await call<Array<{ id: string; asOf: string | null; publisher: string }>>(
      'GET',
      `configurations/risk/references?dataSegmentId=${segment}`,
    );
    expect(references.body.data.map((reference) => reference.id)).toEqual(
      expect.arrayContaining(['fatf-call-for-action', 'fatf-increased-monitoring', 'eu-high-risk-third-countries']),
    );
    expect(references.body.data.find((reference) => reference.id === 'fatf-call-for-action')?.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('table pages', () => {
  it('lists a factor page with search, sort and pagination in the list envelope', async () => {
    const page = await call<TFactorValueRow[]>(
      'GET',
      `configurations/risk/country?dataSegmentId=${segment}&sortBy=score&sortOrder=desc&perPage=10&startAt=2`,
    );
    expect(page.status).toBe(200);
    expect(page.body.pagination).toEqual({ total: 250, current: 2, next: 3, perPage: 10 });
    const scores = page.body.data.map((row) => row.score);
    expect(scores).toEqual(scores.toSorted((a, b) => b - a));
    const search = await call<TFactorValueRow[]>('GET', `configurations/risk/industry?dataSegmentId=${segment}&keyword=gambling`);
    expect(search.body.data.map((row) => row.code)).toEqual(['gambling']);
    const unknownSort = await call('GET', `configurations/risk/country?dataSegmentId=${segment}&sortBy=password`);
    expect(unknownSort.status).toBe(422);
    expect(unknownSort.body.errors).toHaveProperty('sortBy');
  });

  it('answers 401 without a token and 403 without sanad-engine', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/configurations/risk/country?dataSegmentId=${segment}` });
    expect(anonymous.statusCode).toBe(401);
    const viewer = await makeUser(t.context.db, { permissions: ['view-customer-profile'], dataSegmentId: segment });
    const token = await t.login(viewer.email, STAFF_PASSWORD);
    expect((await call('GET', `configurations/risk/country?dataSegmentId=${segment}`, undefined, token)).status).toBe(403);
    expect((await call('POST', 'configurations/risk/country', { code: 'ZZ', title: 'Z', score: 1 }, token)).status).toBe(403);
  });

  it("refuses another segment's configuration to a user who may not see it", async () => {
    const other = await makeDataSegment(t.context.db);
    const engineer = await makeUser(t.context.db, { permissions: ['sanad-engine'], dataSegmentId: segment });
    const token = await t.login(engineer.email, STAFF_PASSWORD);
    expect((await call('GET', `configurations/risk/country?dataSegmentId=${other}`, undefined, token)).status).toBe(403);
    expect((await call('GET', `configurations/risk/country?dataSegmentId=${segment}`, undefined, token)).status).toBe(200);
  });

  it('names the field of each validation error', async () => {
    const noCode = await call('POST', 'configurations/risk/industry', { dataSegmentId: segment, title: 'Crypto ATMs', score: 120 });
    expect(noCode.status).toBe(422);
    expect(noCode.body.errors).toMatchObject({ code: ['Code is required'], score: ['Score must be a number from 0 to 100'] });
    expect(noCode.body.message).toBe('Code is required');
    const badBand = await call('POST', 'configurations/risk/aum', {
      dataSegmentId: segment,
      code: 'aum-x',
      title: 'X',
      score: 40,
      min: 500,
      max: 100,
    });
    expect(badBand.body.errors).toEqual({ max: ['Max must be above min'] });
    const noHitType = await call('POST', 'configurations/risk/name-screen-score', {
      dataSegmentId: segment,
      code: 'pep-x',
      title: 'X',
      score: 40,
      min: 10,
      max: 20,
    });
    expect(noHitType.body.errors).toEqual({ hitType: ['Hit type is required'] });
    const duplicate = await call('POST', 'configurations/risk/country', {
      dataSegmentId: segment,
      code: 'pk',
      title: 'Pakistan again',
      score: 10,
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.errors).toEqual({ code: ['A country with the code pk already exists'] });
    const unknownPage = await call('GET', `configurations/risk/occupations?dataSegmentId=${segment}`);
    expect(unknownPage.status).toBe(404);
  });
});

describe('archive and activate', () => {
  it('archives a value with the whole item and its new status, takes it out of the dropdowns, and activates it again', async () => {
    const male = await findValue('gender', 'male');
    const archived = await call<{ item: TFactorValueRow; isChanged: boolean }>('PUT', `configurations/risk/gender/${male._id}`, {
      ...male,
      dataSegmentId: segment,
      status: 'archived',
    });
    expect(archived.status).toBe(200);
    expect(archived.body.message).toMatch(/^Gender value archived successfully\. Configuration version \d+ is now in force$/);
    expect(archived.body.data.item.status).toBe('archived');
    const dropdown = await t.app.inject({
      method: 'GET',
      url: `/api/configurations/genders?dataSegmentId=${segment}&status=active&perPage=1000&ref=dropdown`,
    });
    expect(body<Envelope<Array<{ code: string }>>>(dropdown).data.map((option) => option.code)).not.toContain('male');
    const onlyArchived = await call<TFactorValueRow[]>('GET', `configurations/risk/gender?dataSegmentId=${segment}&status=archived`);
    expect(onlyArchived.body.data.map((row) => row.code)).toEqual(['male']);
    const activated = await call<{ item: TFactorValueRow }>('PUT', `configurations/risk/gender/${male._id}`, {
      ...male,
      dataSegmentId: segment,
      status: 'active',
    });
    expect(activated.body.message).toMatch(/^Gender value activated successfully/);
    expect(activated.body.data.item.status).toBe('active');
  });

  it('writes an audit entry for each change, in the configuration module', async () => {
    const rows = await t.context.db.query<{ action: string; summary: string }>(
      "select action, summary from audit_log where module = 'configuration' and action in ('archived_risk_configuration_item', 'activated_risk_configuration_item') order by seq",
    );
    expect(rows.rows.map((row) => row.action)).toEqual(['archived_risk_configuration_item', 'activated_risk_configuration_item']);
    expect(rows.rows[0]?.summary).toBe('Archived gender value Male on gender');
  });

  it('refuses to change a code, which customer records store', async () => {
    const female = await findValue('gender', 'female');
    const response = await call('PUT', `configurations/risk/gender/${female._id}`, { ...female, dataSegmentId: segment, code: 'f' });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ code: ['The code cannot be changed: archive this value and add a new one'] });
  });
});

describe('versions', () => {
  it('creates a new version on every change and none when nothing changed', async () => {
    const before = await currentVersion();
    const pk = await findValue('country', 'PK');
    const changed = await call<{ version: TConfigVersionInfo; isChanged: boolean }>('PUT', `configurations/risk/country/${pk._id}`, {
      ...pk,
      dataSegmentId: segment,
      score: pk.score + 5,
    });
    expect(changed.body.data.isChanged).toBe(true);
    expect(changed.body.data.version.seq).toBe(before.seq + 1);
    expect(changed.body.data.version.version).not.toBe(before.version);
    const again = await call<{ isChanged: boolean }>('PUT', `configurations/risk/country/${pk._id}`, {
      ...pk,
      dataSegmentId: segment,
      score: pk.score + 5,
    });
    expect(again.body).toMatchObject({ message: 'No changes to save', data: { isChanged: false } });
    expect((await currentVersion()).seq).toBe(before.seq + 1);
    const restored = await call<{ version: TConfigVersionInfo }>('PUT', `configurations/risk/country/${pk._id}`, {
      ...pk,
      dataSegmentId: segment,
    });
    // Back to the earlier content: a new version row, with the earlier content hash.
    expect(restored.body.data.version).toMatchObject({ seq: before.seq + 2, version: before.version });
    const history = await call<Array<{ seq: number; page: string; actorName: string }>>(
      'GET',
      `configurations/risk/versions?dataSegmentId=${segment}&perPage=10`,
    );
    expect(history.body.data[0]).toMatchObject({ seq: before.seq + 2, page: 'country', actorName: 'System Administrator' });
  });

  it('versions word lists apart from the rating: a stop word does not change the rating version', async () => {
    const before = await currentVersion();
    const added = await call<{ version: TConfigVersionInfo }>('POST', 'configurations/risk/stop-words', {
      dataSegmentId: segment,
      word: 'sahib',
    });
    expect(added.status).toBe(200);
    expect(added.body.data.version.version).toBe(before.version);
    expect(added.body.data.version.wordListVersion).not.toBe(before.wordListVersion);
    expect(added.body.data.version.seq).toBe(before.seq + 1);
  });

  it('never rewrites a past rating: it keeps the version it was made with', async () => {
    const customerId = await makeCustomer(t.context.db, segment);
    const first = await t.context.db.transaction((tx) => rateStoredCustomer(tx, { all: true, ids: [] }, customerId));
    const pk = await findValue('country', 'PK');
    await call('PUT', `configurations/risk/country/${pk._id}`, { ...pk, dataSegmentId: segment, score: 90 });
    const second = await t.context.db.transaction((tx) => rateStoredCustomer(tx, { all: true, ids: [] }, customerId));
    expect(second.rating.configVersion).not.toBe(first.rating.configVersion);
    const stored = await t.context.db.query<{ id: string; config_version: string; explanation: { totalScore: number } }>(
      'select id, config_version, explanation from risk_ratings where customer_id = $1 order by created_at',
      [customerId],
    );
    expect(stored.rows.map((row) => row.config_version)).toEqual([first.rating.configVersion, second.rating.configVersion]);
    expect(stored.rows[0]?.explanation.totalScore).toBe(first.rating.totalScore);
    await expect(t.context.db.query("update risk_ratings set level = 'low' where customer_id = $1", [customerId])).rejects.toThrow(
      /never rewritten/,
    );
    await call('PUT', `configurations/risk/country/${pk._id}`, { ...pk, dataSegmentId: segment });
  });
});

describe('single-valued pages', () => {
  it('saves the risk-rating thresholds as a new version, refusing bands out of order by field', async () => {
    const current = await call<{ mediumFrom: number; highFrom: number; factorMediumFrom: number; factorHighFrom: number }>(
      'GET',
      `configurations/risk/risk-rating?dataSegmentId=${segment}`,
    );
    expect(current.body.data).toMatchObject({
      mediumFrom: 30,
      highFrom: 55,
      factorMediumFrom: 35,
      factorHighFrom: 70,
      enhancedDueDiligenceFrom: 'high',
    });
    const wrong = await call('PUT', `configurations/risk/risk-rating/${segment}`, { ...current.body.data, highFrom: 20 });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ highFrom: ['High from must be above medium from'] });
    const saved = await call<{ item: { highFrom: number }; isChanged: boolean }>('PUT', `configurations/risk/risk-rating/${segment}`, {
      ...current.body.data,
      highFrom: 60,
    });
    expect(saved.body.data).toMatchObject({ item: { highFrom: 60 }, isChanged: true });
    await call('PUT', `configurations/risk/risk-rating/${segment}`, current.body.data);
  });

  it('saves the review intervals, refusing less than a month', async () => {
    const wrong = await call('PUT', `configurations/risk/risk-level-review/${segment}`, { low: 5, medium: 3, high: 0 });
    expect(wrong.body.errors).toEqual({ high: ['High must be at least one month (0.09 years)'] });
    const saved = await call<{ item: { high: number } }>('PUT', `configurations/risk/risk-level-review/${segment}`, {
      low: 5,
      medium: 2,
      high: 1,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.item).toMatchObject({ low: 5, medium: 2, high: 1 });
  });
});

describe('CSV export and import', () => {
  it('exports a page as CSV that imports back without changes', async () => {
    const exported = await call('GET', `configurations/risk/industry/export?dataSegmentId=${segment}`);
    expect(exported.status).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    expect(exported.headers['content-disposition']).toMatch(/attachment; filename="sanad-engine-industry-\d{4}-\d{2}-\d{2}\.csv"/);
    // Every cell is quoted (so no cell can start a formula in a spreadsheet), the header too.
    expect(exported.text.split('\r\n')[0]).toBe('"code","title","score","overrideTo","status","reason","source"');
    const reimported = await call<{ created: number; updated: number; unchanged: number; isChanged: boolean }>(
      'POST',
      'configurations/risk/industry/import',
      { dataSegmentId: segment, content: exported.text },
    );
    expect(reimported.body.data).toMatchObject({ created: 0, updated: 0, unchanged: 31, isChanged: false });
  });

  it('adds new codes and updates existing ones from a good file, as one version', async () => {
    const before = await currentVersion();
    const csv =
      'code,title,score,overrideTo,status\nfintech-lending,Fintech lending,55,,active\ngambling,Gambling and betting,95,high,active\n';
    const imported = await call<{ created: number; updated: number; version: TConfigVersionInfo }>(
      'POST',
      'configurations/risk/industry/import',
      { dataSegmentId: segment, fileName: 'industries.csv', content: csv },
    );
    expect(imported.status).toBe(200);
    expect(imported.body.data).toMatchObject({ created: 1, updated: 1, version: { seq: before.seq + 1 } });
    expect(await findValue('industry', 'gambling')).toMatchObject({ score: 95, overrideTo: 'high', title: 'Gambling and betting' });
    expect(await findValue('industry', 'fintech-lending')).toMatchObject({ score: 55, overrideTo: null });
  });

  it('refuses a bad file naming the row and the reason, and applies nothing of it', async () => {
    const before = await currentVersion();
    const csv = ['code,title,score', 'crypto-atm,Crypto ATMs,70', 'gambling,Gambling,150', ',No code,10', 'crypto-atm,Again,20'].join('\n');
    const refused = await call('POST', 'configurations/risk/industry/import', { dataSegmentId: segment, content: csv });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Row 3: Score must be a number from 0 to 100');
    expect(refused.body.errors).toEqual({
      'rows.3.score': ['Row 3: Score must be a number from 0 to 100'],
      'rows.4.code': ['Row 4: Code is required'],
      'rows.5.code': ['Row 5: crypto-atm is already on row 2'],
    });
    const search = await call<TFactorValueRow[]>('GET', `configurations/risk/industry?dataSegmentId=${segment}&keyword=crypto-atm`);
    expect(search.body.data).toEqual([]);
    expect((await findValue('industry', 'gambling')).score).toBe(95);
    expect((await currentVersion()).seq).toBe(before.seq);
  });

  it('refuses a weight or score out of range with its field, never clamping it or saving a version', async () => {
    const before = await currentVersion();
    const factors = await call<TRiskFactorRow[]>('GET', `configurations/risk/risk?dataSegmentId=${segment}&perPage=50`);
    const factor = factors.body.data.find((row) => row.weight > 0);
    if (!factor) throw new Error('no weighted factor');
    const negative = await call('PUT', `configurations/risk/risk/${factor._id}`, { ...factor, dataSegmentId: segment, weight: -5 });
    expect(negative.status).toBe(422);
    expect(negative.body.errors).toEqual({ weight: ['Weight must be a number from 0 to 1000'] });
    const unknownScore = await call('PUT', `configurations/risk/risk/${factor._id}`, {
      ...factor,
      dataSegmentId: segment,
      unknownScore: -5,
    });
    expect(unknownScore.body.errors).toEqual({ unknownScore: ['Score must be a number from 0 to 100'] });
    const score = await call('POST', 'configurations/risk/industry', { dataSegmentId: segment, code: 'neg', title: 'Negative', score: -5 });
    expect(score.body.errors).toEqual({ score: ['Score must be a number from 0 to 100'] });
    const file = [
      'key,title,weight,status,missing,unknownScore,appliesTo',
      `${factor.key},${factor.title},-5,active,exclude,50,individual`,
    ];
    const imported = await call('POST', 'configurations/risk/risk/import', { dataSegmentId: segment, content: file.join('\n') });
    expect(imported.status).toBe(422);
    expect(imported.body.errors).toEqual({ 'rows.2.weight': ['Row 2: Weight must be a number from 0 to 1000'] });
    const after = await call<TRiskFactorRow[]>('GET', `configurations/risk/risk?dataSegmentId=${segment}&perPage=50`);
    expect(after.body.data.find((row) => row._id === factor._id)?.weight).toBe(factor.weight);
    expect((await currentVersion()).seq).toBe(before.seq);
  });

  it('refuses a file that is valid row by row but would leave no weighted factor', async () => {
    const other = await makeDataSegment(t.context.db);
    await t.context.db.transaction((tx) => seedRiskConfiguration(tx, other));
    const keys = createDefaultRiskConfig().factors.map((factor) => factor.key);
    const csv = [
      'key,title,weight,status,missing,unknownScore,appliesTo',
      ...keys.map((key) => `${key},${key},0,active,exclude,50,individual;company`),
    ].join('\n');
    const refused = await call('POST', 'configurations/risk/risk/import', { dataSegmentId: other, content: csv });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('The file would make the configuration invalid: At least one active factor needs a weight above 0');
    const weights = await call<Array<{ weight: number }>>('GET', `configurations/risk/risk?dataSegmentId=${other}&perPage=50`);
    expect(weights.body.data.some((factor) => factor.weight > 0)).toBe(true);
    expect((await currentVersion(other)).seq).toBe(1);
  });

  it('refuses a file without the required columns, and an unknown factor key on the risk page', async () => {
    const noScore = await call('POST', 'configurations/risk/country/import', {
      dataSegmentId: segment,
      content: 'code,title\nPK,Pakistan\n',
    });
    expect(noScore.body.errors).toEqual({
      content: ['The file has no score column. Expected columns: code, title, score, overrideTo, status, reason, source'],
    });
    const unknownFactor = await call('POST', 'configurations/risk/risk/import', {
      dataSegmentId: segment,
      content: 'key,title,weight,missing,unknownScore,appliesTo\nhoroscope,Star sign,5,exclude,50,individual\n',
    });
    expect(unknownFactor.body.errors).toEqual({
      'rows.2.key': ['Row 2: there is no risk factor horoscope; rows can only update existing ones'],
    });
  });
});

describe('reference lists for the registration dropdowns', () => {
  it('serves GET /configurations/{genders|nationalities} in the list envelope, without sign-in', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/configurations/nationalities?dataSegmentId=${segment}&status=active&perPage=1000&ref=dropdown`,
    });
    expect(response.statusCode).toBe(200);
    const list = body<Envelope<Array<Record<string, unknown>>>>(response);
    expect(list.status).toBe(true);
    expect(list.pagination).toEqual({ total: 250, current: 1, next: null, perPage: 1000 });
    expect(list.data[0]).toEqual({ _id: 'AF', code: 'AF', title: 'Afghanistan', status: 'active' });
    const genders = body<Envelope<Array<{ code: string }>>>(
      await t.app.inject({
        method: 'GET',
        url: `/api/configurations/genders?dataSegmentId=${segment}&status=active&perPage=1000&ref=dropdown`,
      }),
    );
    expect(genders.data.map((option) => option.code)).toEqual(['male', 'female', 'other', 'undisclosed']);
  });

  it('serves every reference list, and refuses a missing or unknown segment', async () => {
    const sizes: Record<string, number> = {};
    for (const list of [
      'countries',
      'states',
      'work-types',
      'industries',
      'products',
      'relationships',
      'investments',
      'channels',
      'purposes-of-action',
      'entity-types',
    ]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/configurations/${list}?dataSegmentId=${segment}&perPage=1000` });
      sizes[list] = response.statusCode === 200 ? body<Envelope<unknown[]>>(response).data.length : -response.statusCode;
    }
    expect(Object.entries(sizes).filter(([, size]) => size <= 0)).toEqual([]);
    expect(sizes).toMatchObject({ countries: 250, channels: 2 });
    const missing = await t.app.inject({ method: 'GET', url: '/api/configurations/genders?perPage=1000' });
    expect(body<Envelope<unknown>>(missing).errors).toEqual({ dataSegmentId: ['dataSegmentId is required'] });
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/configurations/genders?dataSegmentId=6f1c5a2e-0000-4000-8000-000000000001',
    });
    expect(unknown.statusCode).toBe(404);
  });
});
