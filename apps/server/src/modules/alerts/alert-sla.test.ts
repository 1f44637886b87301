import { describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_SETTINGS, type TAlertSettings } from '@sanad/contracts/alert-settings';
import type { TAlertDetail, TAlertListItem } from '@sanad/contracts/alerts';
import type { TCustomerDetail } from '@sanad/contracts/customers';
import type { Permission } from '@sanad/contracts/permissions';
import { signedInUser, type SignedInUser } from '../../test-support/admin-helpers';
import { apiCaller } from '../../test-support/api-session';
import { customerSubmission } from '../../test-support/customer-factories';
import { makeDataSegment } from '../../test-support/factories';
import { useTestApp } from '../../test-support/test-app';
import { createAlertSlaService } from './alert-sla.service';

const t = useTestApp();
const api = () => apiCaller(t, t.adminToken);

const READ: Permission[] = ['view-alerts', 'view-customer-profile'];
const sla = () => createAlertSlaService({ db: t.context.db, publicUrl: 'https://sanad.example', batchSize: 2 });

async function manualAlert(dataSegmentId = t.adminSegmentId): Promise<TAlertDetail> {
  const registered = await api()<TCustomerDetail>('POST', 'customers/self-register', { ...customerSubmission(), dataSegmentId });
  expect(registered.status).toBe(200);
  const answer = await api()<TAlertDetail>('POST', 'alerts/', {
    customerId: registered.body.data._id,
    reason: 'Adverse news reported by branch',
    dataSegmentId,
  });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

/** Moves an alert's raise time back, as if it had waited that long. */
const age = (id: string, hours: number) =>
  t.context.db.query(`update alerts set created_at = now() - make_interval(hours => $2) where id = $1`, [id, hours]);

async function listed(query: string, token = t.adminToken): Promise<TAlertListItem[]> {
  const answer = await api()<TAlertListItem[]>('GET', `alerts/?${query}`, undefined, token);
  expect(answer.status).toBe(200);
  return answer.body.data;
}

const notificationsOf = async (user: SignedInUser) =>
  (
    await t.context.db.query<{ title: string; description: string }>(
      `select title, description from notifications where user_id = $1 and title = 'Alert overdue'`,
      [user.id],
    )
  ).rows;
const mailsTo = async (user: SignedInUser) =>
  (
    await t.context.db.query<{ subject: string; body_text: string }>(`select subject, body_text from outbox where recipient = $1`, [
      user.email,
    ])
  ).rows;

describe('alert settings', () => {
  it('saves the SLA per alert type with a configuration permission and audits it; reading or saving without one is 403', async () => {
    const configurer = await signedInUser(t, ['onboarding-configurations']);
    const reviewer = await signedInUser(t, [...READ, 'maker']);
    const initial = await api()<TAlertSettings>('GET', 'configurations/alerts', undefined, configurer.token);
    expect(initial.body.data).toEqual(DEFAULT_ALERT_SETTINGS);

    const settings: TAlertSettings = {
      ...DEFAULT_ALERT_SETTINGS,
      slaHours: { ...DEFAULT_ALERT_SETTINGS.slaHours, manual: 24, periodic: null },
    };
    const saved = await api()<TAlertSettings>('PUT', 'configurations/alerts', settings, configurer.token);
    expect({ status: saved.status, message: saved.body.message }).toEqual({
      status: 200,
      message: 'Alert settings have been saved successfully',
    });
    expect(saved.body.data.slaHours).toMatchObject({ manual: 24, periodic: null });
    const audit = await t.context.db.query<{ n: number }>(
      `select count(*)::int as n from audit_log where action = 'updated_alert_settings' and actor_id = $1`,
      [configurer.id],
    );
    expect(audit.rows[0]!.n).toBe(1);

    expect((await api()('PUT', 'configurations/alerts', settings, reviewer.token)).status).toBe(403);
    expect((await api()('GET', 'configurations/alerts', undefined, reviewer.token)).status).toBe(403);
    const refused = await api()(
      'PUT',
      'configurations/alerts',
      { ...settings, slaHours: { ...settings.slaHours, manual: 9000 } },
      configurer.token,
    );
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain('An SLA is between 0 and 8760 hours');
    // Back to the defaults for the other tests.
    expect((await api()('PUT', 'configurations/alerts', DEFAULT_ALERT_SETTINGS)).status).toBe(200);
  });

  it("keeps each segment's settings to itself: another segment's are neither read nor written", async () => {
    const other = await makeDataSegment(t.context.db);
    const configurer = await signedInUser(t, ['configurations']);
    expect((await api()('GET', `configurations/alerts?dataSegmentId=${other}`, undefined, configurer.token)).status).toBeGreaterThanOrEqual(
      400,
    );
    const written = await api()('PUT', 'configurations/alerts', { ...DEFAULT_ALERT_SETTINGS, dataSegmentId: other }, configurer.token);
    expect(written.status).toBeGreaterThanOrEqual(400);
    const rows = await t.context.db.query<{ n: number }>('select count(*)::int as n from alert_settings where data_segment_id = $1', [
      other,
    ]);
    expect(rows.rows[0]!.n).toBe(0);
  });
});

describe('the alert SLA', () => {
  it('shows an open alert past its SLA as overdue, filters on it, and tells the stage reviewers once (bell and e-mail)', async () => {
    const maker = await signedInUser(t, [...READ, 'maker']);
    const checker = await signedInUser(t, [...READ, 'checker']);
    const late = await manualAlert();
    const fresh = await manualAlert();
    await age(late._id, DEFAULT_ALERT_SETTINGS.slaHours.manual! + 1);

    const overdue = await listed('overdue=true&type=manual&perPage=500');
    expect(overdue.map((alert) => alert._id)).toContain(late._id);
    expect(overdue.map((alert) => alert._id)).not.toContain(fresh._id);
    const lateRow = overdue.find((alert) => alert._id === late._id)!;
    expect(lateRow.isOverdue).toBe(true);
    expect(Date.parse(lateRow.dueAt!)).toBeLessThan(Date.now());
    const freshRow = (await listed(`customerId=${fresh.customer._id}`))[0]!;
    expect(freshRow).toMatchObject({ isOverdue: false });
    expect((await listed('overdue=false&perPage=500')).map((alert) => alert._id)).toContain(fresh._id);

    await sla().notifyOverdueAlerts();
    await sla().notifyOverdueAlerts();
    const told = await notificationsOf(maker);
    expect(told.filter((row) => row.description.includes(late.customer.sanadId))).toHaveLength(1);
    expect(told.some((row) => row.description.includes(fresh.customer.sanadId))).toBe(false);
    expect((await notificationsOf(checker)).filter((row) => row.description.includes(late.customer.sanadId))).toEqual([]);
    const mails = (await mailsTo(maker)).filter((mail) => mail.subject === `Alert overdue: ${late.customer.sanadId}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body_text).toContain(`https://sanad.example/insights/alerts/${late._id}`);
  });

  it('tells only the reviewer holding the lock; a type without an SLA is never overdue', async () => {
    const maker = await signedInUser(t, [...READ, 'maker', 'kyc-status-review']);
    const otherMaker = await signedInUser(t, [...READ, 'maker']);
    const alert = await manualAlert();
    expect((await api()('PUT', `alerts/initiate-review/${alert._id}`, undefined, maker.token)).status).toBe(200);
    await age(alert._id, 1000);
    await sla().notifyOverdueAlerts();
    expect((await notificationsOf(maker)).filter((row) => row.description.includes(alert.customer.sanadId))).toHaveLength(1);
    expect((await notificationsOf(otherMaker)).filter((row) => row.description.includes(alert.customer.sanadId))).toEqual([]);

    await api()('PUT', 'configurations/alerts', {
      ...DEFAULT_ALERT_SETTINGS,
      slaHours: { ...DEFAULT_ALERT_SETTINGS.slaHours, manual: null },
    });
    const noSla = await manualAlert();
    await age(noSla._id, 5000);
    expect((await listed(`customerId=${noSla.customer._id}`))[0]).toMatchObject({ isOverdue: false, dueAt: null });
    await api()('PUT', 'configurations/alerts', DEFAULT_ALERT_SETTINGS);
  });

  it("never lists another segment's overdue alerts, and tells only that segment's reviewers", async () => {
    const other = await makeDataSegment(t.context.db);
    const here = await signedInUser(t, [...READ, 'maker']);
    const there = await signedInUser(t, [...READ, 'maker'], [other]);
    const alert = await manualAlert(other);
    await age(alert._id, 1000);
    expect((await listed('overdue=true&perPage=500', here.token)).map((row) => row._id)).not.toContain(alert._id);
    expect((await listed('overdue=true&perPage=500', there.token)).map((row) => row._id)).toContain(alert._id);
    await sla().notifyOverdueAlerts();
    expect((await notificationsOf(there)).filter((row) => row.description.includes(alert.customer.sanadId))).toHaveLength(1);
    expect((await notificationsOf(here)).filter((row) => row.description.includes(alert.customer.sanadId))).toEqual([]);
  });
});
