import { describe, expect, it } from 'vitest';
import type { TAlertCount, TAlertDetail, TAlertListItem } from '@sanad/contracts/alerts';
import type { TCustomerCreateBody, TCustomerDetail } from '@sanad/contracts/customers';
import type { Permission } from '@sanad/contracts/permissions';
import { signedInUser, type SignedInUser } from '../../test-support/admin-helpers';
import { apiCaller, type ApiAnswer } from '../../test-support/api-session';
import { customerSubmission } from '../../test-support/customer-factories';
import { STAFF_PASSWORD, makeDataSegment } from '../../test-support/factories';
import { useTestApp } from '../../test-support/test-app';

const t = useTestApp();
const api = () => apiCaller(t, t.adminToken);

const READ: Permission[] = ['view-alerts', 'view-customer-profile'];
const REVIEW: Permission[] = [...READ, 'kyc-status-review'];
const makerOf = () => signedInUser(t, [...REVIEW, 'open-alerts', 'maker']);
const checkerOf = () => signedInUser(t, [...REVIEW, 'checker']);
const approverOf = () => signedInUser(t, [...REVIEW, 'approver']);

/** The first error the web app shows: the first entry of `errors`, else the message. */
const shown = (answer: ApiAnswer<unknown>) => Object.values(answer.body.errors ?? {}).flat()[0] ?? answer.body.message;

async function registered(input: TCustomerCreateBody = customerSubmission()): Promise<TCustomerDetail> {
  const answer = await api()<TCustomerDetail>('POST', 'customers/self-register', input);
  expect({ status: answer.status, message: answer.body.message }).toEqual({ status: 200, message: 'Customer registered successfully' });
  return answer.body.data;
}

async function manualAlert(user: SignedInUser, reason = 'Adverse news reported by branch'): Promise<TAlertDetail> {
  const customer = await registered();
  const answer = await api()<TAlertDetail>('POST', 'alerts/', { customerId: customer._id, reason }, user.token);
  expect({ status: answer.status, message: answer.body.message }).toEqual({ status: 200, message: 'Alert has been created successfully' });
  return answer.body.data;
}

const initiate = (id: string, user: SignedInUser) => api()<TAlertDetail>('PUT', `alerts/initiate-review/${id}`, undefined, user.token);
const submit = (id: string, user: SignedInUser, decision: string, reason = `${decision} after review`) =>
  api()<TAlertDetail>('PUT', `alerts/kyc-status-review/${id}`, { decision, reason }, user.token);
const cancel = (id: string, user: SignedInUser) => api()<TAlertDetail>('PUT', `alerts/cancel-review/${id}`, undefined, user.token);
const kycStatusOf = async (customerId: string) => (await api()<TCustomerDetail>('GET', `customers/${customerId}`)).body.data.kycStatus;

async function act(id: string, user: SignedInUser, decision: string): Promise<TAlertDetail> {
  const locked = await initiate(id, user);
  expect({ status: locked.status, message: locked.body.message }).toEqual({
    status: 200,
    message: 'Review has been initiated successfully',
  });
  const decided = await submit(id, user, decision);
  expect({ status: decided.status, message: decided.body.message }).toEqual({
    status: 200,
    message: 'Review has been submitted successfully',
  });
  return decided.body.data;
}

