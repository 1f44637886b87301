import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TGoodGuy, THitDetail, TRescreenResult, TTimelineEvent } from '@sanad/contracts/customer-profile';
import type { TCustomerCreateBody, TCustomerDetail, TCustomerHit, TCustomerUpdateBody } from '@sanad/contracts/customers';
import type { TCustomerRiskRating, TStoredRating } from '@sanad/contracts/risk-rating';
import type { Actor } from '../../platform/auth/access';
import { signedInUser } from '../../test-support/admin-helpers';
import { apiCaller } from '../../test-support/api-session';
import { customerSubmission } from '../../test-support/customer-factories';
import { makeDataSegment } from '../../test-support/factories';
import { ADMIN_EMAIL, bearer, useTestApp } from '../../test-support/test-app';
import { createHitReviewService } from './hit-review.service';

const t = useTestApp();
const api = () => apiCaller(t, t.adminToken);

let listedSequence = 0;

/** A person on the firm's own list, and a customer registered with that name: one open black-list hit. */
async function listedCustomer(): Promise<{ customer: TCustomerDetail; hit: TCustomerHit; entryId: string; name: string }> {
  listedSequence += 1;
  const first = ['Qasim', 'Zubair', 'Tahir', 'Imran', 'Junaid', 'Shahid'][listedSequence % 6] ?? 'Qasim';
  const last = `Raza Jafri${'x'.repeat(listedSequence)}`;
  const name = `${first} ${last}`;
  const listed = await api()<{ _id: string }>('POST', 'screening-data/sanad-list', {
    name,
    dateOfBirth: '1977-11-02',
    nationality: 'PK',
    fatherName: 'Mehdi Raza Jafri',
    reason: 'Fraud ring',
  });
  expect(listed.status).toBe(200);
  const input = customerSubmission({
    basicInfo: { firstName: first, lastName: last, dateOfBirth: '1977-11-02', nationalityId: 'PK', countryOfResidenceId: 'PK' },
  });
  const answer = await api()<TCustomerDetail>('POST', 'customers/self-register', input);
  expect(answer.status).toBe(200);
  const hit = answer.body.data.hits.find((candidate) => candidate.fullName === name);
  if (!hit) throw new Error('the listed name raised no hit');
  return { customer: answer.body.data, hit, entryId: listed.body.data._id, name };
}

const decide = (customerId: string, hitId: string, body: unknown, token = t.adminToken) =>
  api()<TCustomerHit>('PUT', `customers/${customerId}/hits/${hitId}`, body, token);
const rescreen = (customerId: string, token = t.adminToken) =>
  api()<TRescreenResult>('POST', `customers/${customerId}/rescreen`, undefined, token);
const getCustomer = async (id: string) => (await api()<TCustomerDetail>('GET', `customers/${id}`)).body.data;

async function withdraw(customerId: string, goodGuyId: string, token = t.adminToken) {
  const response = await t.app.inject({
    method: 'DELETE',
    url: `/api/customers/${customerId}/good-guys/${goodGuyId}`,
    headers: bearer(token),
  });
  return { status: response.statusCode, body: response.json<{ message: string; data: TGoodGuy }>() };
}

