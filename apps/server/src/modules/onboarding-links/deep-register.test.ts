import { describe, expect, it } from 'vitest';
import { generateMovingSquareClip } from '@sanad/idv/liveness/generated-video.fixture';
import { DEFAULT_ONBOARDING_SETTINGS, type TOnboardingConfiguration } from '@sanad/contracts/onboarding-configuration';
import type { TDeepRegisterSession, TTempCustomer } from '@sanad/contracts/temp-customers';
import { TEMP_CUSTOMER_MESSAGES } from '@sanad/contracts/temp-customers';
import { multipart } from '@sanad/test-support/multipart';
import { makePng } from '@sanad/test-support/sample-files';
import { signedInUser } from '../../test-support/admin-helpers';
import { customerSubmission } from '../../test-support/customer-factories';
import { makeDataSegment } from '../../test-support/factories';
import { verifyJourneyContact } from '../../test-support/one-time-code-helpers';
import { createOtpService } from '../otp/otp.service';
import { bearer, body, callApi, useTestApp } from '../../test-support/test-app';
import { deliverDueMessages } from '../../platform/messaging/outbox';
import { createLoopbackSmsTransport } from '../../platform/messaging/sms-transports';
import { createCustomerRatingService } from '../risk/rating/customer-rating.service';
import { createCustomerService } from '../customers/customer.service';
import { createDeepRegisterService } from './deep-register.service';

const t = useTestApp();

const LINK = 'x-onboarding-token';

const request = <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload: unknown, headers: Record<string, string>) =>
  callApi<T>(t.app, method, url, payload, headers);

const staff = <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = t.adminToken) =>
  request<T>(method, url, payload, bearer(token));

let sequence = 0;

/** Sends a link by e-mail and answers the temp customer with the token taken from its address. */
async function sendLink(change: Record<string, unknown> = {}): Promise<TTempCustomer & { token: string }> {
  sequence += 1;
  const answer = await staff<TTempCustomer>('POST', 'customers/temp-customers', {
    firstName: 'Zara',
    lastName: `Linkperson${sequence}`,
    email: `zara.${sequence}@example.test`,
    channel: 'email',
    ...change,
  });
  expect({ status: answer.status, answer: answer }).toMatchObject({ status: 200 });
  const token = answer.data.url?.split('/').at(-2) ?? '';
  return { ...answer.data, token };
}

const asCustomer = <T>(token: string, method: 'POST' | 'PUT', url: string, payload: unknown) =>
  request<T>(method, url, payload, { [LINK]: token });

const open = (token: string, dataSegmentId = t.adminSegmentId) =>
  asCustomer<TDeepRegisterSession>(token, 'POST', 'deep-register/open', { dataSegmentId });

const saveStep = (token: string, step: string, submission: Record<string, unknown>, draft: Record<string, unknown> = { step }) =>
  asCustomer<{ reachedStep: string }>(token, 'PUT', `deep-register/steps/${step}`, { dataSegmentId: t.adminSegmentId, submission, draft });

const complete = (token: string) =>
  asCustomer<{ sanadId: string; fullName: string }>(token, 'POST', 'deep-register/complete', { dataSegmentId: t.adminSegmentId });

const SIGNER = { name: 'Amina Qureshi', position: 'Account holder', date: '27-11-2026', agree: true };

const STEPS = ['upload-document', 'record-video', 'setup-profile', 'account-info', 'additional-info', 'preview'] as const;

/** Saves every step up to the preview with one complete submission, signed on the preview with a pad image uploaded through the link. */
async function saveAllSteps(token: string, submission: Record<string, unknown>): Promise<void> {
  await verifyContact(token, submission);
  const signature = { sign: await uploadThroughLink(token, 'signature.png', makePng(50, 20, [0, 0, 0])), ...SIGNER };
  for (const step of STEPS) {
    const saved = await saveStep(token, step, step === 'preview' ? { ...submission, signature } : submission, {
      step,
      note: `state at ${step}`,
    });
    expect({ status: saved.status, answer: saved }).toMatchObject({ status: 200 });
  }
}

/** The customer proves the submission's e-mail with a code, as setup-profile asks first. */
const verifyContact = (token: string, submission: Record<string, unknown>) =>
  verifyJourneyContact(t, token, t.adminSegmentId, (submission.contactInfo as { email: string }).email);

