import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STORAGE_QUOTA_MB,
  SEGMENT_MESSAGES,
  type TDataSegmentRow,
  type TSegmentChoice,
  type TSegmentUsage,
} from '@sanad/contracts/data-segments';
import { DEFAULT_ROLES } from '@sanad/contracts/default-roles';
import { DEFAULT_TIER_BY_SUBSCRIPTION } from '@sanad/contracts/subscription';
import { STAFF_MESSAGES } from '@sanad/contracts/users';
import { compileRiskModel } from '@sanad/risk/risk-model-compiler';
import { createDefaultRiskConfig } from '@sanad/risk/defaults/default-risk-config';
import { ADMIN_EMAIL, body, useTestApp } from '../../test-support/test-app';
import { makeDataSegment, makeUser } from '../../test-support/factories';
import { storedRiskVersions } from '../../test-support/risk-factories';
import { call, firstError, latestMail, linkToken, signedInUser, snapshotCounts } from '../../test-support/admin-helpers';

const t = useTestApp();

let sequence = 0;
const client = (overrides: Record<string, unknown> = {}) => {
  sequence += 1;
  return {
    companyName: `Crescent Exchange ${sequence}`,
    fullName: 'Sara Qureshi',
    title: 'Head of Compliance',
    ref: 'referral',
    subscription: 'active',
    subscriptionCount: 2,
    packageDetailsObj: {
      salesLead: 'Omar',
      subscriptionDate: '2025-01-01',
      expiryDate: '2026-01-01',
      paymentMethod: 'card',
      dealType: 'annual',
    },
    tier: 500,
    nextReview: { duration: 2 },
    dataSegmentId: t.adminSegmentId,
    ...overrides,
  };
};

async function createSegment(overrides: Record<string, unknown> = {}): Promise<TDataSegmentRow> {
  const response = await call(t, 'POST', 'users/data-segments', { token: t.adminToken, payload: client(overrides) });
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status: 200 });
  return body<{ data: TDataSegmentRow }>(response).data;
}