describe('the review chain: maker, checker, approver', () => {
  it('takes an on-boarding alert to approval with three people; the KYC status changes only at the end', async () => {
    const listed = await api()('POST', 'screening-data/sanad-list', {
      name: 'Zarghun Khattak Durrani',
      dateOfBirth: '1969-03-14',
      nationality: 'PK',
      reason: 'Smuggling',
    });
    expect(listed.status).toBe(200);
    const [maker, checker, approver] = await Promise.all([makerOf(), checkerOf(), approverOf()]);
    const customer = await registered(
      customerSubmission({
        basicInfo: {
          firstName: 'Zarghun',
          lastName: 'Khattak Durrani',
          dateOfBirth: '1969-03-14',
          nationalityId: 'PK',
          countryOfResidenceId: 'PK',
        },
      }),
    );
    const list = await api()<TAlertListItem[]>('GET', `alerts/?customerId=${customer._id}`, undefined, checker.token);
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    const [raised] = list.body.data;
    if (!raised) throw new Error('no alert');
    expect(raised).toMatchObject({
      type: 'on boarding',
      status: 'open',
      stage: 'maker',
      lockedBy: null,
      customer: { sanadId: customer.sanadId },
    });
    expect(raised.indicators).toContain('blackList');

    // Not the checker's turn yet; and nobody submits without the lock.
    const early = await initiate(raised._id, checker);
    expect({ status: early.status, error: shown(early) }).toEqual({ status: 409, error: "This alert is waiting for the maker's review" });
    const unlocked = await submit(raised._id, maker, 'approved');
    expect({ status: unlocked.status, error: shown(unlocked) }).toEqual({ status: 409, error: 'Initiate the review of this alert first' });

    const lock = await initiate(raised._id, maker);
    expect(lock.status).toBe(200);
    expect(lock.body.message).toBe('Review has been initiated successfully');
    expect(lock.body.data.lockedBy).toEqual({ _id: maker.id, name: expect.any(String) });
    // A maker may not confirm: each level has its own decisions.
    const wrongDecision = await submit(raised._id, maker, 'confirmed');
    expect({ status: wrongDecision.status, error: shown(wrongDecision) }).toEqual({
      status: 422,
      error: 'As maker you may decide approved or rejected',
    });
    const proposed = await submit(raised._id, maker, 'approved', 'Hit is a namesake; documents match');
    expect(proposed.body.message).toBe('Review has been submitted successfully');
    expect(proposed.body.data).toMatchObject({
      status: 'pending-checker',
      stage: 'checker',
      lockedBy: null,
      maker: { decision: 'approved', reason: 'Hit is a namesake; documents match', by: { _id: maker.id } },
    });
    expect(await kycStatusOf(customer._id)).toBe('pending');

    const confirmed = await act(raised._id, checker, 'confirmed');
    expect(confirmed).toMatchObject({
      status: 'pending-approver',
      stage: 'approver',
      checker: { decision: 'confirmed', by: { _id: checker.id } },
    });
    expect(await kycStatusOf(customer._id)).toBe('pending');

    const decided = await act(raised._id, approver, 'approved');
    expect(decided).toMatchObject({ state: 'closed', stage: 'decided', status: 'approved', decision: 'approved', lockedBy: null });
    expect(decided.customer.kycStatus).toBe('approved');
    expect(await kycStatusOf(customer._id)).toBe('approved');
    expect(decided.log.map((entry) => [entry.action, entry.level])).toEqual([
      ['raised', null],
      ['lock', 'maker'],
      ['approve', 'maker'],
      ['lock', 'checker'],
      ['confirm', 'checker'],
      ['lock', 'approver'],
      ['approve', 'approver'],
    ]);
    expect(decided.log.slice(1).map((entry) => entry.actor._id)).toEqual([
      maker.id,
      maker.id,
      checker.id,
      checker.id,
      approver.id,
      approver.id,
    ]);

    // A decided alert takes no further review.
    const after = await initiate(raised._id, maker);
    expect({ status: after.status, error: shown(after) }).toEqual({ status: 409, error: 'This alert has already been decided' });

    // The customer's timeline (audit entries filed under the customer) has every step and the KYC change.
    const audit = await t.context.db.query<{ action: string }>(
      "select action from audit_log where entity_type = 'customer' and entity_id = $1 and module = 'alerts' order by id",
      [customer._id],
    );
    expect(audit.rows.map((row) => row.action)).toEqual([
      'lock_alert',
      'submitted_alert_review',
      'lock_alert',
      'submitted_alert_review',
      'lock_alert',
      'submitted_alert_review',
      'changed_kyc_status',
    ]);
    // The next level is told when an alert waits for it.
    const notes = await t.context.db.query<{ title: string }>('select title from notifications where user_id = $1', [approver.id]);
    expect(notes.rows.map((row) => row.title)).toContain('Alert waiting for an approver');
  });

  it('returns to the maker, who proposes again; the approver rejects and the customer is rejected', async () => {
    const [maker, checker, approver] = await Promise.all([makerOf(), checkerOf(), approverOf()]);
    const alert = await manualAlert(maker);
    await act(alert._id, maker, 'approved');
    const returned = await act(alert._id, checker, 'returned');
    expect(returned).toMatchObject({ status: 'return-alert', stage: 'maker', isReturned: true, checker: { decision: 'returned' } });
    const notes = await t.context.db.query<{ title: string }>('select title from notifications where user_id = $1', [maker.id]);
    expect(notes.rows.map((row) => row.title)).toContain('Alert returned for review');

    await act(alert._id, maker, 'rejected');
    await act(alert._id, checker, 'confirmed');
    expect(await kycStatusOf(alert.customer._id)).toBe('pending');
    const decided = await act(alert._id, approver, 'rejected');
    expect(decided).toMatchObject({ status: 'rejected', decision: 'rejected', maker: { decision: 'rejected' } });
    expect(await kycStatusOf(alert.customer._id)).toBe('rejected');
    const kycChanges = await t.context.db.query<{ n: number }>(
      "select count(*)::int as n from audit_log where action = 'changed_kyc_status' and entity_type = 'customer' and entity_id = $1",
      [alert.customer._id],
    );
    expect(kycChanges.rows[0]?.n).toBe(1);
  });

  it('refuses the same person at a second level of one alert', async () => {
    const [maker, checker] = await Promise.all([makerOf(), checkerOf()]);
    const alert = await manualAlert(maker);
    await act(alert._id, maker, 'approved');
    // The maker's role becomes a checker's; signed in again, they try to check their own proposal.
    await t.context.db.query("update role_permissions set permission = 'checker' where role_id = $1 and permission = 'maker'", [
      maker.roleId,
    ]);
    const asChecker = { ...maker, token: await t.login(maker.email, STAFF_PASSWORD) };
    const refused = await initiate(alert._id, asChecker);
    expect({ status: refused.status, error: shown(refused) }).toEqual({
      status: 409,
      error: 'You have already acted on this alert as maker; another person must review it at this level',
    });
    // Another checker may.
    expect((await initiate(alert._id, checker)).status).toBe(200);
  });

  it('refuses a reviewer without a review level, and a read-only user', async () => {
    const alert = await manualAlert(await makerOf());
    const noLevel = await signedInUser(t, [...REVIEW, 'unlock-alerts']);
    expect((await initiate(alert._id, noLevel)).status).toBe(403);
    expect((await submit(alert._id, noLevel, 'approved')).status).toBe(403);
    expect((await cancel(alert._id, noLevel)).status).toBe(403);
    const reader = await signedInUser(t, READ);
    expect((await initiate(alert._id, reader)).status).toBe(403);
    expect((await api()('POST', 'alerts/', { customerId: alert.customer._id, reason: 'x' }, reader.token)).status).toBe(403);
  });
});