const contactCodes = () =>
  createOtpService({ db: t.context.db, hmacKey: t.context.secrets.hmacKey, captcha: t.context.captcha, jobs: null });

async function count(table: string, where = 'true', params: unknown[] = []): Promise<number> {
  const result = await t.context.db.query<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`, params);
  return result.rows[0]?.n ?? 0;
}

/** Uploads a small document through the link and answers its stored name. */
async function uploadThroughLink(token: string, name: string, content: Buffer = Buffer.from('%PDF-1.7\n%%EOF')): Promise<string> {
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

function withoutKey(submission: ReturnType<typeof customerSubmission>): Record<string, unknown> {
  const { submissionKey: _key, ...rest } = submission;
  return rest;
}

describe('sending a registration link (staff)', () => {
  it('creates the temp customer, its link, the e-mail and the audit entry together', async () => {
    const before = await count('outbox');
    const temp = await sendLink();
    expect(temp).toMatchObject({ status: 'sent', channel: 'email', reachedStep: 'upload-document', sentCount: 1, customerId: null });
    expect(temp.url).toMatch(new RegExp(`/${t.adminSegmentId}/[A-Za-z0-9_-]{43}/deep-register$`));
    expect(await count('outbox')).toBe(before + 1);
    const mail = await t.context.db.query<{ recipient: string; body_text: string; is_sensitive: boolean }>(
      'select recipient, body_text, is_sensitive from outbox order by created_at desc limit 1',
    );
    expect(mail.rows[0]).toMatchObject({ recipient: temp.email, is_sensitive: true });
    expect(mail.rows[0]?.body_text).toContain(temp.url);
    expect(await count('audit_log', `action = 'sent_deep_link' and entity_id = $1`, [temp._id])).toBe(1);
    // Only the hash of the token is stored.
    expect(await count('onboarding_links', 'token_hash = $1', [temp.token])).toBe(0);
    const listed = await staff<TTempCustomer[]>('GET', 'customers/temp-customers');
    expect(listed.data.find((row) => row._id === temp._id)?.url).toBeUndefined();
  });

  it('refuses an e-mail link without an address, and a channel the segment does not use', async () => {
    const noEmail = await staff('POST', 'customers/temp-customers', { firstName: 'A', lastName: 'B', channel: 'email' });
    expect(noEmail.status).toBe(422);
    expect(noEmail.errors?.email).toEqual(['Email is required to send the link by email']);
    // The default onboarding configuration sends links by e-mail only.
    const sms = await staff('POST', 'customers/temp-customers', {
      firstName: 'A',
      lastName: 'B',
      channel: 'sms',
      phoneNumber: '+923001234567',
    });
    expect(sms.status).toBe(422);
    expect(sms.errors?.channel?.[0]).toMatch(/email only/);
  });

  it('needs register-customer to send and view-deeplink-sent to read; another segment is not found', async () => {
    const viewer = await signedInUser(t, ['view-deeplink-sent']);
    expect(
      (
        await staff(
          'POST',
          'customers/temp-customers',
          { firstName: 'A', lastName: 'B', channel: 'email', email: 'a@b.test' },
          viewer.token,
        )
      ).status,
    ).toBe(403);
    const temp = await sendLink();
    expect((await staff<TTempCustomer>('GET', `customers/temp-customers/${temp._id}`, undefined, viewer.token)).data.status).toBe('sent');
    expect((await staff('POST', `customers/temp-customers/${temp._id}/revoke`, {}, viewer.token)).status).toBe(403);
    const sender = await signedInUser(t, ['register-customer']);
    expect((await staff('GET', 'customers/temp-customers', undefined, sender.token)).status).toBe(403);
    const other = await makeDataSegment(t.context.db);
    const outsider = await signedInUser(t, ['view-deeplink-sent'], [other]);
    expect((await staff('GET', `customers/temp-customers/${temp._id}`, undefined, outsider.token)).status).toBe(404);
  });

  it('delivers an SMS link through the SMS transport (loopback)', async () => {
    const loaded = await staff<{ settings: Record<string, unknown>; version: number }>('GET', `configurations/ocr/${t.adminSegmentId}`);
    const saved = await staff('PUT', `configurations/ocr/${t.adminSegmentId}`, {
      settings: { ...loaded.data.settings, linkChannels: ['email', 'sms'] },
      version: loaded.data.version,
    });
    expect(saved.status).toBe(200);
    const temp = await sendLink({ channel: 'sms', email: '', phoneNumber: '300 7654321', isdCode: '+92' });
    const sms = createLoopbackSmsTransport();
    await deliverDueMessages(t.context.db, { email: null, sms });
    const delivered = sms.sent.find((message) => message.to === '+92 300 7654321');
    expect(delivered?.text).toContain(temp.url);
  });
});

describe('the link: token states', () => {
  it("hands the customer the segment's onboarding configuration, so the public steps follow it as the staff ones do", async () => {
    const before = (await staff<TOnboardingConfiguration>('GET', `configurations/ocr/${t.adminSegmentId}`)).data;
    const changed = { ...before.settings, ocrStatus: { front: false, back: false }, isTaxIdRequired: true, isTaxIdMandatory: true };
    const saved = await staff<TOnboardingConfiguration>('PUT', `configurations/ocr/${t.adminSegmentId}`, {
      settings: changed,
      version: before.version,
    });
    expect({ status: saved.status, message: saved.message }).toMatchObject({ status: 200 });
    try {
      const temp = await sendLink();
      const opened = await open(temp.token);
      expect(opened.data?.settings).toMatchObject({ ocrStatus: { front: false, back: false }, isTaxIdMandatory: true });
    } finally {
      await staff('PUT', `configurations/ocr/${t.adminSegmentId}`, { settings: before.settings, version: saved.data.version });
    }
  });

  it('opens with the invited details, marks the link opened, and refuses a wrong token, another segment, or a staff session', async () => {
    const temp = await sendLink();
    const opened = await open(temp.token);
    expect(opened.status).toBe(200);
    expect(opened.data).toMatchObject({
      firstName: 'Zara',
      lastName: temp.lastName,
      email: temp.email,
      reachedStep: 'upload-document',
      draft: null,
    });
    expect((await staff<TTempCustomer>('GET', `customers/temp-customers/${temp._id}`)).data.status).toBe('opened');

    const wrong = await open(`${temp.token.slice(0, -2)}xx`);
    expect(wrong.status).toBe(401);
    expect(wrong.data).toBeUndefined();
    const other = await makeDataSegment(t.context.db);
    const crossing = await open(temp.token, other);
    expect(crossing.status).toBe(401);
    expect(crossing.message).toBe(TEMP_CUSTOMER_MESSAGES.linkInvalid);
    expect(crossing.data).toBeUndefined();
    expect((await staff('POST', 'deep-register/open', { dataSegmentId: t.adminSegmentId })).status).toBe(401);
  });

  it('stops working when revoked or expired, and a resent link replaces the old token but keeps the progress', async () => {
    const revoked = await sendLink();
    expect((await staff<TTempCustomer>('POST', `customers/temp-customers/${revoked._id}/revoke`, {})).data.status).toBe('revoked');
    expect((await open(revoked.token)).status).toBe(401);
    expect((await staff('POST', `customers/temp-customers/${revoked._id}/resend`, {})).status).toBe(409);

    const expired = await sendLink();
    await t.context.db.query(
      `update onboarding_links set expires_at = now() - interval '1 minute' where id = (select onboarding_link_id from temp_customers where id = $1)`,
      [expired._id],
    );
    expect((await open(expired.token)).status).toBe(401);
    expect((await staff<TTempCustomer>('GET', `customers/temp-customers/${expired._id}`)).data.status).toBe('expired');

    const temp = await sendLink();
    expect((await saveStep(temp.token, 'upload-document', {})).status).toBe(200);
    const resent = await staff<TTempCustomer>('POST', `customers/temp-customers/${temp._id}/resend`, {});
    expect(resent.status).toBe(200);
    expect(resent.data).toMatchObject({ sentCount: 2, status: 'in-progress' });
    const newToken = resent.data.url?.split('/').at(-2) ?? '';
    expect(newToken).not.toBe(temp.token);
    expect((await open(temp.token)).status).toBe(401);
    const reopened = await open(newToken);
    expect(reopened.data).toMatchObject({ reachedStep: 'record-video', draft: { step: 'upload-document' } });
    // An expired link is sent again with a new lifetime.
    expect((await staff<TTempCustomer>('POST', `customers/temp-customers/${expired._id}/resend`, {})).data.status).toBe('sent');
  });
});

describe('the steps', () => {
  it('refuses a step before the earlier ones, and a step with wrong fields in the contract words', async () => {
    const temp = await sendLink();
    const skipped = await saveStep(temp.token, 'setup-profile', withoutKey(customerSubmission()));
    expect(skipped.status).toBe(409);
    expect(skipped.message).toBe(TEMP_CUSTOMER_MESSAGES.earlierStepFirst);
    expect((await complete(temp.token)).status).toBe(409);
    expect((await saveStep(temp.token, 'upload-document', {})).data.reachedStep).toBe('record-video');
    expect((await saveStep(temp.token, 'record-video', {})).data.reachedStep).toBe('setup-profile');
    const wrong = await saveStep(temp.token, 'setup-profile', { basicInfo: { firstName: 'Zara' }, contactInfo: { email: 'not-an-email' } });
    expect(wrong.status).toBe(422);
    expect(wrong.errors?.['basicInfo.lastName']).toEqual(['Last name is required']);
    expect(wrong.errors?.['contactInfo.email']).toEqual(['Enter a valid email address']);
    // Fields of later steps are not asked yet.
    expect(wrong.errors?.['accountInfo.products']).toBeUndefined();
  });

  it('continues on another device from the progress saved on the server', async () => {
    const temp = await sendLink();
    const submission = withoutKey(customerSubmission());
    await verifyContact(temp.token, submission);
    for (const step of ['upload-document', 'record-video', 'setup-profile'] as const)
      expect((await saveStep(temp.token, step, submission, { step, record: submission })).status).toBe(200);
    // A second device knows only the link.
    const resumed = await open(temp.token);
    expect(resumed.data.reachedStep).toBe('account-info');
    expect(resumed.data.draft).toEqual({ step: 'setup-profile', record: submission });
    expect((await staff<TTempCustomer>('GET', `customers/temp-customers/${temp._id}`)).data).toMatchObject({
      status: 'in-progress',
      reachedStep: 'account-info',
    });
  });

  it('refuses a file that was not uploaded through this link', async () => {
    const temp = await sendLink();
    const form = multipart({ type: 'customers' }, { name: 'a.pdf', body: Buffer.from('%PDF-1.7\n%%EOF') });
    const staffUpload = await t.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(t.adminToken) },
    });
    const fileName = body<{ data: { fileName: string } }>(staffUpload).data.fileName;
    const foreign = await saveStep(temp.token, 'upload-document', { documentInfo: { identity: { fileName } } });
    expect(foreign.status).toBe(422);
    const ownForm = multipart({ type: 'customers' }, { name: 'b.pdf', body: Buffer.from('%PDF-1.7\n%%EOF') });
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      payload: ownForm.payload,
      headers: { ...ownForm.headers, [LINK]: temp.token },
    });
    const ownName = body<{ data: { fileName: string } }>(own).data.fileName;
    expect((await saveStep(temp.token, 'upload-document', { documentInfo: { identity: { fileName: ownName } } })).status).toBe(200);
  });
});

describe('completing the registration', () => {
  it('refuses to send the preview without the Signature Panel, or with a signature that breaks its rules', async () => {
    const temp = await sendLink();
    const submission = withoutKey(customerSubmission());
    await verifyContact(temp.token, submission);
    for (const step of STEPS.slice(0, -1)) expect((await saveStep(temp.token, step, submission)).status).toBe(200);
    const unsigned = await saveStep(temp.token, 'preview', submission);
    expect(unsigned.status).toBe(422);
    expect(unsigned.errors?.['signature.sign']).toEqual(['Signature is required']);
    const sign = await uploadThroughLink(temp.token, 'signature.png', makePng(50, 20, [0, 0, 0]));
    const wrong = await saveStep(temp.token, 'preview', {
      ...submission,
      signature: { sign, name: 'Amina; Qureshi', position: 'Head/Owner', date: '2026-11-27', agree: false },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.errors).toMatchObject({
      'signature.name': ['Name cannot contain special characters such as ;'],
      'signature.position': ['Position cannot contain special characters such as /'],
      'signature.date': ['Date must be written DD-MM-YYYY'],
      'signature.agree': ['Tick the box to agree to sign electronically'],
    });
    // A signature image that was not uploaded through this link is not the customer's.
    const form = multipart({ type: 'customers' }, { name: 's.png', body: makePng(50, 20, [0, 0, 0]) });
    const staffUpload = await t.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(t.adminToken) },
    });
    const foreign = body<{ data: { fileName: string } }>(staffUpload).data.fileName;
    const stolen = await saveStep(temp.token, 'preview', { ...submission, signature: { sign: foreign, ...SIGNER } });
    expect(stolen.status).toBe(422);
    expect(stolen.errors?.['signature.sign']).toBeDefined();
    // Completing from the steps saved so far (none signed) is refused too.
    const early = await complete(temp.token);
    expect(early.status).toBe(422);
    expect(early.errors?.['signature.sign']).toEqual(['Signature is required']);

    expect((await saveStep(temp.token, 'preview', { ...submission, signature: { sign, ...SIGNER } })).status).toBe(200);
    const done = await complete(temp.token);
    expect(done.status).toBe(200);
    const stored = await t.context.db.query<{ record: { signature: unknown } }>('select record from customers where sanad_id = $1', [
      done.data.sanadId,
    ]);
    expect(stored.rows[0]?.record.signature).toEqual({ sign, ...SIGNER });
  });

  it('registers the customer once (screened, rated, audited), with the liveness verdict the server kept, and uses up the link', async () => {
    const temp = await sendLink();
    const submission = withoutKey(customerSubmission());
    await saveAllSteps(temp.token, {
      ...submission,
      // What the browser claims is not what is stored.
      verificationStatus: { liveness: 'completed', face: 'matched' },
    });
    const linkId = (
      await t.context.db.query<{ id: string }>('select onboarding_link_id as id from temp_customers where id = $1', [temp._id])
    ).rows[0]?.id;
    const clip = await uploadThroughLink(temp.token, 'clip.pdf');
    // The server's own check of a video recorded through the link: the face did not match.
    await t.context.db.query(
      `insert into liveness_challenges (data_segment_id, challenge, onboarding_link_id, expires_at, used_at, video_file, verdict)
       values ($1, 'turn-left-right', $2, now(), now(), $3, '{"liveness":"completed","face":"notmatched"}')`,
      [t.adminSegmentId, linkId, clip],
    );
    const customersBefore = await count('customers');
    const done = await complete(temp.token);
    expect({ status: done.status, answer: done }).toMatchObject({ status: 200 });
    expect(done.data.sanadId).toMatch(/^SND-\d+$/);
    expect(Object.keys(done.data).toSorted()).toEqual(['fullName', 'sanadId']);
    expect(await count('customers')).toBe(customersBefore + 1);
    const stored = await t.context.db.query<{
      id: string;
      record: { verificationStatus: unknown; documentInfo: { video?: unknown }; accountInfo: { isf2f?: boolean } };
    }>('select id, record from customers where sanad_id = $1', [done.data.sanadId]);
    const customer = stored.rows[0];
    expect(customer?.record.verificationStatus).toEqual({ liveness: 'passed', face: 'not-matched' });
    // The submission said face to face (customerSubmission does); a customer on their own link is onboarded remotely.
    expect(submission.accountInfo).toMatchObject({ isf2f: true });
    expect(customer?.record.accountInfo.isf2f).toBe(false);
    expect(customer?.record.documentInfo.video).toEqual({ fileName: clip });
    expect(await count('risk_ratings', 'customer_id = $1', [customer?.id])).toBe(1);
    expect(await count('audit_log', `action = 'registered_customer' and entity_id = $1`, [customer?.id])).toBe(1);
    expect(await count('audit_log', `action = 'completed_deep_register' and entity_id = $1`, [temp._id])).toBe(1);
    const seen = await staff<TTempCustomer>('GET', `customers/temp-customers/${temp._id}`);
    expect(seen.data).toMatchObject({ status: 'completed', customerId: customer?.id, sanadId: done.data.sanadId, reachedStep: 'finish' });

    // A retried completion does not create a second customer: the link is used up.
    const retry = await complete(temp.token);
    expect(retry.status).toBe(401);
    expect(await count('customers')).toBe(customersBefore + 1);
    expect((await open(temp.token)).status).toBe(401);
  });

  it('takes liveness from the check the server ran on the video recorded through the link', async () => {
    const temp = await sendLink();
    const headers = { [LINK]: temp.token };
    const challenge = await request<{ challengeId: string }>('POST', 'customers/liveness/challenge', {}, headers);
    const clip = Buffer.from(generateMovingSquareClip({ seconds: 2, width: 320, height: 240, container: 'webm' }));
    const form = multipart({ type: 'video' }, { name: 'liveness.webm', body: clip });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/files/encrypt',
      payload: form.payload,
      headers: { ...form.headers, ...headers },
    });
    const videoFile = body<{ data: { fileName: string } }>(uploaded).data.fileName;
    const checked = await request<{ live: boolean }>(
      'POST',
      'customers/liveness',
      { videoFile, challengeId: challenge.data.challengeId },
      headers,
    );
    expect(checked.data.live).toBe(false);
    // The browser claims a passed video and names no clip: neither is believed.
    await saveAllSteps(temp.token, withoutKey(customerSubmission()));
    const done = await complete(temp.token);
    expect(done.status).toBe(200);
    const stored = await t.context.db.query<{ record: { verificationStatus: unknown; documentInfo: { video?: unknown } } }>(
      'select record from customers where sanad_id = $1',
      [done.data.sanadId],
    );
    expect(stored.rows[0]?.record.verificationStatus).toEqual({ liveness: 'failed', face: 'pending' });
    expect(stored.rows[0]?.record.documentInfo.video).toEqual({ fileName: videoFile });
  }, 180_000);

  it('leaves nothing behind when the registration fails part-way, and the retry creates exactly one customer', async () => {
    const temp = await sendLink();
    await saveAllSteps(temp.token, withoutKey(customerSubmission()));
    const failing = createDeepRegisterService({
      db: t.context.db,
      publicUrl: 'http://localhost',
      jobs: null,
      contactCodes: contactCodes(),
      vault: t.context.vault,
      liveness: { latestLinkVerdict: async () => null },
      onboardingSettings: async () => DEFAULT_ONBOARDING_SETTINGS,
      customers: createCustomerService({
        db: t.context.db,
        screening: { screenCustomer: async () => [] },
        ratings: createCustomerRatingService({ db: t.context.db }),
        crashPoint: () => {
          throw new Error('power cut');
        },
      }),
    });
    const linkId =
      (await t.context.db.query<{ id: string }>('select onboarding_link_id as id from temp_customers where id = $1', [temp._id])).rows[0]
        ?.id ?? '';
    const before = await count('customers');
    const meta = { ip: '127.0.0.1', userAgent: null, requestId: 'r1', timezoneOffset: 0 };
    const link = { linkId, dataSegmentId: t.adminSegmentId, purpose: 'deep-register' as const };
    await expect(failing.complete(link, t.adminSegmentId, meta)).rejects.toThrow('power cut');
    expect(await count('customers')).toBe(before);
    expect((await staff<TTempCustomer>('GET', `customers/temp-customers/${temp._id}`)).data.status).toBe('in-progress');
    // Two retries at once (a double tap): one customer.
    const answers = await Promise.all([complete(temp.token), complete(temp.token)]);
    expect(answers.some((answer) => answer.status === 200)).toBe(true);
    expect(await count('customers')).toBe(before + 1);
    expect(await count('customers', 'submission_key = $1', [temp._id])).toBe(1);
  });

  it('limits the requests of one link', async () => {
    const temp = await sendLink();
    const linkId =
      (await t.context.db.query<{ id: string }>('select onboarding_link_id as id from temp_customers where id = $1', [temp._id])).rows[0]
        ?.id ?? '';
    const limited = createDeepRegisterService({
      db: t.context.db,
      publicUrl: 'http://localhost',
      jobs: null,
      contactCodes: contactCodes(),
      vault: t.context.vault,
      liveness: { latestLinkVerdict: async () => null },
      onboardingSettings: async () => DEFAULT_ONBOARDING_SETTINGS,
      customers: { registerThroughLink: async () => Promise.reject(new Error('not reached')) },
      requestsPerMinute: 3,
    });
    const link = { linkId, dataSegmentId: t.adminSegmentId, purpose: 'deep-register' as const };
    for (let index = 0; index < 3; index += 1) await limited.open(link, t.adminSegmentId);
    await expect(limited.open(link, t.adminSegmentId)).rejects.toMatchObject({
      statusCode: 429,
      message: TEMP_CUSTOMER_MESSAGES.tooManyRequests,
    });
  });
});