describe('POST users/data-segments', () => {
  it("creates a segment with the spec's field names and the default roles", async () => {
    const response = await call(t, 'POST', 'users/data-segments', { token: t.adminToken, payload: client() });
    expect(response.statusCode).toBe(200);
    const { message, data } = body<{ message: string; data: TDataSegmentRow }>(response);
    expect(message).toBe(SEGMENT_MESSAGES.created);
    expect(data).toMatchObject({
      status: 'active',
      fullName: 'Sara Qureshi',
      title: 'Head of Compliance',
      ref: 'referral',
      subscription: 'active',
      subscriptionCount: 2,
      packageDetailsObj: {
        salesLead: 'Omar',
        subscriptionDate: '2025-01-01',
        expiryDate: '2026-01-01',
        paymentMethod: 'card',
        dealType: 'annual',
      },
      counter: 0,
      tier: 500,
      nextReview: { duration: 2 },
      usersCount: 0,
    });
    const roles = await t.context.db.query<{ title: string; is_system: boolean }>(
      'select title, is_system from roles where data_segment_id = $1 order by created_at',
      [data._id],
    );
    expect(roles.rows.map((role) => role.title)).toEqual(DEFAULT_ROLES.map((role) => role.title));
    expect(roles.rows.every((role) => role.is_system)).toBe(true);
  });

  it('starts the new segment with the documented default risk model as version 1', async () => {
    const segment = await createSegment();
    expect(await storedRiskVersions(t.context.db, segment._id)).toEqual([
      { seq: 1, action: 'seeded_risk_configuration', version: compileRiskModel(createDefaultRiskConfig()).version },
    ]);
  });

  it("defaults a bare segment to a trial with the trial's 25 onboardings, a review every year and a 10 GB quota", async () => {
    const segment = await createSegment({
      subscription: undefined,
      subscriptionCount: undefined,
      packageDetailsObj: undefined,
      tier: undefined,
      nextReview: undefined,
    });
    expect(segment).toMatchObject({
      subscription: 'trial',
      subscriptionCount: 0,
      tier: 25,
      nextReview: { duration: 1 },
      storageQuotaMb: DEFAULT_STORAGE_QUOTA_MB,
      storageUsedBytes: 0,
      packageDetailsObj: { salesLead: '' },
    });
    const usage = body<{ data: TSegmentUsage }>(await call(t, 'GET', `users/data-segment/${segment._id}`, { token: t.adminToken })).data;
    expect(usage).toMatchObject({ subscription: 'trial', tier: 25, counter: 0 });
  });

  it('gives each package its default tier when none is named, and keeps a tier that is', async () => {
    for (const [subscription, tier] of Object.entries(DEFAULT_TIER_BY_SUBSCRIPTION)) {
      expect(await createSegment({ subscription, tier: undefined })).toMatchObject({ subscription, tier });
    }
    expect(await createSegment({ subscription: 'trial', tier: 3 })).toMatchObject({ tier: 3 });
  });

  it("invites the contact as the segment's Administrator when an e-mail is given", async () => {
    const response = await call(t, 'POST', 'users/data-segments', {
      token: t.adminToken,
      payload: client({ email: 'sara@crescent.test' }),
    });
    expect(body(response)).toMatchObject({
      message: SEGMENT_MESSAGES.createdWithInvitation,
      data: { email: 'sara@crescent.test', usersCount: 1 },
    });
    const segment = body<{ data: TDataSegmentRow }>(response).data;
    const user = await t.context.db.query<{
      first_name: string;
      last_name: string;
      status: string;
      data_segment_ids: string[];
      title: string;
    }>(
      'select u.first_name, u.last_name, u.status, u.data_segment_ids, r.title from users u join roles r on r.id = u.role_id where u.email = $1',
      ['sara@crescent.test'],
    );
    expect(user.rows[0]).toEqual({
      first_name: 'Sara',
      last_name: 'Qureshi',
      status: 'pending',
      data_segment_ids: [segment._id],
      title: 'Administrator',
    });
    const mail = await latestMail(t.context.db, 'sara@crescent.test');
    expect(mail?.data_segment_id).toBe(segment._id);
    expect(linkToken(mail, 'users/create-password')).toBeTruthy();
  });

  it('leaves no segment, role, user, outbox or audit row behind when the e-mail is taken', async () => {
    const before = await snapshotCounts(t.context.db);
    const response = await call(t, 'POST', 'users/data-segments', { token: t.adminToken, payload: client({ email: ADMIN_EMAIL }) });
    expect(response.statusCode).toBe(409);
    expect(body(response)).toMatchObject({ errors: { email: [STAFF_MESSAGES.emailTaken] } });
    expect(await snapshotCounts(t.context.db)).toEqual(before);
  });

  it('answers validation errors naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ companyName: '' }, 'companyName', 'Company name is required'],
      [{ fullName: 'x'.repeat(51) }, 'fullName', 'Contact person must be at most 50 characters'],
      [{ email: 'sara@' }, 'email', 'Enter a valid email address'],
      [{ subscription: 'free' }, 'subscription', 'Subscription must be trial, unpaid, active, cancelled or expired'],
      [{ tier: -1 }, 'tier', 'Tier must not be negative'],
      [{ nextReview: { duration: 51 } }, 'nextReview.duration', 'Next review must be at most 50 years'],
      [{ nextReview: { duration: 1.5 } }, 'nextReview.duration', 'Next review must be a whole number of years'],
      [
        { packageDetailsObj: { subscriptionDate: '2025-06-01', expiryDate: '2025-01-01' } },
        'packageDetailsObj.expiryDate',
        'Expiry date must not be before the subscription date',
      ],
    ];
    for (const [change, field, message] of cases) {
      const response = await call(t, 'POST', 'users/data-segments', { token: t.adminToken, payload: client(change) });
      expect({ case: change, status: response.statusCode }).toEqual({ case: change, status: 422 });
      expect(body<{ errors: Record<string, string[]> }>(response).errors[field]).toEqual([message]);
      expect(firstError(response)).toBe(message);
    }
  });

  it('is for operators who see every segment; inviting an Administrator also needs every permission', async () => {
    const limited = await signedInUser(t, ['manage-data-segments', 'view-data-segments']);
    const refused = await call(t, 'POST', 'users/data-segments', { token: limited.token, payload: client() });
    expect(refused.statusCode).toBe(403);
    expect(body(refused)).toMatchObject({ message: SEGMENT_MESSAGES.onlyOperators });

    const operator = await signedInUser(t, ['manage-data-segments'], [t.adminSegmentId]);
    await t.context.db.query("update users set data_segment_ids = '{}' where id = $1", [operator.id]);
    expect((await call(t, 'POST', 'users/data-segments', { token: operator.token, payload: client() })).statusCode).toBe(200);
    const invite = await call(t, 'POST', 'users/data-segments', {
      token: operator.token,
      payload: client({ email: 'boss@escalate.test' }),
    });
    expect(invite.statusCode).toBe(403);
    expect(body(invite)).toMatchObject({ message: SEGMENT_MESSAGES.inviteNeedsAllPermissions });
  });
});