async function count(table: string, where: string, params: unknown[]): Promise<number> {
  const result = await t.context.db.query<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`, params);
  return result.rows[0]?.n ?? 0;
}

describe('name screening: deciding a hit', () => {
  it('marks a hit not relevant with a comment, remembers it, re-rates and audits in one change', async () => {
    const { customer, hit } = await listedCustomer();
    expect(customer.hitTypes).toEqual(['blackList']);
    const answer = await decide(customer._id, hit._id, { decision: 'not-relevant', comment: 'Different person: other father name' });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Screening hit updated successfully');
    expect(answer.body.data).toMatchObject({
      hitDetermination: 'false-positive',
      relevant: false,
      notRelevant: true,
      comments: 'Different person: other father name',
    });
    const after = await getCustomer(customer._id);
    // A hit judged not relevant no longer lists the customer under its hit type.
    expect(after.hitTypes).toEqual([]);
    const goodGuys = await api()<TGoodGuy[]>('GET', `customers/${customer._id}/good-guys`);
    expect(goodGuys.body.data).toEqual([
      expect.objectContaining({ fullName: hit.fullName, comment: 'Different person: other father name', decidedBy: expect.any(String) }),
    ]);
    const ratings = await t.context.db.query<{ facts: { screeningHits: { determination: string }[] } }>(
      'select facts from risk_ratings where customer_id = $1 order by created_at desc limit 1',
      [customer._id],
    );
    expect(ratings.rows[0]?.facts.screeningHits).toEqual([expect.objectContaining({ determination: 'false-positive' })]);
    expect(await count('audit_log', "entity_id = $1 and action = 'decided_screening_hit'", [customer._id])).toBe(1);
  });

  it('requires a decision and a comment, in words the reviewer reads', async () => {
    const { customer, hit } = await listedCustomer();
    const noComment = await decide(customer._id, hit._id, { decision: 'relevant', comment: '  ' });
    expect(noComment.status).toBe(422);
    expect(noComment.body.errors).toMatchObject({ comment: ['Please add a comment'] });
    const noDecision = await decide(customer._id, hit._id, { comment: 'x' });
    expect(noDecision.status).toBe(422);
    expect(noDecision.body.errors).toMatchObject({ decision: ['Choose relevant or not relevant'] });
    const wrongHit = await decide(customer._id, '00000000-0000-4000-8000-000000000000', { decision: 'relevant', comment: 'x' });
    expect(wrongHit.status).toBe(404);
    expect(wrongHit.body.message).toBe('This screening hit was not found for this customer');
  });

  it('needs kyc-status-review to decide; view-customer-profile alone only reads', async () => {
    const { customer, hit } = await listedCustomer();
    const viewer = await signedInUser(t, ['view-customer-profile']);
    expect((await decide(customer._id, hit._id, { decision: 'relevant', comment: 'x' }, viewer.token)).status).toBe(403);
    expect((await rescreen(customer._id, viewer.token)).status).toBe(403);
    expect((await api()('GET', `customers/${customer._id}/hits/${hit._id}`, undefined, viewer.token)).status).toBe(200);
    const reviewer = await signedInUser(t, ['kyc-status-review']);
    expect((await decide(customer._id, hit._id, { decision: 'relevant', comment: 'Same person' }, reviewer.token)).status).toBe(200);
  });

  it("answers another segment's customer and its hits as not found", async () => {
    const { customer, hit } = await listedCustomer();
    const other = await makeDataSegment(t.context.db);
    const outsider = await signedInUser(t, ['view-customer-profile', 'kyc-status-review', 'export-activity-timeline'], [other]);
    expect((await decide(customer._id, hit._id, { decision: 'not-relevant', comment: 'x' }, outsider.token)).status).toBe(404);
    expect((await api()('GET', `customers/${customer._id}/hits/${hit._id}`, undefined, outsider.token)).status).toBe(404);
    expect((await rescreen(customer._id, outsider.token)).status).toBe(404);
    expect((await api()('GET', `customers/${customer._id}/activity-timeline`, undefined, outsider.token)).status).toBe(404);
    expect((await api()('GET', `customers/${customer._id}/activity-timeline/export`, undefined, outsider.token)).status).toBe(404);
    expect((await api()('GET', `customers/${customer._id}/good-guys`, undefined, outsider.token)).status).toBe(404);
    expect(await count('customer_hits', "id = $1 and hit_determination = 'open'", [hit._id])).toBe(1);
  });
});

describe('one transaction per decision', () => {
  it('leaves the hit, the remembered decisions and the audit trail as they were when the re-rating fails', async () => {
    const { customer, hit } = await listedCustomer();
    const admin = await t.context.db.query<{ id: string }>('select id from users where email = $1', [ADMIN_EMAIL]);
    const actor = {
      userId: admin.rows[0]?.id ?? '',
      sessionId: randomUUID(),
      name: 'Admin',
      email: ADMIN_EMAIL,
      roleName: 'Administrator',
      permissions: new Set(['view-customer-profile', 'kyc-status-review']),
      segments: { all: false, ids: [t.adminSegmentId] },
      activeSegmentId: t.adminSegmentId,
      isActiveSegmentWhiteLabelled: false,
    } as unknown as Actor;
    const failing = createHitReviewService({
      db: t.context.db,
      screening: { screenCustomer: async () => [] },
      ratings: {
        rateInTransaction: async () => {
          throw new Error('power cut');
        },
      },
    });
    const meta = { ip: '127.0.0.1', userAgent: null, requestId: 'r1', timezoneOffset: 0 };
    await expect(
      failing.decide(actor, customer._id, hit._id, { decision: 'not-relevant', comment: 'Different person' }, meta),
    ).rejects.toThrow('power cut');
    await expect(failing.rescreen(actor, customer._id, meta)).rejects.toThrow('power cut');
    expect(await count('customer_hits', "id = $1 and hit_determination = 'open' and comments = ''", [hit._id])).toBe(1);
    expect(await count('customer_good_guys', 'customer_id = $1', [customer._id])).toBe(0);
    expect(await count('audit_log', "entity_id = $1 and action in ('decided_screening_hit', 'rescreened_customer')", [customer._id])).toBe(
      0,
    );
    expect((await getCustomer(customer._id)).hitTypes).toEqual(['blackList']);
  });
});

describe('the good-guy list', () => {
  it('keeps a listed entity judged not relevant from raising a hit again, on re-screen and on edit', async () => {
    const { customer, hit } = await listedCustomer();
    expect((await decide(customer._id, hit._id, { decision: 'not-relevant', comment: 'Different person' })).status).toBe(200);

    const again = await rescreen(customer._id);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('Customer re-screened successfully');
    expect(again.body.data).toMatchObject({ newHits: 0, suppressed: 1, reopened: 0 });
    expect(again.body.data.hits.map((row) => [row.fullName, row.hitDetermination])).toEqual([[hit.fullName, 'false-positive']]);

    const current = await getCustomer(customer._id);
    const edit: TCustomerUpdateBody = {
      version: current.version,
      basicInfo: { ...(current.record.basicInfo as TCustomerUpdateBody['basicInfo']) },
      identityInfo: { ...current.record.identityInfo } as TCustomerUpdateBody['identityInfo'],
      occupationInfo: { ...current.record.occupationInfo },
      pepDeclaration: { ...current.record.pepDeclaration },
      contactInfo: { ...current.record.contactInfo } as TCustomerUpdateBody['contactInfo'],
      accountInfo: { ...current.record.accountInfo },
      reference: 'edited after the decision',
    };
    const edited = await api()<TCustomerDetail>('PUT', `customers/${customer._id}`, edit);
    expect(edited.status).toBe(200);
    expect(edited.body.data.hits.map((row) => row.hitDetermination)).toEqual(['false-positive']);
    expect(edited.body.data.hitTypes).toEqual([]);
  });

  it('raises the hit again when the list changes the entity, and forgets the decision', async () => {
    const { customer, hit, entryId, name } = await listedCustomer();
    expect((await decide(customer._id, hit._id, { decision: 'not-relevant', comment: 'Different person' })).status).toBe(200);
    const changed = await api()('PUT', `screening-data/sanad-list/${entryId}`, {
      name,
      dateOfBirth: '1977-11-02',
      nationality: 'PK',
      fatherName: 'Mehdi Raza Jafri',
      reason: 'Fraud ring; also money mule recruitment',
    });
    expect(changed.status).toBe(200);
    const again = await rescreen(customer._id);
    expect(again.body.data).toMatchObject({ newHits: 1, suppressed: 0, reopened: 1 });
    expect(again.body.data.hits.map((row) => [row.fullName, row.hitDetermination])).toEqual([[name, 'open']]);
    expect((await api()<TGoodGuy[]>('GET', `customers/${customer._id}/good-guys`)).body.data).toEqual([]);
    expect((await getCustomer(customer._id)).hitTypes).toEqual(['blackList']);
  });

  it('is reversible: withdrawing the decision opens the hit again, with kyc-status-review only', async () => {
    const { customer, hit } = await listedCustomer();
    await decide(customer._id, hit._id, { decision: 'not-relevant', comment: 'Different person' });
    const [goodGuy] = (await api()<TGoodGuy[]>('GET', `customers/${customer._id}/good-guys`)).body.data;
    if (!goodGuy) throw new Error('no remembered decision');
    const viewer = await signedInUser(t, ['view-customer-profile']);
    expect((await withdraw(customer._id, goodGuy._id, viewer.token)).status).toBe(403);
    const answer = await withdraw(customer._id, goodGuy._id);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe("The 'not relevant' decision was withdrawn; the hit is open for review again");
    const after = await getCustomer(customer._id);
    expect(after.hits.map((row) => row.hitDetermination)).toEqual(['open']);
    expect(after.hitTypes).toEqual(['blackList']);
    expect((await withdraw(customer._id, goodGuy._id)).status).toBe(404);
    // With the decision withdrawn, a re-screening finds the entity as a hit to review.
    expect((await rescreen(customer._id)).body.data).toMatchObject({ suppressed: 0 });
  });

  it('forgets a not-relevant decision when the hit is later marked relevant', async () => {
    const { customer, hit } = await listedCustomer();
    await decide(customer._id, hit._id, { decision: 'not-relevant', comment: 'Different person' });
    await decide(customer._id, hit._id, { decision: 'relevant', comment: 'On second look: same passport' });
    expect((await api()<TGoodGuy[]>('GET', `customers/${customer._id}/good-guys`)).body.data).toEqual([]);
    expect((await getCustomer(customer._id)).hitTypes).toEqual(['blackList']);
  });
});

describe('hit detail', () => {
  it('shows the listed entity beside the customer, field by field, with the explanation of the score', async () => {
    const { customer, hit } = await listedCustomer();
    const answer = await api()<THitDetail>('GET', `customers/${customer._id}/hits/${hit._id}`);
    expect(answer.status).toBe(200);
    const detail = answer.body.data;
    expect(detail.customer).toEqual({ _id: customer._id, sanadId: customer.sanadId, fullName: customer.fullName });
    expect(detail.hit._id).toBe(hit._id);
    expect(detail.explanation?.summary).toBeTruthy();
    expect(detail.explanation?.nameScore).toBeGreaterThan(0);
    const byField = Object.fromEntries(detail.comparison.map((row) => [row.field, row]));
    expect(byField.name).toMatchObject({ customer: customer.fullName, listed: [hit.fullName] });
    expect(byField.dob).toMatchObject({ customer: '1977-11-02', listed: ['1977-11-02'] });
    expect(byField.dob?.outcome).not.toBe('not-compared');
    expect(byField.father).toMatchObject({ customer: null, listed: ['Mehdi Raza Jafri'] });
    expect(detail.listed.remarks).toBe('Fraud ring');
    expect(detail.goodGuy).toBeNull();
  });
});

describe('manual overwrite of the risk level', () => {
  it('needs manually-overwrite and a reason, and is kept in the history and the timeline', async () => {
    const { customer } = await listedCustomer();
    const viewer = await signedInUser(t, ['view-customer-profile']);
    expect((await api()('PUT', `customers/kyc-risk-rating/${customer._id}`, { level: 'low', reason: 'x' }, viewer.token)).status).toBe(403);
    const noReason = await api()('PUT', `customers/kyc-risk-rating/${customer._id}`, { level: 'medium', reason: ' ' });
    expect(noReason.status).toBe(422);
    const answer = await api()<TCustomerRiskRating>('PUT', `customers/kyc-risk-rating/${customer._id}`, {
      level: 'high',
      reason: 'Adverse media found by the branch',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.rating?.level).toBe('high');
    const history = await api()<TStoredRating[]>('GET', `customers/kyc-risk-rating/${customer._id}/history`);
    expect(history.body.data[0]).toMatchObject({ trigger: 'manual-overwrite', overwriteReason: 'Adverse media found by the branch' });
    const timeline = await api()<TTimelineEvent[]>('GET', `customers/${customer._id}/activity-timeline`);
    expect(timeline.body.data[0]).toMatchObject({
      title: 'Risk level overwritten',
      summary: expect.stringContaining('Adverse media found by the branch'),
    });
  });
});

describe('activity timeline', () => {
  it('lists every event of the customer newest first, with what each edit changed, page by page', async () => {
    const { customer, hit } = await listedCustomer();
    await decide(customer._id, hit._id, { decision: 'not-relevant', comment: 'Different person' });
    const current = await getCustomer(customer._id);
    const basicInfo = current.record.basicInfo as TCustomerCreateBody['basicInfo'];
    const edited = await api()('PUT', `customers/${customer._id}`, {
      version: current.version,
      basicInfo: { ...basicInfo, middleName: 'Ali' },
      identityInfo: current.record.identityInfo,
      occupationInfo: current.record.occupationInfo,
      pepDeclaration: current.record.pepDeclaration,
      contactInfo: { ...current.record.contactInfo, phoneNumber: '+923331112233' },
      accountInfo: current.record.accountInfo,
    });
    expect(edited.status).toBe(200);

    const answer = await api()<TTimelineEvent[]>('GET', `customers/${customer._id}/activity-timeline?perPage=50`);
    expect(answer.status).toBe(200);
    const actions = answer.body.data.map((event) => event.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'registered_customer',
        'raised_onboarding_alert',
        'rated_customer',
        'decided_screening_hit',
        'edited_customer',
      ]),
    );
    expect(actions.indexOf('edited_customer')).toBeLessThan(actions.indexOf('decided_screening_hit'));
    expect(actions.indexOf('decided_screening_hit')).toBeLessThan(actions.indexOf('registered_customer'));
    const times = answer.body.data.map((event) => event.at);
    expect(times).toEqual(times.toSorted().toReversed());
    const edit = answer.body.data.find((event) => event.action === 'edited_customer');
    expect(edit?.changes).toEqual([
      { field: 'basicInfo.middleName', from: null, to: 'Ali' },
      { field: 'contactInfo.phoneNumber', from: customer.phoneNumber, to: '+923331112233' },
    ]);
    const decided = answer.body.data.find((event) => event.action === 'decided_screening_hit');
    expect(decided).toMatchObject({ title: 'Screening hit decided', summary: expect.stringContaining('not relevant: Different person') });

    const page = await api()<TTimelineEvent[]>('GET', `customers/${customer._id}/activity-timeline?perPage=10&startAt=1`);
    expect(page.body.data.length).toBeLessThanOrEqual(10);
    expect(page.body).toMatchObject({ pagination: { total: answer.body.data.length, perPage: 10 } });
  });

  it('exports as CSV with formula-like cells neutralised, with export-activity-timeline only', async () => {
    const { customer } = await listedCustomer();
    const current = await getCustomer(customer._id);
    const edited = await api()('PUT', `customers/${customer._id}`, {
      version: current.version,
      basicInfo: { ...(current.record.basicInfo as TCustomerCreateBody['basicInfo']), middleName: '=HYPERLINK("http://evil.test")' },
      identityInfo: current.record.identityInfo,
      occupationInfo: current.record.occupationInfo,
      pepDeclaration: current.record.pepDeclaration,
      contactInfo: current.record.contactInfo,
      accountInfo: current.record.accountInfo,
    });
    expect(edited.status).toBe(200);
    const viewer = await signedInUser(t, ['view-customer-profile']);
    expect((await api()('GET', `customers/${customer._id}/activity-timeline/export`, undefined, viewer.token)).status).toBe(403);
    const exporter = await signedInUser(t, ['export-activity-timeline']);
    const file = await api()('GET', `customers/${customer._id}/activity-timeline/export`, undefined, exporter.token);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.headers['content-disposition']).toContain(`${customer.sanadId}-activity-timeline.csv`);
    const lines = file.text.split('\r\n');
    expect(lines[0]).toBe('"time","event","by","summary","field","from","to"');
    const change = lines.find((line) => line.includes('basicInfo.middleName'));
    expect(change).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    expect(file.text).not.toMatch(/(^|,)"=/m);
    expect(file.text).toContain('Customer registered');
    expect(await count('audit_log', "entity_id = $1 and action = 'exported_activity_timeline'", [customer._id])).toBe(1);
  });
});
