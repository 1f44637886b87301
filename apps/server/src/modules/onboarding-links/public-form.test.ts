import { describe, expect, it } from 'vitest';
import type { TCustomerDetail, TCustomerListItem } from '@sanad/contracts/customers';
import { MESSAGES } from '@sanad/contracts/messages';
import type { TOnboardingConfiguration } from '@sanad/contracts/onboarding-configuration';
import { TEMP_CUSTOMER_MESSAGES, type TDeepRegisterSession, type TTempCustomer } from '@sanad/contracts/temp-customers';
import { multipart } from '@sanad/test-support/multipart';
import { makePng } from '@sanad/test-support/sample-files';
import { latestMail } from '../../test-support/admin-helpers';
import { customerSubmission } from '../../test-support/customer-factories';
import { makeDataSegment } from '../../test-support/factories';
import { freshCaptcha, nextAddress, verifyJourneyContact } from '../../test-support/one-time-code-helpers';
import { bearer, body, callApi, useTestApp } from '../../test-support/test-app';

const t = useTestApp();
const LINK = 'x-onboarding-token';

const request = <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload: unknown, headers: Record<string, string>) =>
  callApi<T>(t.app, method, url, payload, headers, nextAddress());

const staff = <T>(method: 'GET' | 'PUT', url: string, payload?: unknown) => request<T>(method, url, payload, bearer(t.adminToken));
const asCustomer = <T>(token: string, method: 'POST' | 'PUT', url: string, payload: unknown) =>
  request<T>(method, url, payload, { [LINK]: token });

/** The start screen's call: with a solved captcha unless `captcha` says otherwise (null: none). */
async function start(dataSegmentId: string, captcha?: string | null) {
  const solution = captcha === undefined ? await freshCaptcha(t) : captcha;
  return request<{ token: string; expiresAt: string }>(
    'POST',
    'deep-register/start',
    { dataSegmentId, ...(solution === null ? {} : { captcha: solution }) },
    {},
  );
}

/** A fresh segment whose onboarding configuration opens (or not) the older public form. */
async function segment(isOpen: boolean): Promise<string> {
  const dataSegmentId = await makeDataSegment(t.context.db);
  if (isOpen) {
    const current = await staff<TOnboardingConfiguration>('GET', `configurations/ocr/${dataSegmentId}`);
    const saved = await staff('PUT', `configurations/ocr/${dataSegmentId}`, {
      settings: { ...current.data.settings, isPublicFormOpen: true },
      version: current.data.version,
    });
    if (saved.status !== 200) throw new Error(`opening the public form answered ${saved.status}`);
  }
  return dataSegmentId;
}

