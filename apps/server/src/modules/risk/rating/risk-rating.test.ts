import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCustomerRiskRating, TSimulationResult, TStoredRating } from '@sanad/contracts/risk-rating';
import type { TestApp } from '../../../test-support/test-app';
import { createAdminSession, type ApiCall } from '../../../test-support/api-session';
import { STAFF_PASSWORD, makeDataSegment, makeUser } from '../../../test-support/factories';
import { buildIndividualRecord, countAllRows, makeCustomer } from '../../../test-support/risk-factories';
import { rateStoredCustomer } from './rate-stored-customer';

let t: TestApp;
let call: ApiCall;
let segment: string;
const everything = { all: true, ids: [] } as const;

beforeAll(async () => {
  ({ t, call } = await createAdminSession());
  segment = t.adminSegmentId;
});
afterAll(async () => t.close());

const rate = (customerId: string, context: Parameters<typeof rateStoredCustomer>[3] = {}) =>
  t.context.db.transaction((tx) => rateStoredCustomer(tx, everything, customerId, context));

describe('rating a stored customer', () => {
  it('rates an ordinary salaried customer low, with the risk table and the next review in five years', async () => {
    const customerId = await makeCustomer(t.context.db, segment);
    const result = await rate(customerId, { now: new Date('2026-03-15T10:00:00Z') });
    expect(result.rating).toMatchObject({ level: 'low', isEddRequired: false, nextReviewDate: '2031-03-15' });
    const tab = await call<TCustomerRiskRating>('GET', `customers/kyc-risk-rating/${customerId}`);
    expect(tab.status).toBe(200);
    expect(tab.body.data.customer).toMatchObject({
      riskLevel: 'low',
      nextReviewDate: '2031-03-15',
      isEddRequired: false,
      hasManualOverwrite: false,
    });
    expect(tab.body.data.customer.sanadId).toMatch(/^SND-\d{8}$/);
    const rating = tab.body.data.rating;
    expect(rating?.explanation.riskTable.find((row) => row.factor === 'country')).toMatchObject({
      riskFactor: 'Country of residence / incorporation',
      value: 'Pakistan',
      score: 20,
      level: 'low',
    });
    expect(rating?.explanation.overrideTable).toEqual([]);
  });

  it('rates a PEP living in a FATF-listed country high with enhanced due diligence, and says why in the override table', async () => {
    const record = buildIndividualRecord({
      basicInfo: { firstName: 'Omar', nationalityId: 'PK', countryOfResidenceId: 'IR', genderId: 'male' },
      pepDeclaration: { anyPublicPos: 'yes' },
    });
    const customerId = await makeCustomer(t.context.db, segment, { record });
    const { rating } = await rate(customerId, { now: new Date('2026-03-15T10:00:00Z') });
    expect(rating).toMatchObject({ level: 'high', isEddRequired: true, nextReviewDate: '2027-03-15' });
    expect(rating.overrideTable.map((row) => [row.riskFactorOverride, row.overrideTo])).toEqual(
      expect.arrayContaining([
        [expect.stringContaining('Iran'), 'high'],
        [expect.stringContaining('Holds a prominent public position'), 'high'],
      ]),
    );
  });

  it('keeps the facts that are not on the record for later ratings, and rates a confirmed sanction hit sanction', async () => {
    const customerId = await makeCustomer(t.context.db, segment);
    const first = await rate(customerId, { facts: { screeningHits: [{ hitType: 'sanction', score: 97, determination: 'genuine' }] } });
    expect(first.rating.level).toBe('sanction');
    expect(first.rating.nextReviewDate).toBeNull();
    const second = await rate(customerId);
    expect(second.facts.screeningHits).toEqual([{ hitType: 'sanction', score: 97, determination: 'genuine' }]);
    expect(second.rating.level).toBe('sanction');
  });

  it('writes an audit entry for each rating in the due diligence module', async () => {
    const customerId = await makeCustomer(t.context.db, segment);
    await rate(customerId);
    const entries = await t.context.db.query<{ action: string }>(
      "select action from audit_log where module = 'due_diligence' and entity_id = $1",
      [customerId],
    );
    expect(entries.rows.map((row) => row.action)).toEqual(['rated_customer']);
  });
});