describe('GET access-control/data-segments/', () => {
  it('lists with startAt, keyword, perPage, roleId and dataSegmentId, rows in the envelope data', async () => {
    const segment = await createSegment({ companyName: 'Zephyr Remittance' });
    const response = await call(t, 'GET', 'access-control/data-segments/', {
      token: t.adminToken,
      query: { startAt: '1', perPage: '10', keyword: 'zephyr', dataSegmentId: t.adminSegmentId },
    });
    expect(response.statusCode).toBe(200);
    const list = body<{ data: TDataSegmentRow[]; pagination: unknown }>(response);
    expect(list.data.map((row) => row._id)).toEqual([segment._id]);
    expect(list.pagination).toEqual({ total: 1, current: 1, next: null, perPage: 10 });

    const roleId =
      (await t.context.db.query<{ id: string }>('select id from roles where data_segment_id = $1 limit 1', [segment._id])).rows[0]?.id ??
      '';
    const byRole = await call(t, 'GET', 'access-control/data-segments', { token: t.adminToken, query: { roleId } });
    expect(body<{ data: TDataSegmentRow[] }>(byRole).data.map((row) => row._id)).toEqual([segment._id]);
  });

  it('shows a limited user only their segments and refuses another as the active one', async () => {
    const other = await makeDataSegment(t.context.db);
    const viewer = await signedInUser(t, ['view-data-segments']);
    const rows = body<{ data: TDataSegmentRow[] }>(
      await call(t, 'GET', 'access-control/data-segments/', { token: viewer.token, query: { perPage: '500' } }),
    ).data;
    expect(rows.map((row) => row._id)).toEqual([t.adminSegmentId]);
    expect(
      (await call(t, 'GET', 'access-control/data-segments/', { token: viewer.token, query: { dataSegmentId: other } })).statusCode,
    ).toBe(403);
  });
});