async function count(table: string, where = 'true', params: unknown[] = []): Promise<number> {
  const result = await t.context.db.query<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`, params);
  return result.rows[0]?.n ?? 0;
}

async function uploadThroughLink(token: string, name: string, content: Buffer): Promise<string> {
  const form = multipart({ type: 'customers' }, { name, body: content });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/files/upload',
    payload: form.payload,
    headers: { ...form.headers, [LINK]: token },
  });
  expect(response.statusCode).toBe(200);
  return body<{ data: { fileName: string } }>(response).data.fileName;
}

const saveStep = (token: string, dataSegmentId: string, step: string, submission: Record<string, unknown>, language?: string) =>
  asCustomer<{ reachedStep: string; continueLinkSentTo: string | null }>(token, 'PUT', `deep-register/steps/${step}`, {
    dataSegmentId,
    submission,
    draft: { step },
    ...(language ? { language } : {}),
  });

function freshSubmission(): Record<string, unknown> {
  const { submissionKey: _key, ...rest } = customerSubmission();
  return rest;
}

const FIVE_STEPS = ['upload-document', 'record-video', 'setup-profile', 'account-info', 'preview'] as const;

describe('the older public form: starting without a link', () => {
  it("is closed unless the segment's onboarding configuration opens it; an unknown or malformed segment is answered the same", async () => {
    const closed = await segment(false);
    for (const dataSegmentId of [closed, '00000000-0000-4000-8000-000000000000']) {
      const refused = await start(dataSegmentId);
      expect({ status: refused.status, message: refused.message }).toEqual({ status: 404, message: TEMP_CUSTOMER_MESSAGES.closed });
    }
    expect((await start('not-a-segment')).status).toBe(422);
    // The dynamic register's own switch does not open the older form.
    const current = await staff<TOnboardingConfiguration>('GET', `configurations/ocr/${closed}`);
    await staff('PUT', `configurations/ocr/${closed}`, {
      settings: { ...current.data.settings, isPublicRegistrationOpen: true },
      version: current.data.version,
    });
    expect((await start(closed)).status).toBe(404);
    expect(await count('temp_customers', 'data_segment_id = $1', [closed])).toBe(0);
  });

  it('needs a solved captcha before anything else, each solution once', async () => {
    const dataSegmentId = await segment(true);
    const missing = await start(dataSegmentId, null);
    expect({ status: missing.status, code: missing.code, message: missing.message }).toEqual({
      status: 428,
      code: 'CAPTCHA_REQUIRED',
      message: MESSAGES.captchaRequired,
    });
    const failed = await start(dataSegmentId, 'forged-solution');
    expect({ status: failed.status, message: failed.message }).toEqual({ status: 428, message: MESSAGES.captchaInvalid });
    // A closed segment is not even looked at without a captcha.
    expect((await start(await segment(false), null)).status).toBe(428);
    const solution = await freshCaptcha(t);
    expect((await start(dataSegmentId, solution)).status).toBe(200);
    const replayed = await start(dataSegmentId, solution);
    expect({ status: replayed.status, message: replayed.message }).toEqual({ status: 428, message: MESSAGES.captchaInvalid });
    expect(await count('temp_customers', 'data_segment_id = $1', [dataSegmentId])).toBe(1);
  });

  it('creates one journey: a deep-register link bound to the segment, its temp customer of the six-step flow, and an audit entry', async () => {
    const dataSegmentId = await segment(true);
    const started = await start(dataSegmentId);
    expect(started.status).toBe(200);
    expect(started.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(
      await count('onboarding_links', `data_segment_id = $1 and purpose = 'deep-register' and created_by is null`, [dataSegmentId]),
    ).toBe(1);
    expect(await count('temp_customers', `data_segment_id = $1 and flow = 'public-form'`, [dataSegmentId])).toBe(1);
    expect(await count('audit_log', `data_segment_id = $1 and action = 'started_public_register'`, [dataSegmentId])).toBe(1);
    // Only the token's HMAC is stored.
    expect(await count('onboarding_links', 'token_hash = $1', [started.data.token])).toBe(0);
    const opened = await asCustomer<TDeepRegisterSession>(started.data.token, 'POST', 'deep-register/open', { dataSegmentId });
    expect(opened.data).toMatchObject({ dataSegmentId, flow: 'public-form', reachedStep: 'upload-document', draft: null });
    // Staff follow the links they sent: a visitor's journey is not a temp customer of theirs.
    const listed = await request<TTempCustomer[]>(
      'GET',
      `customers/temp-customers?dataSegmentId=${dataSegmentId}`,
      undefined,
      bearer(t.adminToken),
    );
    expect(listed.data).toEqual([]);
  });
});

describe('the older public form: six steps', () => {
  it('completes the six steps (no additional-info) into one customer, staff see it, and the link is used up', async () => {
    const dataSegmentId = await segment(true);
    const { token } = (await start(dataSegmentId)).data;
    const record = freshSubmission();
    record.documentInfo = { identity: { fileName: await uploadThroughLink(token, 'id.pdf', Buffer.from('%PDF-1.7\n%%EOF')) } };
    const email = (record.contactInfo as { email: string }).email;
    await verifyJourneyContact(t, token, dataSegmentId, email);
    const signature = {
      sign: await uploadThroughLink(token, 'signature.png', makePng(50, 20, [0, 0, 0])),
      name: 'Amina Qureshi',
      position: 'Account holder',
      date: '27-11-2026',
      agree: true,
    };
    const reached: string[] = [];
    for (const step of FIVE_STEPS) {
      // The customer reads the form in Urdu.
      const saved = await saveStep(token, dataSegmentId, step, step === 'preview' ? { ...record, signature } : record, 'ur');
      expect({ status: saved.status, answer: saved }).toMatchObject({ status: 200 });
      reached.push(saved.data.reachedStep);
    }
    // account-info leads straight to the preview.
    expect(reached).toEqual(['record-video', 'setup-profile', 'account-info', 'preview', 'finish']);
    // The step the flow does not run cannot be saved.
    expect((await saveStep(token, dataSegmentId, 'additional-info', record)).status).toBe(409);
    const before = await count('customers', 'data_segment_id = $1', [dataSegmentId]);
    const done = await asCustomer<{ sanadId: string }>(token, 'POST', 'deep-register/complete', { dataSegmentId });
    expect({ status: done.status, answer: done }).toMatchObject({ status: 200, answer: { message: TEMP_CUSTOMER_MESSAGES.completed } });
    expect(await count('customers', 'data_segment_id = $1', [dataSegmentId])).toBe(before + 1);
    expect(await count('audit_log', `data_segment_id = $1 and action = 'completed_public_register'`, [dataSegmentId])).toBe(1);
    // Staff find the customer, come through the public registration.
    const found = await staff<TCustomerListItem[]>('GET', `customers?dataSegmentId=${dataSegmentId}&source=public-register`);
    expect(found.data.map((item) => item.sanadId)).toEqual([done.data.sanadId]);
    const detail = await staff<TCustomerDetail>('GET', `customers/${found.data[0]?._id ?? ''}?dataSegmentId=${dataSegmentId}`);
    expect(detail.data).toMatchObject({ source: 'public-register' });
    expect(detail.data.record.contactInfo?.email).toBe(email);
    // The link is used up: a second completion or opening is refused.
    expect((await asCustomer(token, 'POST', 'deep-register/complete', { dataSegmentId })).status).toBe(401);
    expect((await asCustomer(token, 'POST', 'deep-register/open', { dataSegmentId })).status).toBe(401);
    // Staff asking the customer for documents later write to them in the language of their registration.
    const asked = await request(
      'POST',
      `customers/${detail.data._id}/document-requests`,
      { requested: { addressProofTypes: [], isFundsEvidence: true, isIdentityDocument: false }, note: '' },
      bearer(t.adminToken),
    );
    expect(asked.status).toBe(200);
    const mail = await latestMail(t.context.db, email);
    expect(mail?.subject).toMatch(/کی جانب سے دستاویزات کی درخواست$/);
    expect(mail?.body_text).toContain('- ذرائع آمدن کا ثبوت');
    expect(mail?.body_html).toMatch(/^<div lang="ur" dir="rtl"/);
  });

  it('refuses a later step before the earlier ones, and completion before the preview', async () => {
    const dataSegmentId = await segment(true);
    const { token } = (await start(dataSegmentId)).data;
    const record = freshSubmission();
    const skipped = await saveStep(token, dataSegmentId, 'setup-profile', record);
    expect({ status: skipped.status, message: skipped.message }).toEqual({ status: 409, message: TEMP_CUSTOMER_MESSAGES.earlierStepFirst });
    expect((await saveStep(token, dataSegmentId, 'preview', record)).status).toBe(409);
    expect((await asCustomer(token, 'POST', 'deep-register/complete', { dataSegmentId })).status).toBe(409);
    expect((await saveStep(token, dataSegmentId, 'upload-document', record)).status).toBe(200);
    expect((await saveStep(token, dataSegmentId, 'record-video', record)).status).toBe(200);
    // Still not the account-info before setup-profile.
    expect((await saveStep(token, dataSegmentId, 'account-info', record)).status).toBe(409);
    expect((await asCustomer(token, 'POST', 'deep-register/complete', { dataSegmentId })).status).toBe(409);
  });

  it("refuses the journey's token on another segment's address", async () => {
    const mine = await segment(true);
    const other = await segment(true);
    const { token } = (await start(mine)).data;
    const crossed = await asCustomer(token, 'POST', 'deep-register/open', { dataSegmentId: other });
    expect({ status: crossed.status, message: crossed.message }).toEqual({ status: 401, message: TEMP_CUSTOMER_MESSAGES.linkInvalid });
    expect((await saveStep(token, other, 'upload-document', freshSubmission())).status).toBe(401);
    // Nor is it a dynamic-register link.
    expect((await asCustomer(token, 'POST', 'dynamic-register/open', { dataSegmentId: mine })).status).toBe(401);
  });
});

/** A journey at setup-profile with its e-mail verified: what a customer has before the continue link exists. */
async function journeyToSetupProfile(dataSegmentId: string, language?: string) {
  const { token } = (await start(dataSegmentId)).data;
  const record = freshSubmission();
  const email = (record.contactInfo as { email: string }).email;
  await verifyJourneyContact(t, token, dataSegmentId, email);
  for (const step of ['upload-document', 'record-video'] as const) {
    const saved = await saveStep(token, dataSegmentId, step, record, language);
    expect({ step, status: saved.status, sentTo: saved.data.continueLinkSentTo }).toEqual({ step, status: 200, sentTo: null });
  }
  return { token, record, email };
}

const continueMails = (email: string) =>
  count('outbox', `lower(recipient) = lower($1) and body_text like '%/register#continue=%'`, [email]);

describe('the older public form: continuing on another device', () => {
  it('sends the verified contact, once, a link that opens the same journey at its next step', async () => {
    const dataSegmentId = await segment(true);
    const { token, record, email } = await journeyToSetupProfile(dataSegmentId);
    // Before the contact is part of a saved step, nothing is sent.
    expect(await continueMails(email)).toBe(0);
    const saved = await saveStep(token, dataSegmentId, 'setup-profile', record);
    expect(saved.status).toBe(200);
    expect(saved.data.continueLinkSentTo).toBe(`${email.slice(0, 2)}***@${email.split('@')[1] ?? ''}`);
    const mail = await latestMail(t.context.db, email);
    expect(mail).toMatchObject({ subject: expect.stringMatching(/^Continue your registration with /), is_sensitive: true });
    // The token travels in the fragment of the form's own address, which no server or Referer sees.
    const continued = new RegExp(`/${dataSegmentId}/register#continue=([A-Za-z0-9_-]+)`).exec(mail?.body_text ?? '')?.[1] ?? '';
    expect(mail?.body_html).toContain(`/${dataSegmentId}/register#continue=${continued}`);
    // Another device opens the journey where it stopped, with what was saved.
    const opened = await asCustomer<TDeepRegisterSession>(continued, 'POST', 'deep-register/open', { dataSegmentId });
    expect(opened.data).toMatchObject({ flow: 'public-form', reachedStep: 'account-info', draft: { step: 'setup-profile' }, email });
    // Saving again with the same contact sends nothing more; the audit has one entry.
    expect((await saveStep(continued, dataSegmentId, 'setup-profile', record)).data.continueLinkSentTo).toBeNull();
    expect((await saveStep(token, dataSegmentId, 'account-info', record)).data.continueLinkSentTo).toBeNull();
    expect(await continueMails(email)).toBe(1);
    expect(await count('audit_log', `data_segment_id = $1 and action = 'sent_public_register_continue_link'`, [dataSegmentId])).toBe(1);
    // A newly verified address gets its own link; the journey still refuses an unverified one.
    const other = `other-${email}`;
    const unverified = { ...record, contactInfo: { ...(record.contactInfo as object), email: other } };
    expect((await saveStep(token, dataSegmentId, 'setup-profile', unverified)).status).toBe(422);
    await verifyJourneyContact(t, token, dataSegmentId, other);
    const changed = await saveStep(token, dataSegmentId, 'setup-profile', unverified);
    expect({ status: changed.status, sent: changed.data.continueLinkSentTo !== null }).toEqual({ status: 200, sent: true });
    expect(await continueMails(other)).toBe(1);
    // Staff still do not see a visitor's journey as a link they sent.
    const listed = await staff<TTempCustomer[]>('GET', `customers/temp-customers?dataSegmentId=${dataSegmentId}`);
    expect(listed.data).toEqual([]);
  });

  it('writes the continue link in the language the customer uses the form in, right to left for Arabic and Urdu', async () => {
    const dataSegmentId = await segment(true);
    const { token, record, email } = await journeyToSetupProfile(dataSegmentId, 'ar');
    expect((await saveStep(token, dataSegmentId, 'setup-profile', record, 'ar')).status).toBe(200);
    const mail = await latestMail(t.context.db, email);
    expect(mail?.subject).toMatch(/^تابع تسجيلك لدى /);
    expect(mail?.body_text).toContain('لا تعِد توجيهه');
    expect(mail?.body_html).toMatch(/^<div lang="ar" dir="rtl"/);
    expect(mail?.body_text).toMatch(new RegExp(`/${dataSegmentId}/register#continue=[A-Za-z0-9_-]{43}\n`));
  });

  it('sends no continue link on a link staff sent: the customer already has its address', async () => {
    const record = freshSubmission();
    const email = (record.contactInfo as { email: string }).email;
    const sent = await request<TTempCustomer>(
      'POST',
      'customers/temp-customers',
      { firstName: 'Amina', lastName: 'Qureshi', email, channel: 'email', dataSegmentId: t.adminSegmentId },
      bearer(t.adminToken),
    );
    expect(sent.status).toBe(200);
    const token = /\/([A-Za-z0-9_-]{43})\/deep-register/.exec(sent.data.url ?? '')?.[1] ?? '';
    await verifyJourneyContact(t, token, t.adminSegmentId, email);
    for (const step of ['upload-document', 'record-video', 'setup-profile'] as const) {
      const saved = await saveStep(token, t.adminSegmentId, step, record);
      expect({ step, status: saved.status, sentTo: saved.data.continueLinkSentTo }).toEqual({ step, status: 200, sentTo: null });
    }
    expect(await continueMails(email)).toBe(0);
  });
});