describe('the KYC risk rating tab', () => {
  it('needs view-customer-profile for a customer and view-company-profile for a company', async () => {
    const customerId = await makeCustomer(t.context.db, segment);
    const companyId = await makeCustomer(t.context.db, segment, {
      type: 'company',
      record: { type: 'company', basicInfo: { countryOfResidenceId: 'GB', companyType: 'private-limited' } },
    });
    await rate(customerId);
    await rate(companyId);
    const companyViewer = await makeUser(t.context.db, { permissions: ['view-company-profile'], dataSegmentId: segment });
    const token = await t.login(companyViewer.email, STAFF_PASSWORD);
    expect((await call('GET', `customers/kyc-risk-rating/${companyId}`, undefined, token)).status).toBe(200);
    expect((await call('GET', `customers/kyc-risk-rating/${customerId}`, undefined, token)).status).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/customers/kyc-risk-rating/${customerId}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('does not show a customer of a segment the user may not see', async () => {
    const other = await makeDataSegment(t.context.db);
    const customerId = await makeCustomer(t.context.db, other);
    const viewer = await makeUser(t.context.db, { permissions: ['view-customer-profile'], dataSegmentId: segment });
    const token = await t.login(viewer.email, STAFF_PASSWORD);
    expect((await call('GET', `customers/kyc-risk-rating/${customerId}`, undefined, token)).status).toBe(404);
  });

  it('lists the rating history newest first', async () => {
    const customerId = await makeCustomer(t.context.db, segment);
    await rate(customerId, { now: new Date('2026-01-01T00:00:00Z') });
    await rate(customerId, { now: new Date('2026-02-01T00:00:00Z'), facts: { adverseMedia: 'confirmed' } });
    const history = await call<TStoredRating[]>('GET', `customers/kyc-risk-rating/${customerId}/history`);
    expect(history.body.pagination?.total).toBe(2);
    expect(history.body.data.map((row) => [row.createdAt.slice(0, 10), row.level])).toEqual([
      ['2026-02-01', 'high'],
      ['2026-01-01', 'low'],
    ]);
  });
});

describe('manual overwrite', () => {
  it('needs manually-overwrite', async () => {
    const customerId = await makeCustomer(t.context.db, segment);
    const viewer = await makeUser(t.context.db, { permissions: ['view-customer-profile'], dataSegmentId: segment });
    const token = await t.login(viewer.email, STAFF_PASSWORD);
    const refused = await call('PUT', `customers/kyc-risk-rating/${customerId}`, { level: 'high', reason: 'Known to the branch' }, token);
    expect(refused.status).toBe(403);
  });

  it('needs a reason, named by field', async () => {
    const customerId = await makeCustomer(t.context.db, segment);
    const response = await call('PUT', `customers/kyc-risk-rating/${customerId}`, { level: 'medium', reason: '  ' });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ reason: ['Please give a reason for the manual overwrite'] });
  });

  it('sets the level with its reason as a new rating, keeps the computed level beside it, and writes an audit entry', async () => {
    const customerId = await makeCustomer(t.context.db, segment, {
      record: buildIndividualRecord({ pepDeclaration: { everPublicPosition: 'yes' } }),
    });
    await rate(customerId);
    const approver = await makeUser(t.context.db, { permissions: ['manually-overwrite'], dataSegmentId: segment });
    const token = await t.login(approver.email, STAFF_PASSWORD);
    const response = await call<TCustomerRiskRating>(
      'PUT',
      `customers/kyc-risk-rating/${customerId}`,
      { level: 'medium', reason: 'Left office in 2009; assessed by compliance' },
      token,
    );
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Risk rating overwritten successfully');
    expect(response.body.data.customer).toMatchObject({ riskLevel: 'medium', hasManualOverwrite: true, isEddRequired: true });
    expect(response.body.data.rating).toMatchObject({
      trigger: 'manual-overwrite',
      level: 'medium',
      computedLevel: 'high',
      overwriteLevel: 'medium',
    });
    expect(response.body.data.rating?.explanation.manualOverwrite).toMatchObject({
      previousLevel: 'high',
      reason: 'Left office in 2009; assessed by compliance',
      isApplied: true,
    });
    const audit = await t.context.db.query<{ action: string; actor_id: string; summary: string }>(
      "select action, actor_id, summary from audit_log where module = 'due_diligence' and action = 'manually_overwrote_risk_rating' and entity_id = $1",
      [customerId],
    );
    expect(audit.rows).toEqual([
      {
        action: 'manually_overwrote_risk_rating',
        actor_id: approver.id,
        summary: 'Risk level overwritten from high to medium: Left office in 2009; assessed by compliance',
      },
    ]);
    // Later ratings keep the officer's judgement until it is replaced.
    expect((await rate(customerId)).rating.level).toBe('medium');
  });

  it('refuses to lower a confirmed sanction hit and writes nothing', async () => {
    const customerId = await makeCustomer(t.context.db, segment);
    await rate(customerId, { facts: { screeningHits: [{ hitType: 'sanction', score: 99, determination: 'genuine' }] } });
    const before = await countAllRows(t.context.db);
    const response = await call('PUT', `customers/kyc-risk-rating/${customerId}`, { level: 'low', reason: 'Looks fine' });
    expect(response.status).toBe(422);
    expect(response.body.errors?.level?.[0]).toContain('A confirmed sanction hit cannot be overwritten to a lower level');
    expect(await countAllRows(t.context.db)).toEqual(before);
  });
});

