import { describe, expect, it } from 'vitest';
import type { TCustomerDetail } from '@sanad/contracts/customers';
import type { TOnboardingConfiguration } from '@sanad/contracts/onboarding-configuration';
import type { TTempCustomer } from '@sanad/contracts/temp-customers';
import { latestMail } from '../../test-support/admin-helpers';
import { customerSubmission } from '../../test-support/customer-factories';
import { bearer, callApi, useTestApp } from '../../test-support/test-app';
import { nextAddress } from '../../test-support/one-time-code-helpers';

const t = useTestApp();

const staff = <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  callApi<T>(t.app, method, url, payload, bearer(t.adminToken), nextAddress());

let mailbox = 0;
const freshEmail = () => `lang-${Date.now()}-${(mailbox += 1)}@customer.test`;

async function sendLink(change: Record<string, unknown>): Promise<TTempCustomer> {
  const sent = await staff<TTempCustomer>('POST', 'customers/temp-customers', {
    firstName: 'Fatima',
    lastName: 'Malik',
    channel: 'email',
    dataSegmentId: t.adminSegmentId,
    ...change,
  });
  expect({ status: sent.status, errors: sent.errors }).toMatchObject({ status: 200 });
  return sent.data;
}

describe('links staff send, in the customer language', () => {
  it('e-mails the deep link in the language staff choose, right to left for Arabic and Urdu, English by default', async () => {
    const english = freshEmail();
    expect((await sendLink({ email: english })).language).toBe('en');
    const inEnglish = await latestMail(t.context.db, english);
    expect(inEnglish?.subject).toMatch(/^Complete your registration with /);
    expect(inEnglish?.body_html).toMatch(/^<div lang="en" dir="ltr"/);

    const arabic = freshEmail();
    const sent = await sendLink({ email: arabic, language: 'ar' });
    expect(sent.language).toBe('ar');
    const inArabic = await latestMail(t.context.db, arabic);
    expect(inArabic?.subject).toMatch(/^أكمل تسجيلك لدى /);
    expect(inArabic?.body_text).toContain('مرحبًا Fatima،');
    expect(inArabic?.body_html).toMatch(/^<div lang="ar" dir="rtl"/);
    // The link is the same address whatever the language.
    expect(inArabic?.body_text).toMatch(new RegExp(`/${t.adminSegmentId}/[A-Za-z0-9_-]{43}/deep-register\n`));

    expect(
      (
        await staff('POST', 'customers/temp-customers', {
          firstName: 'A',
          lastName: 'B',
          channel: 'email',
          email: freshEmail(),
          language: 'fr',
        })
      ).status,
    ).toBe(422);
  });

  it('sends a dynamic-register link in the language chosen, greeting without a name', async () => {
    const email = freshEmail();
    const created = await staff('POST', 'customers/onboarding-links', {
      purpose: 'dynamic-register',
      isSent: true,
      email,
      language: 'ar',
      dataSegmentId: t.adminSegmentId,
    });
    expect(created.status).toBe(200);
    const mail = await latestMail(t.context.db, email);
    expect(mail?.subject).toMatch(/^أكمل تسجيلك لدى /);
    expect(mail?.body_text).toMatch(/^مرحبًا،\n/);
    expect(mail?.body_text).toMatch(new RegExp(`/${t.adminSegmentId}/[A-Za-z0-9_-]{43}/dynamic-register\n`));
  });

  it("resends in the customer's language unless staff choose another, which then becomes theirs", async () => {
    const email = freshEmail();
    const sent = await sendLink({ email, language: 'ur' });
    const again = await staff<TTempCustomer>('POST', `customers/temp-customers/${sent._id}/resend`, {});
    expect({ status: again.status, language: again.data.language }).toEqual({ status: 200, language: 'ur' });
    expect((await latestMail(t.context.db, email))?.subject).toMatch(/کے ساتھ اپنی رجسٹریشن مکمل کریں$/);
    const inArabic = await staff<TTempCustomer>('POST', `customers/temp-customers/${sent._id}/resend`, { language: 'ar' });
    expect(inArabic.data.language).toBe('ar');
    expect((await latestMail(t.context.db, email))?.subject).toMatch(/^أكمل تسجيلك لدى /);
  });

  it('texts the link in Urdu on the SMS channel', async () => {
    const current = await staff<TOnboardingConfiguration>('GET', `configurations/ocr/${t.adminSegmentId}`);
    const settings = current.data.settings;
    await staff('PUT', `configurations/ocr/${t.adminSegmentId}`, {
      settings: { ...settings, linkChannels: ['email', 'sms'] },
      version: current.data.version,
    });
    await sendLink({ channel: 'sms', isdCode: '+92', phoneNumber: '3001234567', language: 'ur' });
    const sms = await latestMail(t.context.db, '+92 3001234567');
    expect(sms?.body_text).toMatch(/: اپنی رجسٹریشن http\S+\/deep-register پر مکمل کریں \(\d+ دن میں ختم ہو جائے گا\)۔$/);
  });

  it('e-mails a document request in the language staff choose, English for a customer who came through no link', async () => {
    const registered = await staff<TCustomerDetail>('POST', 'customers/self-register', customerSubmission());
    expect(registered.status).toBe(200);
    const customer = registered.data;
    const ask = (language?: string) =>
      staff('POST', `customers/${customer._id}/document-requests`, {
        requested: { addressProofTypes: [], isFundsEvidence: false, isIdentityDocument: true },
        note: 'Your passport has expired.',
        ...(language ? { language } : {}),
      });
    expect((await ask()).status).toBe(200);
    expect((await latestMail(t.context.db, customer.email ?? ''))?.subject).toMatch(/ requests documents from you$/);
    expect((await ask('ar')).status).toBe(200);
    const inArabic = await latestMail(t.context.db, customer.email ?? '');
    expect(inArabic?.subject).toMatch(/ منك مستندات$/);
    expect(inArabic?.body_text).toContain('- وثيقة الهوية');
    // The staff member's note is sent as typed.
    expect(inArabic?.body_text).toContain('Your passport has expired.');
    expect(inArabic?.body_html).toMatch(/^<div lang="ar" dir="rtl"/);
  });
});
