import { describe, expect, it } from 'vitest';
import type { TAlertDetail, TAlertListItem } from '@sanad/contracts/alerts';
import type { TCustomerCreateBody, TCustomerDetail, TCustomerUpdateBody } from '@sanad/contracts/customers';
import { DEFAULT_IDV_SETTINGS } from '@sanad/contracts/idv';
import { apiCaller } from '../../test-support/api-session';
import { customerSubmission } from '../../test-support/customer-factories';
import { makeDataSegment } from '../../test-support/factories';
import { useTestApp } from '../../test-support/test-app';
import { createAlertSettingsService } from '../alerts/alert-settings.service';
import { createIdvSettingsService } from '../idv/idv-settings.service';
import { createOnboardingLinkService } from '../onboarding-links/onboarding-link.service';
import { createDocumentExpiryService } from './document-expiry.service';

const t = useTestApp();
const api = () => apiCaller(t, t.adminToken);

const DAY_MS = 24 * 60 * 60 * 1000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

/** The job's own code, wired as composition.ts wires it, in small batches. */
function expiries(options: { batchSize?: number; afterBatch?: (batchNo: number) => void } = {}) {
  const db = t.context.db;
  const idv = createIdvSettingsService({ db });
  const alertSettings = createAlertSettingsService({ db });
  const links = createOnboardingLinkService({ db, hmacKey: Buffer.alloc(32, 7), publicUrl: 'https://sanad.example' });
  return createDocumentExpiryService({
    db,
    settingsOf: async (tx, dataSegmentId) => ({
      nearExpiryDays: (await idv.settingsOf(tx, dataSegmentId)).nearExpiryDays,
      ...(await alertSettings.settingsOf(tx, dataSegmentId)),
    }),
    issueUploadLink: (tx, link) => links.issueDocumentUploadLink(tx, link),
    batchSize: options.batchSize ?? 2,
    ...(options.afterBatch ? { afterBatch: options.afterBatch } : {}),
  });
}

async function registered(expiryDate: string | null, extra: Partial<TCustomerCreateBody> = {}): Promise<TCustomerDetail> {
  const base = customerSubmission(extra);
  const body: TCustomerCreateBody = {
    ...base,
    identityInfo: { ...base.identityInfo, ...(expiryDate ? { expiryDate } : { isLifetimeExpiry: true }) },
  };
  const answer = await api()<TCustomerDetail>('POST', 'customers/self-register', body);
  expect({ status: answer.status, message: answer.body.message }).toEqual({ status: 200, message: 'Customer registered successfully' });
  return answer.body.data;
}

async function expiryAlertsOf(customerId: string): Promise<TAlertListItem[]> {
  const answer = await api()<TAlertListItem[]>('GET', `alerts/?customerId=${customerId}&type=expiry`);
  expect(answer.status).toBe(200);
  return answer.body.data;
}

const customerOf = async (id: string) => (await api()<TCustomerDetail>('GET', `customers/${id}`)).body.data;

async function saveAlertSettings(change: Record<string, unknown>, dataSegmentId = t.adminSegmentId): Promise<void> {
  const current = await api()<Record<string, unknown>>('GET', `configurations/alerts?dataSegmentId=${dataSegmentId}`);
  const answer = await api()('PUT', 'configurations/alerts', { ...current.body.data, ...change, dataSegmentId });
  expect(answer.status).toBe(200);
}

async function saveNearExpiryDays(nearExpiryDays: number, dataSegmentId = t.adminSegmentId): Promise<void> {
  const answer = await api()('PUT', 'configurations/idv', { ...DEFAULT_IDV_SETTINGS, nearExpiryDays, dataSegmentId });
  expect(answer.status).toBe(200);
}