describe('PUT access-control/data-segments/{id}', () => {
  it('edits a segment, archives it sent whole with the new status, and activates it', async () => {
    const segment = await createSegment();
    expect(segment.whiteLabelling).toBe(false);
    const edited = await call(t, 'PUT', `access-control/data-segments/${segment._id}`, {
      token: t.adminToken,
      payload: { ...segment, title: 'Director', tier: 900, whiteLabelling: true },
    });
    expect(body(edited)).toMatchObject({ message: SEGMENT_MESSAGES.updated, data: { title: 'Director', tier: 900, whiteLabelling: true } });
    const archived = await call(t, 'PUT', `access-control/data-segments/${segment._id}`, {
      token: t.adminToken,
      payload: { ...segment, status: 'archived' },
    });
    expect(body(archived)).toMatchObject({ message: SEGMENT_MESSAGES.archived, data: { status: 'archived', title: 'Head of Compliance' } });
    const activated = await call(t, 'PUT', `access-control/data-segments/${segment._id}`, {
      token: t.adminToken,
      payload: { ...segment, status: 'active' },
    });
    expect(body(activated)).toMatchObject({ message: SEGMENT_MESSAGES.activated, data: { status: 'active' } });
  });

  it('lets a limited administrator edit descriptive fields but not status or commercial terms', async () => {
    const segment = await makeDataSegment(t.context.db, 'Limited Client');
    const manager = await signedInUser(t, ['manage-data-segments'], [segment]);
    const row = body<{ data: TDataSegmentRow[] }>(
      await call(t, 'GET', 'access-control/data-segments', { token: t.adminToken, query: { keyword: 'Limited Client' } }),
    ).data[0];
    expect(row).toBeDefined();
    const allowed = await call(t, 'PUT', `access-control/data-segments/${segment}`, {
      token: manager.token,
      payload: { ...row, companyName: 'Limited Client Ltd', fullName: 'New Contact' },
    });
    expect(allowed.statusCode).toBe(200);
    for (const change of [
      { status: 'archived' },
      { subscription: 'trial' },
      { tier: 99999 },
      { nextReview: { duration: 9 } },
      { packageDetailsObj: { dealType: 'free' } },
      { whiteLabelling: true },
    ]) {
      const response = await call(t, 'PUT', `access-control/data-segments/${segment}`, {
        token: manager.token,
        payload: { ...row, ...change },
      });
      expect({ case: change, status: response.statusCode }).toEqual({ case: change, status: 403 });
      expect(body(response)).toMatchObject({ message: SEGMENT_MESSAGES.commercialFields });
    }
  });

  it('answers 404 for a segment the user cannot see', async () => {
    const other = await makeDataSegment(t.context.db, 'Hidden Client');
    const manager = await signedInUser(t, ['manage-data-segments']);
    const response = await call(t, 'PUT', `access-control/data-segments/${other}`, {
      token: manager.token,
      payload: { companyName: 'Hijacked' },
    });
    expect(response.statusCode).toBe(404);
    const stored = await t.context.db.query<{ company_name: string }>('select company_name from data_segments where id = $1', [other]);
    expect(stored.rows[0]?.company_name).toBe('Hidden Client');
  });

  it('keeps at least one segment active', async () => {
    const others = await t.context.db.query<{ id: string }>(
      "update data_segments set status = 'archived' where status = 'active' and id <> $1 returning id",
      [t.adminSegmentId],
    );
    try {
      const response = await call(t, 'PUT', `access-control/data-segments/${t.adminSegmentId}`, {
        token: t.adminToken,
        payload: { companyName: 'Test Bank', status: 'archived' },
      });
      expect(response.statusCode).toBe(422);
      expect(firstError(response)).toBe(SEGMENT_MESSAGES.lastActive);
    } finally {
      await t.context.db.query("update data_segments set status = 'active' where id = any($1::uuid[])", [others.rows.map((row) => row.id)]);
    }
  });
});

describe('GET users/data-segment/{dataSegmentId} and GET users/data-segments', () => {
  it('answers tier, subscription and counter of a visible segment, and 404 for any other', async () => {
    const segment = await createSegment({ tier: 25, subscription: 'trial' });
    await t.context.db.query('update data_segments set counter = 7 where id = $1', [segment._id]);
    const response = await call(t, 'GET', `users/data-segment/${segment._id}`, { token: t.adminToken });
    expect(body<{ data: TSegmentUsage }>(response).data).toEqual({
      _id: segment._id,
      companyName: segment.companyName,
      tier: 25,
      subscription: 'trial',
      counter: 7,
    });
    const member = await signedInUser(t, []);
    expect((await call(t, 'GET', `users/data-segment/${segment._id}`, { token: member.token })).statusCode).toBe(404);
    expect((await call(t, 'GET', `users/data-segment/${t.adminSegmentId}`, { token: member.token })).statusCode).toBe(200);
  });

  it('offers the switcher the active segments the user may see', async () => {
    const second = await makeDataSegment(t.context.db, 'Second Switch');
    const archived = await makeDataSegment(t.context.db, 'Archived Switch');
    await t.context.db.query("update data_segments set status = 'archived' where id = $1", [archived]);
    const user = await makeUser(t.context.db, {
      permissions: [],
      dataSegmentId: t.adminSegmentId,
      dataSegmentIds: [t.adminSegmentId, second, archived],
    });
    const token = await t.login(user.email, 'Staff123!');
    const choices = body<{ data: TSegmentChoice[] }>(await call(t, 'GET', 'users/data-segments', { token })).data;
    expect(choices.map((choice) => choice.companyName)).toEqual(['Second Switch', 'Test Bank']);
    expect((await call(t, 'GET', 'users/data-segments')).statusCode).toBe(401);
  });
});