describe('locks', () => {
  it('gives one of two concurrent initiate-review calls the lock and refuses the other clearly', async () => {
    const [first, second] = await Promise.all([makerOf(), makerOf()]);
    const alert = await manualAlert(first);
    const answers = await Promise.all([initiate(alert._id, first), initiate(alert._id, second)]);
    const statuses = answers.map((answer) => answer.status).toSorted();
    expect(statuses).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.status === 409);
    expect(refused && shown(refused)).toMatch(
      /^This alert is locked by .+; wait until the review ends or ask someone who may unlock alerts$/,
    );
    const locks = await t.context.db.query<{ n: number }>(
      "select count(*)::int as n from alert_log where alert_id = $1 and action = 'lock'",
      [alert._id],
    );
    expect(locks.rows[0]?.n).toBe(1);
  });

  it('lets the holder cancel; only unlock-alerts releases someone else’s lock', async () => {
    const [maker, other] = await Promise.all([makerOf(), makerOf()]);
    const unlocker = await signedInUser(t, ['view-alerts', 'unlock-alerts']);
    const alert = await manualAlert(maker);

    await initiate(alert._id, maker);
    const cancelled = await cancel(alert._id, maker);
    expect({ status: cancelled.status, message: cancelled.body.message }).toEqual({
      status: 200,
      message: 'Review has been cancelled successfully',
    });
    expect(cancelled.body.data.lockedBy).toBeNull();

    await initiate(alert._id, maker);
    const notHolder = await cancel(alert._id, other);
    expect(notHolder.status).toBe(409);
    expect(shown(notHolder)).toMatch(/^This alert is locked by /);
    const notHolderSubmit = await submit(alert._id, other, 'approved');
    expect(notHolderSubmit.status).toBe(409);
    expect((await api()('PUT', `alerts/unlock/${alert._id}`, undefined, other.token)).status).toBe(403);

    const unlocked = await api()<TAlertDetail>('PUT', `alerts/unlock/${alert._id}`, undefined, unlocker.token);
    expect({ status: unlocked.status, message: unlocked.body.message }).toEqual({
      status: 200,
      message: 'Alert has been unlocked successfully',
    });
    expect(unlocked.body.data.lockedBy).toBeNull();
    const again = await api()('PUT', `alerts/unlock/${alert._id}`, undefined, unlocker.token);
    expect({ status: again.status, error: shown(again) }).toEqual({ status: 409, error: 'This alert is not locked' });
    // The former holder lost the lock and is told so.
    expect((await submit(alert._id, maker, 'approved')).status).toBe(409);
    const notes = await t.context.db.query<{ title: string }>('select title from notifications where user_id = $1', [maker.id]);
    expect(notes.rows.map((row) => row.title)).toContain('Alert unlocked');

    const detail = await api()<TAlertDetail>('GET', `alerts/${alert._id}`, undefined, maker.token);
    expect(detail.body.data.log.map((entry) => entry.action)).toEqual(['created alert', 'lock', 'cancel review', 'lock', 'unlock']);
    expect(detail.body.data.log[0]?.actor._id).toBe(maker.id);
    expect(detail.body.data.log[4]).toMatchObject({ actor: { _id: unlocker.id }, reason: expect.stringContaining('Released the lock of') });
  });
});