describe('the daily document-expiry job', () => {
  it('raises one alert per customer and expiry date, with the reason and indicator, inside the configured window only', async () => {
    await saveNearExpiryDays(30);
    const expired = await registered(day(-10));
    const expiring = await registered(day(10));
    const later = await registered(day(200));
    const lifetime = await registered(null);

    await expiries().raiseExpiryAlerts();
    await expiries().raiseExpiryAlerts();

    const [onExpired] = await expiryAlertsOf(expired._id);
    expect(await expiryAlertsOf(expired._id)).toHaveLength(1);
    expect(onExpired).toMatchObject({ type: 'expiry', reason: `Expired document: the identity document expired on ${day(-10)}` });
    expect(onExpired!.indicators).toContain('expired');
    const [onExpiring] = await expiryAlertsOf(expiring._id);
    expect(await expiryAlertsOf(expiring._id)).toHaveLength(1);
    expect(onExpiring).toMatchObject({ reason: `Document expiring: the identity document expires on ${day(10)}` });
    expect(onExpiring!.indicators).toContain('expiredIn');
    expect(await expiryAlertsOf(later._id)).toEqual([]);
    expect(await expiryAlertsOf(lifetime._id)).toEqual([]);

    const detail = await api()<TAlertDetail>('GET', `alerts/${onExpired!._id}`);
    expect(detail.body.data.trigger).toMatchObject({ kind: 'document-expiry', expiryDate: day(-10), isExpired: true });
    // The profile's document status tag.
    expect((await customerOf(expired._id)).documentStatuses).toContain('Documents nearing expiry');
    expect((await customerOf(later._id)).documentStatuses).not.toContain('Documents nearing expiry');

    // A wider window in the IDV configuration reaches the later document on the next run.
    await saveNearExpiryDays(365);
    await expiries().raiseExpiryAlerts();
    expect(await expiryAlertsOf(later._id)).toHaveLength(1);
    expect(await expiryAlertsOf(expired._id)).toHaveLength(1);
    await saveNearExpiryDays(30);
  });

  it('finishes a run killed half-way on the next run without raising, tagging or notifying anything twice', async () => {
    const customers = await Promise.all([registered(day(-3)), registered(day(-4)), registered(day(-5)), registered(day(-6))]);
    const notificationsBefore = await t.context.db.query<{ n: number }>(
      `select count(*)::int as n from notifications where title = 'Identity documents expiring'`,
    );
    await expect(
      expiries({
        batchSize: 1,
        afterBatch: (batchNo) => {
          if (batchNo === 2) throw new Error('worker died');
        },
      }).raiseExpiryAlerts(),
    ).rejects.toThrow('worker died');
    await expiries({ batchSize: 1 }).raiseExpiryAlerts();
    await expiries({ batchSize: 1 }).raiseExpiryAlerts();
    for (const customer of customers) expect(await expiryAlertsOf(customer._id)).toHaveLength(1);
    const audits = await t.context.db.query<{ n: number }>(
      `select count(*)::int as n from audit_log where action = 'raised_expiry_alert' and entity_id = any($1)`,
      [customers.map((customer) => customer._id)],
    );
    expect(audits.rows[0]!.n).toBe(4);
    const notificationsAfter = await t.context.db.query<{ n: number }>(
      `select count(*)::int as n from notifications where title = 'Identity documents expiring'`,
    );
    expect(notificationsAfter.rows[0]!.n).toBeGreaterThan(notificationsBefore.rows[0]!.n);
  });

  it('e-mails the customer a document-upload link once when the settings say so; a new document clears the tag and gets its own alert', async () => {
    await saveAlertSettings({ isExpiryEmailOn: true });
    const customer = await registered(day(5));
    await expiries().raiseExpiryAlerts();
    await expiries().raiseExpiryAlerts();
    const mails = await t.context.db.query<{ subject: string; body_text: string; is_sensitive: boolean }>(
      'select subject, body_text, is_sensitive from outbox where recipient = $1',
      [customer.email],
    );
    expect(mails.rows).toHaveLength(1);
    expect(mails.rows[0]).toMatchObject({ subject: 'Your identity document is expiring', is_sensitive: true });
    expect(mails.rows[0]!.body_text).toMatch(new RegExp(`https://sanad.example/${t.adminSegmentId}/[A-Za-z0-9_-]+/document-upload`));
    const links = await t.context.db.query<{ n: number }>(
      `select count(*)::int as n from onboarding_links where purpose = 'document-upload' and recipient_email = $1`,
      [customer.email],
    );
    expect(links.rows[0]!.n).toBe(1);
    await saveAlertSettings({ isExpiryEmailOn: false });

    // The customer brings a new document: the edit recomputes the tags, and the old alert stays the only one.
    const current = await customerOf(customer._id);
    const { record } = current;
    const body: TCustomerUpdateBody = {
      version: current.version,
      basicInfo: { ...record.basicInfo } as TCustomerUpdateBody['basicInfo'],
      identityInfo: { ...record.identityInfo, expiryDate: day(60) } as TCustomerUpdateBody['identityInfo'],
      occupationInfo: { ...record.occupationInfo },
      pepDeclaration: { ...record.pepDeclaration },
      contactInfo: { ...record.contactInfo } as TCustomerUpdateBody['contactInfo'],
      accountInfo: { ...record.accountInfo },
    };
    const edited = await api()<TCustomerDetail>('PUT', `customers/${customer._id}`, body);
    expect(edited.status).toBe(200);
    expect(edited.body.data.documentStatuses).not.toContain('Documents nearing expiry');
    await expiries().raiseExpiryAlerts();
    expect((await customerOf(customer._id)).documentStatuses).not.toContain('Documents nearing expiry');
    expect(await expiryAlertsOf(customer._id)).toHaveLength(1);
    // Its date comes inside the window: one more alert, for the new date.
    await saveNearExpiryDays(90);
    await expiries().raiseExpiryAlerts();
    await saveNearExpiryDays(30);
    const alerts = await expiryAlertsOf(customer._id);
    expect(alerts.map((alert) => alert.reason).toSorted()).toEqual(
      [
        `Document expiring: the identity document expires on ${day(60)}`,
        `Document expiring: the identity document expires on ${day(5)}`,
      ].toSorted(),
    );
  });

  it('e-mails the link in the language of the link the customer registered through, right to left for Arabic and Urdu, else English', async () => {
    await saveAlertSettings({ isExpiryEmailOn: true });
    const throughLink = async (expiryDate: string, language: 'ar' | 'ur' | 'en'): Promise<TCustomerDetail> => {
      const customer = await registered(expiryDate);
      const sent = await api()<{ _id: string }>('POST', 'customers/temp-customers', {
        firstName: 'Fatima',
        lastName: 'Malik',
        channel: 'email',
        email: customer.email,
        dataSegmentId: t.adminSegmentId,
        language,
      });
      expect(sent.status).toBe(200);
      // The journey completed into this customer, as deep-register's markCompleted records it.
      await t.context.db.query('update temp_customers set customer_id = $1, completed_at = now() where id = $2', [
        customer._id,
        sent.body.data._id,
      ]);
      return customer;
    };
    const inUrdu = await throughLink(day(-7), 'ur');
    const inArabic = await throughLink(day(8), 'ar');
    const withoutLink = await registered(day(9));
    await expiries().raiseExpiryAlerts();
    const mailOf = async (customer: TCustomerDetail) => {
      const mails = await t.context.db.query<{ subject: string; body_text: string; body_html: string }>(
        `select subject, body_text, body_html from outbox where recipient = $1 and body_text like '%/document-upload%'`,
        [customer.email],
      );
      expect(mails.rows).toHaveLength(1);
      return mails.rows[0]!;
    };
    const urdu = await mailOf(inUrdu);
    expect(urdu.subject).toBe('آپ کی شناختی دستاویز کی میعاد ختم ہو گئی ہے');
    expect(urdu.body_text).toContain(`میعاد ${day(-7)} کو ختم ہو گئی`);
    expect(urdu.body_html).toMatch(/^<div lang="ur" dir="rtl"/);
    const arabic = await mailOf(inArabic);
    expect(arabic.subject).toBe('وثيقة هويتك على وشك الانتهاء');
    expect(arabic.body_text).toContain(`تنتهي في ${day(8)}`);
    expect(arabic.body_text).toMatch(new RegExp(`https://sanad.example/${t.adminSegmentId}/[A-Za-z0-9_-]+/document-upload`));
    expect(arabic.body_html).toMatch(/^<div lang="ar" dir="rtl"/);
    const english = await mailOf(withoutLink);
    expect(english.subject).toBe('Your identity document is expiring');
    expect(english.body_text).toContain(`your identity document expires on ${day(9)}`);
    expect(english.body_html).toMatch(/^<div lang="en" dir="ltr"/);
    const audit = await t.context.db.query<{ language: string }>(
      `select details->>'language' as language from audit_log where action = 'raised_expiry_alert' and entity_id = $1`,
      [inUrdu._id],
    );
    expect(audit.rows).toEqual([{ language: 'ur' }]);
    await saveAlertSettings({ isExpiryEmailOn: false });
  });

  it("follows each segment's own settings: alerts off there only tags the customer", async () => {
    const other = await makeDataSegment(t.context.db);
    await saveAlertSettings({ isExpiryAlertOn: false }, other);
    const elsewhere = await registered(day(-2), { dataSegmentId: other } as Partial<TCustomerCreateBody>);
    const here = await registered(day(-2));
    await expiries().raiseExpiryAlerts();
    expect(await expiryAlertsOf(here._id)).toHaveLength(1);
    const rows = await t.context.db.query<{ n: number; statuses: string[] }>(
      `select (select count(*)::int from alerts where customer_id = c.id) as n, document_statuses as statuses from customers c where id = $1`,
      [elsewhere._id],
    );
    expect(rows.rows[0]).toMatchObject({ n: 0, statuses: expect.arrayContaining(['Documents nearing expiry']) });
  });
});