describe('simulation', () => {
  const pepInIran = {
    facts: {
      subjectType: 'individual',
      nationalities: ['PK'],
      countryOfResidence: 'IR',
      workType: 'business-owner',
      industry: 'real-estate',
      products: ['current-account'],
      isFaceToFace: false,
      pepAnswers: { anyPublicPos: true },
    },
  };

  it('rates a hypothetical PEP in a FATF-listed country high, with both tables, and writes no row anywhere', async () => {
    await call('GET', `configurations/risk/version?dataSegmentId=${segment}`);
    const before = await countAllRows(t.context.db);
    const response = await call<TSimulationResult>('POST', 'configurations/simulate', { dataSegmentId: segment, ...pepInIran });
    expect(response.status).toBe(200);
    const { rating, screening } = response.body.data;
    expect(rating).toMatchObject({ level: 'high', isEddRequired: true });
    expect(rating.riskTable.map((row) => row.riskFactor)).toContain('Country of residence / incorporation');
    expect(rating.overrideTable.length).toBeGreaterThanOrEqual(2);
    expect(rating.nextReviewDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Screening runs (no list holds this name here) and writes nothing either: the row counts below prove it.
    expect(screening).toEqual({ isAvailable: true, hits: [], enteredHits: 0 });
    expect(await countAllRows(t.context.db)).toEqual(before);
  });

  it('counts hits entered by hand, and treats none entered as screening not run', async () => {
    const screened = await call<TSimulationResult>('POST', 'configurations/simulate', {
      dataSegmentId: segment,
      facts: { subjectType: 'company', countryOfResidence: 'GB', entityType: 'private-limited' },
      screeningHits: [{ hitType: 'sanction', score: 96, determination: 'genuine' }],
    });
    expect(screened.body.data.rating.level).toBe('sanction');
    expect(screened.body.data.screening.enteredHits).toBe(1);
    const notRun = await call<TSimulationResult>('POST', 'configurations/simulate', {
      dataSegmentId: segment,
      facts: { subjectType: 'individual', countryOfResidence: 'GB' },
    });
    expect(notRun.body.data.rating.riskTable.find((row) => row.factor === 'nameScreening')?.status).toBe('missing-excluded');
  });

  it('does not even seed a segment without a configuration', async () => {
    const other = await makeDataSegment(t.context.db);
    const before = await countAllRows(t.context.db);
    const response = await call<TSimulationResult>('POST', 'configurations/simulate', { dataSegmentId: other, ...pepInIran });
    expect(response.body.data.rating.level).toBe('high');
    expect(await countAllRows(t.context.db)).toEqual(before);
  });

  it('names the bad field, and needs initiate-simulation-process', async () => {
    const bad = await call('POST', 'configurations/simulate', {
      dataSegmentId: segment,
      facts: { subjectType: 'robot' },
      screeningHits: [{ hitType: 'pep', score: 140 }],
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(expect.arrayContaining(['facts.subjectType', 'screeningHits.0.score']));
    const engineer = await makeUser(t.context.db, { permissions: ['sanad-engine'], dataSegmentId: segment });
    const token = await t.login(engineer.email, STAFF_PASSWORD);
    expect((await call('POST', 'configurations/simulate', { dataSegmentId: segment, ...pepInIran }, token)).status).toBe(403);
  });
});