describe('manual alerts', () => {
  it('opens a manual alert with its reason, indicators and log; refuses a second open alert and bad input', async () => {
    const maker = await makerOf();
    const alert = await manualAlert(maker, 'Customer reported by correspondent bank');
    expect(alert).toMatchObject({
      type: 'manual',
      reason: 'Customer reported by correspondent bank',
      status: 'open',
      createdBy: { _id: maker.id },
      customer: { kycStatus: 'pending' },
    });
    expect(alert.indicators).toContain('low');
    expect(alert.log).toEqual([expect.objectContaining({ action: 'created alert', reason: 'Customer reported by correspondent bank' })]);

    const second = await api()('POST', 'alerts/', { customerId: alert.customer._id, reason: 'Again' }, maker.token);
    expect({ status: second.status, error: shown(second) }).toEqual({
      status: 409,
      error: 'This customer already has an open alert; review it instead',
    });
    const noReason = await api()('POST', 'alerts/', { customerId: alert.customer._id, reason: '  ' }, maker.token);
    expect({ status: noReason.status, error: shown(noReason) }).toEqual({ status: 422, error: 'Reason is required' });
    const unknown = await api()('POST', 'alerts/', { customerId: '00000000-0000-4000-8000-000000000000', reason: 'x' }, maker.token);
    expect({ status: unknown.status, error: shown(unknown) }).toEqual({ status: 422, error: 'Customer not found' });
  });
});

describe('the alert list and count', () => {
  it('filters by type, status, indicator, assignee, age and keyword, and counts what waits for each level', async () => {
    const [maker, checker] = await Promise.all([makerOf(), checkerOf()]);
    const alert = await manualAlert(maker);
    const get = async (query: string, user: SignedInUser = maker) => {
      const answer = await api()<TAlertListItem[]>('GET', `alerts/?${query}`, undefined, user.token);
      expect(answer.status).toBe(200);
      return answer.body.data.map((row) => row._id);
    };
    expect(await get('type=manual')).toContain(alert._id);
    expect(await get('type=on%20boarding')).not.toContain(alert._id);
    expect(await get(`keyword=${alert.customer.sanadId}`)).toEqual([alert._id]);
    expect(await get('indicator=low&status=open')).toContain(alert._id);
    expect(await get('status=pending-checker')).not.toContain(alert._id);
    expect(await get('minAgeDays=1')).not.toContain(alert._id);
    expect(await get('assignee=none')).toContain(alert._id);

    const before = await api()<TAlertCount>('GET', 'alerts/count', undefined, checker.token);
    await initiate(alert._id, maker);
    expect(await get('assignee=me')).toEqual([alert._id]);
    expect(await get('assignee=none')).not.toContain(alert._id);
    await submit(alert._id, maker, 'approved');
    expect(await get('status=pending-checker')).toContain(alert._id);
    const after = await api()<TAlertCount>('GET', 'alerts/count', undefined, checker.token);
    expect(after.body.data.awaitingMe).toBe(before.body.data.awaitingMe + 1);
    expect(after.body.data.open).toBe(before.body.data.open);

    const bad = await api()('GET', 'alerts/?status=closed', undefined, maker.token);
    expect(bad.status).toBe(422);
    const badSort = await api()('GET', 'alerts/?sortBy=reason', undefined, maker.token);
    expect(badSort.status).toBe(422);
  });

  it("never shows another segment's alerts", async () => {
    const alert = await manualAlert(await makerOf());
    const otherSegment = await makeDataSegment(t.context.db);
    const outsider = await signedInUser(t, [...REVIEW, 'open-alerts', 'maker', 'unlock-alerts'], [otherSegment]);
    const list = await api()<TAlertListItem[]>('GET', 'alerts/', undefined, outsider.token);
    expect(list.status).toBe(200);
    expect(list.body.data.map((row) => row._id)).not.toContain(alert._id);
    expect((await api()('GET', `alerts/${alert._id}`, undefined, outsider.token)).status).toBe(404);
    expect((await initiate(alert._id, outsider)).status).toBe(404);
    expect((await api()('PUT', `alerts/unlock/${alert._id}`, undefined, outsider.token)).status).toBe(404);
    const create = await api()('POST', 'alerts/', { customerId: alert.customer._id, reason: 'x' }, outsider.token);
    expect({ status: create.status, error: shown(create) }).toEqual({ status: 422, error: 'Customer not found' });
  });
});
