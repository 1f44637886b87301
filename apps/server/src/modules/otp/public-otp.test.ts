import { describe, expect, it } from 'vitest';
import { CONTACT_OTP_MESSAGES, OTP_MESSAGES, type TGenerateOtpResponse } from '@sanad/contracts/otp';
import type { TTempCustomer } from '@sanad/contracts/temp-customers';
import { makePng } from '@sanad/test-support/sample-files';
import { multipart } from '@sanad/test-support/multipart';
import { customerSubmission } from '../../test-support/customer-factories';
import {
  codeSentTo,
  postContactCodeCheck,
  postContactCodeRequest,
  verifyJourneyContact,
  wrongCode,
} from '../../test-support/one-time-code-helpers';
import { bearer, body, useTestApp } from '../../test-support/test-app';

// The contact of a public journey is proved with a one-time code (docs/decisions/public-otp.md).
const t = useTestApp();
const LINK = 'x-onboarding-token';
const SIGNER = { name: 'Amina Qureshi', position: 'Account holder', date: '27-11-2026', agree: true };
const STEPS = ['upload-document', 'record-video', 'setup-profile', 'account-info', 'additional-info', 'preview'] as const;

let sequence = 0;
async function sendLink(): Promise<string> {
  sequence += 1;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/customers/temp-customers',
    headers: bearer(t.adminToken),
    payload: { firstName: 'Omar', lastName: `Codeperson${sequence}`, email: `omar.${sequence}@example.test`, channel: 'email' },
  });
  expect(response.statusCode).toBe(200);
  return body<{ data: TTempCustomer }>(response).data.url?.split('/').at(-2) ?? '';
}

async function asCustomer<T>(token: string, method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) {
  const response = await t.app.inject({ method, url: `/api/${url}`, headers: { [LINK]: token }, payload });
  const parsed = body<{ data: T; message: string; errors?: Record<string, string[]> }>(response);
  return { ...parsed, status: response.statusCode };
}

const saveStep = (token: string, step: string, submission: Record<string, unknown>) =>
  asCustomer<{ reachedStep: string }>(token, 'PUT', `deep-register/steps/${step}`, {
    dataSegmentId: t.adminSegmentId,
    submission,
    draft: { step },
  });

async function requestCode(token: string, email: string): Promise<TGenerateOtpResponse> {
  const response = await postContactCodeRequest(t, token, t.adminSegmentId, { email });
  expect({ status: response.statusCode, body: response.json() as unknown }).toMatchObject({ status: 200 });
  return (response.json() as { data: TGenerateOtpResponse }).data;
}

async function check(token: string, otp: string, codeToken: string) {
  const response = await postContactCodeCheck(t, token, t.adminSegmentId, otp, codeToken);
  return { ...(response.json() as { message: string; errors?: Record<string, string[]> }), status: response.statusCode };
}

function freshSubmission(): Record<string, unknown> {
  const { submissionKey: _key, ...rest } = customerSubmission();
  return rest;
}
const emailOf = (value: Record<string, unknown>) => (value.contactInfo as { email: string }).email;

async function uploadSignature(token: string): Promise<string> {
  const form = multipart({ type: 'customers' }, { name: 'signature.png', body: makePng(50, 20, [0, 0, 0]) });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/files/upload',
    payload: form.payload,
    headers: { ...form.headers, [LINK]: token },
  });
  return body<{ data: { fileName: string } }>(response).data.fileName;
}

describe('a public journey asks for a code to its contact', () => {
  it('wants the captcha first, sends a six-digit code to the e-mail, and answers only the token and a masked address', async () => {
    const token = await sendLink();
    const noCaptcha = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding/generate-otp-auth',
      headers: { [LINK]: token },
      payload: { dataSegmentId: t.adminSegmentId, email: 'first@example.test' },
    });
    expect(noCaptcha.statusCode).toBe(428);
    expect((noCaptcha.json() as { message: string }).message).toBe('Please complete the captcha to continue');
    const sent = await requestCode(token, 'First@Example.test');
    expect(sent).toMatchObject({ channel: 'email', destination: 'fi***@example.test', expiresIn: 120, phoneNumber: null });
    expect(await codeSentTo(t.context.db, 'first@example.test')).toMatch(/^\d{6}$/);
    const audit = await t.context.db.query<{ action: string; details: Record<string, unknown> }>(
      "select action, details from audit_log where action = 'requested_contact_code' order by created_at desc limit 1",
    );
    expect(audit.rows[0]?.details).toMatchObject({ channel: 'email', destination: 'fi***@example.test', journey: 'deep-register' });
    // A bad address is refused before anything is sent.
    const bad = await postContactCodeRequest(t, token, t.adminSegmentId, { email: 'not-an-address' });
    expect(bad.statusCode).toBe(422);
  });

  it('refuses a staff session and a wrong token: the code is for the customer behind the link', async () => {
    const staffAsk = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding/generate-otp-auth',
      headers: bearer(t.adminToken),
      payload: { dataSegmentId: t.adminSegmentId, email: 'x@example.test' },
    });
    expect(staffAsk.statusCode).toBe(401);
    const wrong = await postContactCodeRequest(t, 'not-a-real-token-000000000000000000000000000', t.adminSegmentId, {
      email: 'x@example.test',
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('answers a wrong code, then too many attempts after five, in the spec words', async () => {
    const token = await sendLink();
    const sent = await requestCode(token, 'wrong@example.test');
    const code = await codeSentTo(t.context.db, 'wrong@example.test');
    const first = await check(token, wrongCode(code), sent.token);
    expect({ status: first.status, errors: first.errors }).toEqual({ status: 422, errors: { otp: [OTP_MESSAGES.incorrect] } });
    for (let attempt = 2; attempt <= 4; attempt += 1)
      expect((await check(token, wrongCode(code), sent.token)).errors?.otp).toEqual([OTP_MESSAGES.incorrect]);
    expect((await check(token, wrongCode(code), sent.token)).errors?.otp).toEqual([OTP_MESSAGES.attemptsExceeded]);
    // Out of attempts: even the right code is refused now; a new code is needed.
    expect((await check(token, code, sent.token)).errors?.otp).toEqual([OTP_MESSAGES.attemptsExceeded]);
    const failed = await t.context.db.query<{ n: number }>("select count(*)::int as n from audit_log where action = 'failed_contact_code'");
    expect(failed.rows[0]?.n).toBeGreaterThanOrEqual(5);
  });

  it('refuses an expired code and a code superseded by a resend', async () => {
    const token = await sendLink();
    const first = await requestCode(token, 'late@example.test');
    const firstCode = await codeSentTo(t.context.db, 'late@example.test');
    const second = await requestCode(token, 'late@example.test');
    expect((await check(token, firstCode, first.token)).errors?.otp).toEqual([OTP_MESSAGES.expired]);
    const secondCode = await codeSentTo(t.context.db, 'late@example.test');
    await t.context.db.query(
      "update one_time_codes set expires_at = now() - interval '1 second' where onboarding_link_id is not null and consumed_at is null and superseded_at is null",
    );
    expect((await check(token, secondCode, second.token)).errors?.otp).toEqual([OTP_MESSAGES.expired]);
  });

  it("refuses another journey's code: a code belongs to the link that asked for it", async () => {
    const mine = await sendLink();
    const theirs = await sendLink();
    const sent = await requestCode(theirs, 'shared@example.test');
    const code = await codeSentTo(t.context.db, 'shared@example.test');
    expect((await check(mine, code, sent.token)).errors?.otp).toEqual([OTP_MESSAGES.expired]);
    // The journey that asked can still use it; the other journey's contact stays unverified.
    expect((await check(theirs, code, sent.token)).status).toBe(200);
    const value = { ...freshSubmission(), contactInfo: { email: 'shared@example.test', phoneNumber: '+923001112233' } };
    for (const step of ['upload-document', 'record-video'] as const) expect((await saveStep(mine, step, value)).status).toBe(200);
    const refused = await saveStep(mine, 'setup-profile', value);
    expect({ status: refused.status, errors: refused.errors }).toEqual({
      status: 422,
      errors: { 'contactInfo.email': [CONTACT_OTP_MESSAGES.emailNotVerified] },
    });
  });

  it('limits the codes one link may ask for', async () => {
    const token = await sendLink();
    const statuses: number[] = [];
    for (let index = 0; index < 11; index += 1)
      statuses.push((await postContactCodeRequest(t, token, t.adminSegmentId, { email: `many${index}@example.test` })).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('writes the code in the language the customer uses, English when none is given, and refuses a language it does not speak', async () => {
    const token = await sendLink();
    const sentMessage = async (email: string, language?: string) => {
      const response = await postContactCodeRequest(t, token, t.adminSegmentId, { email, name: 'Amina', language });
      expect(response.statusCode).toBe(200);
      const outbox = await t.context.db.query<{ subject: string; body_text: string }>(
        'select subject, body_text from outbox where recipient = $1 order by created_at desc limit 1',
        [email],
      );
      return { subject: outbox.rows[0]?.subject, text: outbox.rows[0]?.body_text ?? '', code: await codeSentTo(t.context.db, email) };
    };
    const arabic = await sentMessage('arabic@example.test', 'ar');
    expect(arabic.subject).toBe('رمز التحقق الخاص بك من Sanad');
    expect(arabic.text).toContain('مرحبًا Amina،');
    expect(arabic.text).toContain(`للتحقق من بيانات الاتصال الخاصة بتسجيلك هو: ${arabic.code}`);
    const urdu = await sentMessage('urdu@example.test', 'ur');
    expect(urdu.subject).toBe('آپ کا Sanad تصدیقی کوڈ');
    expect(urdu.text).toContain(`کوڈ یہ ہے: ${urdu.code}`);
    const english = await sentMessage('english@example.test');
    expect(english.subject).toBe('Your Sanad verification code');
    expect(english.text).toContain(`Your one-time code to verify your contact details for your registration is: ${english.code}`);
    const unknown = await postContactCodeRequest(t, token, t.adminSegmentId, { email: 'french@example.test', language: 'fr' });
    expect(unknown.statusCode).toBe(422);
  });
});

describe('the steps and the completion need the verified contact', () => {
  it('refuses setup-profile, a later step and the completion for an unverified or changed contact, then registers with the proof on the record and in the audit', async () => {
    const token = await sendLink();
    const value = freshSubmission();
    for (const step of ['upload-document', 'record-video'] as const) expect((await saveStep(token, step, value)).status).toBe(200);
    const unverified = await saveStep(token, 'setup-profile', value);
    expect({ status: unverified.status, errors: unverified.errors }).toEqual({
      status: 422,
      errors: { 'contactInfo.email': [CONTACT_OTP_MESSAGES.emailNotVerified] },
    });
    // A later step is refused too (it is also before its turn), so no call skips the proof.
    expect((await saveStep(token, 'account-info', value)).status).toBe(409);

    await verifyJourneyContact(t, token, t.adminSegmentId, emailOf(value));
    const signature = { sign: await uploadSignature(token), ...SIGNER };
    for (const step of STEPS.slice(2)) {
      const saved = await saveStep(token, step, step === 'preview' ? { ...value, signature } : value);
      expect({ step, status: saved.status, errors: saved.errors }).toMatchObject({ status: 200 });
    }
    // The preview saved with another address (the customer changed it after verifying) is refused.
    const changed = { ...value, contactInfo: { ...(value.contactInfo as object), email: 'someone.else@example.test' }, signature };
    expect((await saveStep(token, 'preview', changed)).errors?.['contactInfo.email']).toEqual([CONTACT_OTP_MESSAGES.emailNotVerified]);
    // Even with the changed address stored behind the server's back, the completion checks again.
    await t.context.db.query(
      "update temp_customers set draft = jsonb_set(draft, '{submission,contactInfo,email}', '\"someone.else@example.test\"') where draft->'submission'->'contactInfo'->>'email' = $1",
      [emailOf(value)],
    );
    const refused = await asCustomer(token, 'POST', 'deep-register/complete', { dataSegmentId: t.adminSegmentId });
    expect({ status: refused.status, errors: refused.errors }).toEqual({
      status: 422,
      errors: { 'contactInfo.email': [CONTACT_OTP_MESSAGES.emailNotVerified] },
    });
    expect((await saveStep(token, 'preview', { ...value, signature })).status).toBe(200);
    const done = await asCustomer<{ sanadId: string }>(token, 'POST', 'deep-register/complete', { dataSegmentId: t.adminSegmentId });
    expect(done.status).toBe(200);
    const stored = await t.context.db.query<{ record: { contactInfo: Record<string, string> } }>(
      'select record from customers where sanad_id = $1',
      [done.data.sanadId],
    );
    expect(stored.rows[0]?.record.contactInfo.emailVerifiedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(stored.rows[0]?.record.contactInfo.phoneVerifiedAt).toBeUndefined();
    const ids = await t.context.db.query<{ link_id: string; customer_id: string }>(
      'select t.onboarding_link_id::text as link_id, c.id::text as customer_id from customers c join temp_customers t on t.customer_id = c.id where c.sanad_id = $1',
      [done.data.sanadId],
    );
    const audit = await t.context.db.query<{ action: string; details: Record<string, unknown> }>(
      "select action, details from audit_log where (action = 'verified_contact' and entity_id::text = $1) or (action = 'completed_deep_register' and details->>'customerId' = $2)",
      [ids.rows[0]?.link_id, ids.rows[0]?.customer_id],
    );
    expect(audit.rows.map((row) => row.action).toSorted()).toEqual(['completed_deep_register', 'verified_contact']);
    expect(audit.rows.find((row) => row.action === 'completed_deep_register')?.details.contactVerification).toMatchObject({
      channel: 'email',
    });
  });

  it('staff cannot set the verification on a record themselves', async () => {
    const value = customerSubmission();
    const payload = { ...value, contactInfo: { ...value.contactInfo, emailVerifiedAt: '2020-01-01T00:00:00.000Z' } };
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/customers/self-register',
      headers: bearer(t.adminToken),
      payload,
    });
    expect(response.statusCode).toBe(200);
    const sanadId = (response.json() as { data: { sanadId: string } }).data.sanadId;
    const stored = await t.context.db.query<{ record: { contactInfo: Record<string, string> } }>(
      'select record from customers where sanad_id = $1',
      [sanadId],
    );
    expect(stored.rows[0]?.record.contactInfo.emailVerifiedAt).toBeUndefined();
  });
});
