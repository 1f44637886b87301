import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { TCustomerDetail, TCustomerListItem } from '@sanad/contracts/customers';
import { DYNAMIC_REGISTER_MESSAGES, type TDynamicRegisterSession } from '@sanad/contracts/dynamic-register';
import {
  FORM_MESSAGES,
  defaultFormDefinition,
  type TFormDefinition,
  type TFormState,
  type TFormVersion,
} from '@sanad/contracts/form-builder';
import type { TOnboardingConfiguration } from '@sanad/contracts/onboarding-configuration';
import type { TOnboardingLink } from '@sanad/contracts/onboarding-links';
import { generateMovingSquareClip } from '@sanad/idv/liveness/generated-video.fixture';
import { multipart } from '@sanad/test-support/multipart';
import { apiCaller } from '../../test-support/api-session';
import { makeDataSegment } from '../../test-support/factories';
import { freshCaptcha, nextAddress, verifyJourneyContact } from '../../test-support/one-time-code-helpers';
import { MESSAGES } from '@sanad/contracts/messages';
import { CONTACT_OTP_MESSAGES } from '@sanad/contracts/otp';
import { body, useTestApp } from '../../test-support/test-app';

const t = useTestApp();
const staff = () => apiCaller(t, t.adminToken);
const LINK = 'x-onboarding-token';

async function asCustomer<T>(token: string | null, method: 'POST' | 'PUT', url: string, payload: unknown) {
  const response = await t.app.inject({
    method,
    url: `/api/${url}`,
    headers: token ? { [LINK]: token } : {},
    payload: payload as Record<string, unknown>,
  });
  const parsed = body<{ data: T; message: string; errors?: Record<string, string[]> }>(response);
  return { ...parsed, status: response.statusCode };
}

/** A start without a link, as the start screen sends it: with a solved captcha (unless `captcha` says otherwise), from a fresh address. */
async function start<T = { token: string }>(payload: Record<string, unknown>, captcha?: string | null) {
  const solution = captcha === undefined ? await freshCaptcha(t) : captcha;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/dynamic-register/start',
    remoteAddress: nextAddress(),
    payload: { ...payload, ...(solution === null ? {} : { captcha: solution }) },
  });
  const parsed = body<{ data: T; message: string; code?: string }>(response);
  return { ...parsed, status: response.statusCode };
}

/** The account-info form: e-mail and phone (the record needs both) and a custom select. */
function accountForm(branchLabel = 'Preferred branch'): TFormDefinition {
  const base = defaultFormDefinition('account-info');
  const contact = base.sections[0]!;
  return {
    sections: [
      { ...contact, fields: contact.fields.map((field) => (field.key === 'phone' ? { ...field, required: true } : field)) },
      {
        key: 'branch',
        title: { en: 'Branch' },
        fields: [
          {
            key: 'branch',
            type: 'select',
            label: { en: branchLabel },
            required: true,
            options: [
              { value: 'dxb', label: { en: 'Dubai Mall' } },
              { value: 'auh', label: { en: 'Abu Dhabi Corniche' } },
            ],
            validation: {},
            showWhen: null,
            mapsTo: 'customInfo.branch',
            accept: [],
          },
        ],
      },
    ],
  };
}

async function publishOn(dataSegmentId: string, page: string, definition: TFormDefinition): Promise<TFormVersion> {
  const state = await staff()<TFormState>('GET', `form-builder/forms/${page}?dataSegmentId=${dataSegmentId}`);
  const saved = await staff()<TFormState>('PUT', `form-builder/forms/${page}`, {
    dataSegmentId,
    draftRevision: state.body.data.draftRevision,
    definition,
  });
  expect(saved.status).toBe(200);
  const published = await staff()<TFormVersion>('POST', `form-builder/forms/${page}/publish`, {
    dataSegmentId,
    draftRevision: saved.body.data.draftRevision,
  });
  expect({ status: published.status, body: published.body }).toMatchObject({ status: 200 });
  return published.body.data;
}

/** A fresh segment with both forms published and, when asked, the public address opened. */
async function readySegment(isPublic = false): Promise<string> {
  const dataSegmentId = await makeDataSegment(t.context.db);
  await publishOn(dataSegmentId, 'setup-profile', defaultFormDefinition('setup-profile'));
  await publishOn(dataSegmentId, 'account-info', accountForm());
  if (isPublic) {
    const current = await staff()<TOnboardingConfiguration>('GET', `configurations/ocr/${dataSegmentId}`);
    const saved = await staff()<TOnboardingConfiguration>('PUT', `configurations/ocr/${dataSegmentId}`, {
      settings: { ...current.body.data.settings, isPublicRegistrationOpen: true },
      version: current.body.data.version,
    });
    if (saved.status !== 200) throw new Error(`opening the public address answered ${saved.status}`);
  }
  return dataSegmentId;
}

async function staffLink(dataSegmentId: string): Promise<string> {
  const created = await staff()<TOnboardingLink>('POST', 'customers/onboarding-links', { purpose: 'dynamic-register', dataSegmentId });
  expect(created.status).toBe(200);
  expect(created.body.data.url).toMatch(/\/dynamic-register$/);
  return created.body.data.url?.split('/').at(-2) ?? '';
}

async function uploadThroughLink(token: string): Promise<string> {
  const form = multipart({ type: 'customers' }, { name: 'passport.pdf', body: Buffer.from('%PDF-1.7\n%%EOF') });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/files/upload',
    payload: form.payload,
    headers: { ...form.headers, [LINK]: token },
  });
  expect(response.statusCode).toBe(200);
  return body<{ data: { fileName: string } }>(response).data.fileName;
}

const identity = { firstName: 'Layla', lastName: 'Mansour', dateOfBirth: '1991-03-04', nationality: 'AE', idNumber: 'P998877' };
const account = { email: 'layla@example.test', phone: '+971501234567', branch: 'dxb' };

const save = (token: string, dataSegmentId: string, step: string, extra: Record<string, unknown> = {}) =>
  asCustomer<{ reachedStep: string }>(token, 'PUT', `dynamic-register/steps/${step}`, { dataSegmentId, draft: { step }, ...extra });

/** Walks the four saved steps and completes; answers the completion. */
async function walk(
  token: string,
  dataSegmentId: string,
  answers: { identity: Record<string, unknown>; account: typeof account } = { identity, account },
) {
  const fileName = await uploadThroughLink(token);
  const uploaded = await save(token, dataSegmentId, 'upload-document', {
    documents: { documentInfo: { identity: { fileName, originalFileName: 'passport.pdf' } }, cardType: 'GBR PT 0 FRONT' },
  });
  expect(uploaded.status).toBe(200);
  expect((await save(token, dataSegmentId, 'record-video', { documents: {} })).status).toBe(200);
  expect((await save(token, dataSegmentId, 'setup-profile', { answers: answers.identity })).status).toBe(200);
  // The account-info form asks the contact: the customer proves the e-mail with a code first.
  await verifyJourneyContact(t, token, dataSegmentId, answers.account.email);
  const accountSaved = await save(token, dataSegmentId, 'account-info', { answers: answers.account });
  expect({ status: accountSaved.status, body: accountSaved }).toMatchObject({ status: 200, body: { data: { reachedStep: 'preview' } } });
  return asCustomer<{ sanadId: string; fullName: string }>(token, 'POST', 'dynamic-register/complete', { dataSegmentId });
}

async function customerOf(sanadId: string, dataSegmentId: string): Promise<TCustomerDetail> {
  const list = await staff()<TCustomerListItem[]>('GET', `customers?dataSegmentId=${dataSegmentId}&keyword=${sanadId}`);
  const id = list.body.data[0]?._id ?? '';
  return (await staff()<TCustomerDetail>('GET', `customers/${id}`)).body.data;
}

describe('the dynamic register with a link', () => {
  it('registers the customer from the published forms: mapped fields in basicInfo, custom answers with their labels', async () => {
    const dataSegmentId = await readySegment();
    const token = await staffLink(dataSegmentId);
    const opened = await asCustomer<TDynamicRegisterSession>(token, 'POST', 'dynamic-register/open', { dataSegmentId, source: 'branch-7' });
    expect(opened.status).toBe(200);
    expect(opened.data).toMatchObject({ reachedStep: 'upload-document', campaign: 'branch-7', forms: { 'account-info': { version: 1 } } });
    const done = await walk(token, dataSegmentId);
    expect({ status: done.status, body: done }).toMatchObject({ status: 200, body: { data: { fullName: 'Layla Mansour' } } });
    const customer = await customerOf(done.data.sanadId, dataSegmentId);
    expect(customer).toMatchObject({ source: 'dynamic-register', campaign: 'branch-7' });
    expect(customer.record.basicInfo).toMatchObject({ firstName: 'Layla', nationalityId: 'AE', countryOfResidenceId: 'AE' });
    expect(customer.record.identityInfo).toMatchObject({ type: 'passport', number: 'P998877' });
    expect(customer.record.customInfo).toEqual({ branch: 'dxb' });
    expect(customer.record.dynamicInputValues).toEqual({ 'Preferred branch': 'Dubai Mall' });
    expect(customer.record.contactInfo?.emailVerifiedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const audit = await t.context.db.query<{ n: number }>(
      "select count(*)::int as n from audit_log where action = 'completed_dynamic_register' and data_segment_id = $1",
      [dataSegmentId],
    );
    expect(audit.rows[0]?.n).toBe(1);
    // The link is used up.
    const again = await asCustomer(token, 'POST', 'dynamic-register/open', { dataSegmentId });
    expect(again.status).toBe(401);
  });

  it('keeps a journey on the version it started on after a new version is published', async () => {
    const dataSegmentId = await readySegment();
    const token = await staffLink(dataSegmentId);
    await asCustomer(token, 'POST', 'dynamic-register/open', { dataSegmentId });
    // v2 renames the select and adds a required field the journey never saw.
    const v2 = accountForm('Home branch');
    v2.sections[1]!.fields.push({
      ...v2.sections[1]!.fields[0]!,
      key: 'newQuestion',
      label: { en: 'New question' },
      mapsTo: 'customInfo.newQuestion',
    });
    expect((await publishOn(dataSegmentId, 'account-info', v2)).version).toBe(2);
    const reopened = await asCustomer<TDynamicRegisterSession>(token, 'POST', 'dynamic-register/open', { dataSegmentId });
    expect(reopened.data.forms['account-info'].version).toBe(1);
    const done = await walk(token, dataSegmentId);
    expect(done.status).toBe(200);
    const customer = await customerOf(done.data.sanadId, dataSegmentId);
    expect(customer.record.dynamicInputValues).toEqual({ 'Preferred branch': 'Dubai Mall' });
  });

  it("refuses answers the pinned form refuses, with the field's message, on the server", async () => {
    const dataSegmentId = await readySegment();
    const token = await staffLink(dataSegmentId);
    await asCustomer(token, 'POST', 'dynamic-register/open', { dataSegmentId });
    expect((await save(token, dataSegmentId, 'upload-document', { documents: {} })).status).toBe(200);
    // A later step before the earlier ones.
    const early = await save(token, dataSegmentId, 'account-info', { answers: account });
    expect({ status: early.status, message: early.message }).toEqual({ status: 409, message: DYNAMIC_REGISTER_MESSAGES.earlierStepFirst });
    expect((await save(token, dataSegmentId, 'record-video', { documents: {} })).status).toBe(200);
    expect((await save(token, dataSegmentId, 'setup-profile', { answers: identity })).status).toBe(200);
    const refused = await save(token, dataSegmentId, 'account-info', { answers: { ...account, branch: 'nowhere' } });
    expect(refused.status).toBe(422);
    expect(refused.message).toBe(DYNAMIC_REGISTER_MESSAGES.answersRefused);
    expect(Object.keys(refused.errors ?? {})).toEqual(['account-info.branch']);
    const missing = await save(token, dataSegmentId, 'account-info', { answers: { email: account.email } });
    expect(Object.keys(missing.errors ?? {}).toSorted()).toEqual(['account-info.branch', 'account-info.phone']);
    // A contact this journey did not verify is refused in the spec's words, on the field that asks it.
    const unverified = await save(token, dataSegmentId, 'account-info', { answers: account });
    expect({ status: unverified.status, errors: unverified.errors }).toEqual({
      status: 422,
      errors: { 'account-info.email': [CONTACT_OTP_MESSAGES.emailNotVerified] },
    });
    // Completion before the preview is refused.
    const early2 = await asCustomer(token, 'POST', 'dynamic-register/complete', { dataSegmentId });
    expect(early2.status).toBe(409);
  });
});

describe('the dynamic register without a link', () => {
  it("is closed unless the segment's configuration opens it, and answers an unknown segment the same", async () => {
    const closed = await readySegment(false);
    const refused = await start({ dataSegmentId: closed });
    expect({ status: refused.status, message: refused.message }).toEqual({ status: 404, message: DYNAMIC_REGISTER_MESSAGES.closed });
    const unknown = await start({ dataSegmentId: '00000000-0000-4000-8000-000000000000' });
    expect({ status: unknown.status, message: unknown.message }).toEqual({ status: 404, message: DYNAMIC_REGISTER_MESSAGES.closed });
  });

  it('needs a solved captcha before anything else, each solution once', async () => {
    const dataSegmentId = await readySegment(true);
    const missing = await start({ dataSegmentId }, null);
    expect({ status: missing.status, code: missing.code, message: missing.message }).toEqual({
      status: 428,
      code: 'CAPTCHA_REQUIRED',
      message: MESSAGES.captchaRequired,
    });
    const wrong = await start({ dataSegmentId }, 'not-a-solution');
    expect({ status: wrong.status, message: wrong.message }).toEqual({ status: 428, message: MESSAGES.captchaInvalid });
    const solution = await freshCaptcha(t);
    expect((await start({ dataSegmentId }, solution)).status).toBe(200);
    const replayed = await start({ dataSegmentId }, solution);
    expect({ status: replayed.status, message: replayed.message }).toEqual({ status: 428, message: MESSAGES.captchaInvalid });
  });

  it('starts a journey with a link of its own, keeps the source, and the staff list filters by it', async () => {
    const dataSegmentId = await readySegment(true);
    const started = await start({ dataSegmentId, source: 'summer-fair' });
    expect(started.status).toBe(200);
    const done = await walk(started.data.token, dataSegmentId);
    expect(done.status).toBe(200);
    const other = await start({ dataSegmentId });
    const second = await walk(other.data.token, dataSegmentId, {
      identity: { ...identity, firstName: 'Noor', idNumber: 'P112233' },
      account,
    });
    expect(second.status).toBe(200);
    const filtered = await staff()<TCustomerListItem[]>('GET', `customers?dataSegmentId=${dataSegmentId}&campaign=summer-fair`);
    expect(filtered.body.data.map((item) => item.sanadId)).toEqual([done.data.sanadId]);
    const all = await staff()<TCustomerListItem[]>('GET', `customers?dataSegmentId=${dataSegmentId}&source=dynamic-register`);
    expect(all.body.data).toHaveLength(2);
    const bad = await start({ dataSegmentId, source: 'no spaces!' });
    expect(bad.status).toBe(422);
  });

  it("keeps segments apart: a link does not open another segment's journey", async () => {
    const mine = await readySegment();
    const other = await readySegment();
    const token = await staffLink(mine);
    const crossed = await asCustomer(token, 'POST', 'dynamic-register/open', { dataSegmentId: other });
    expect(crossed.status).toBe(401);
    // A deep-register link is not a dynamic-register link.
    const staffList = await staff()<TCustomerListItem[]>('GET', `customers?dataSegmentId=${other}&campaign=anything`);
    expect(staffList.body.data).toEqual([]);
  });
});

/** The setup-profile form with a required PDF upload and a required signature. */
function papersForm(): TFormDefinition {
  const base = defaultFormDefinition('setup-profile');
  const plain = { options: [], validation: {}, showWhen: null, mapsTo: null, accept: [] };
  return {
    sections: [
      ...base.sections,
      {
        key: 'papers',
        title: { en: 'Papers' },
        fields: [
          { ...plain, key: 'proof', type: 'file', label: { en: 'Proof of address' }, required: true, accept: ['.pdf'] },
          { ...plain, key: 'sig', type: 'signature', label: { en: 'Signature' }, required: true },
        ],
      },
    ],
  };
}

async function uploadAs(auth: Record<string, string>, type: string, file: { name: string; body: Buffer }, dataSegmentId?: string) {
  const form = multipart({ type, ...(dataSegmentId ? { dataSegmentId } : {}) }, file);
  const response = await t.app.inject({ method: 'POST', url: '/api/files/', payload: form.payload, headers: { ...form.headers, ...auth } });
  expect(response.statusCode).toBe(200);
  return body<{ data: { fileName: string } }>(response).data.fileName;
}

describe('file and signature answers of the dynamic register', () => {
  it('takes a required file and signature uploaded through the link and keeps them on the record; refuses made-up, foreign and other-segment files', async () => {
    const dataSegmentId = await makeDataSegment(t.context.db);
    await publishOn(dataSegmentId, 'setup-profile', papersForm());
    await publishOn(dataSegmentId, 'account-info', accountForm());
    const [mine, theirs] = [await staffLink(dataSegmentId), await staffLink(dataSegmentId)];
    const pdf = { name: 'bill.pdf', body: Buffer.from('%PDF-1.7\n%%EOF') };
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const proof = await uploadAs({ [LINK]: mine }, 'documents', pdf);
    const sig = await uploadAs({ [LINK]: mine }, 'customers', { name: 'signature.png', body: png });
    const otherLinks = await uploadAs({ [LINK]: theirs }, 'documents', pdf);
    const elsewhere = await uploadAs({ authorization: `Bearer ${t.adminToken}` }, 'documents', pdf, await makeDataSegment(t.context.db));

    expect((await asCustomer(mine, 'POST', 'dynamic-register/open', { dataSegmentId })).status).toBe(200);
    const document = await uploadThroughLink(mine);
    const documents = { documentInfo: { identity: { fileName: document, originalFileName: 'passport.pdf' } }, cardType: 'GBR PT 0 FRONT' };
    expect((await save(mine, dataSegmentId, 'upload-document', { documents })).status).toBe(200);
    expect((await save(mine, dataSegmentId, 'record-video', { documents: {} })).status).toBe(200);
    for (const [what, fileName] of [
      ['made up', 'madeUpFileName1.enc'],
      ["another link's", otherLinks],
      ["another segment's", elsewhere],
    ] as const) {
      const refused = await save(mine, dataSegmentId, 'setup-profile', { answers: { ...identity, proof: fileName, sig } });
      expect({ what, status: refused.status, errors: refused.errors }).toEqual({
        what,
        status: 422,
        errors: { 'setup-profile.proof': [FORM_MESSAGES.notYourFile('Proof of address')] },
      });
    }
    const unsigned = await save(mine, dataSegmentId, 'setup-profile', { answers: { ...identity, proof, sig: otherLinks } });
    expect(unsigned.errors).toEqual({ 'setup-profile.sig': [FORM_MESSAGES.notSigned('Signature')] });
    expect((await save(mine, dataSegmentId, 'setup-profile', { answers: { ...identity, proof, sig } })).status).toBe(200);

    await verifyJourneyContact(t, mine, dataSegmentId, account.email);
    expect((await save(mine, dataSegmentId, 'account-info', { answers: account })).status).toBe(200);
    const done = await asCustomer<{ sanadId: string }>(mine, 'POST', 'dynamic-register/complete', { dataSegmentId });
    expect({ status: done.status, message: done.message }).toMatchObject({ status: 200 });
    const customer = await customerOf(done.data.sanadId, dataSegmentId);
    expect(customer.record.customInfo).toMatchObject({ proof, sig });
    // Under their labels they say what they are, so the profile links the file and shows the signature.
    expect(customer.record.dynamicInputValues).toMatchObject({
      'Proof of address': { kind: 'file', fileName: proof, originalFileName: 'bill.pdf' },
      Signature: { kind: 'signature', fileName: sig },
    });
    // Staff of the segment read the files the record names.
    const read = await t.app.inject({ method: 'GET', url: `/api/files/${proof}`, headers: { authorization: `Bearer ${t.adminToken}` } });
    expect(read.statusCode).toBe(200);
  });
});

describe("a signature field mapped to the record's signature", () => {
  it('completes the journey with the drawn image as the record signature, signed by the customer on the day with the stated consent', async () => {
    const dataSegmentId = await makeDataSegment(t.context.db);
    const base = defaultFormDefinition('setup-profile');
    const plain = { options: [], validation: {}, showWhen: null, accept: [] };
    const signed: TFormDefinition = {
      sections: [
        ...base.sections,
        {
          key: 'signing',
          title: { en: 'Signing' },
          fields: [{ ...plain, key: 'sig', type: 'signature', label: { en: 'Your signature' }, required: true, mapsTo: 'signature' }],
        },
      ],
    };
    await publishOn(dataSegmentId, 'setup-profile', signed);
    await publishOn(dataSegmentId, 'account-info', accountForm());
    const token = await staffLink(dataSegmentId);
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const sig = await uploadAs({ [LINK]: token }, 'customers', { name: 'signature.png', body: png });
    expect((await asCustomer(token, 'POST', 'dynamic-register/open', { dataSegmentId })).status).toBe(200);

    const done = await walk(token, dataSegmentId, {
      identity: { ...identity, lastName: "O'Brien-Mansour", sig },
      // A recipient of its own: the codes sent to one address are limited.
      account: { ...account, email: 'layla.signs@example.test' },
    });
    expect({ status: done.status, errors: done.errors, message: done.message }).toMatchObject({ status: 200 });

    const customer = await customerOf(done.data.sanadId, dataSegmentId);
    const [year, month, day] = new Date().toISOString().slice(0, 10).split('-');
    // The name drops the characters a signer's name may not hold.
    expect(customer.record.signature).toEqual({ sign: sig, name: 'Layla O Brien Mansour', date: `${day}-${month}-${year}`, agree: true });
    expect(customer.record.customInfo ?? {}).not.toHaveProperty('sig');
    const image = await t.app.inject({ method: 'GET', url: `/api/files/${sig}`, headers: { authorization: `Bearer ${t.adminToken}` } });
    expect({ status: image.statusCode, type: image.headers['content-type'] }).toEqual({
      status: 200,
      type: expect.stringMatching(/^image\//) as string,
    });
  });
});

describe('the liveness verdict of the dynamic register', () => {
  it("stores the server's own verdict on the clip it checked through the link", async () => {
    const dataSegmentId = await readySegment();
    const token = await staffLink(dataSegmentId);
    const headers = { [LINK]: token };
    expect((await asCustomer(token, 'POST', 'dynamic-register/open', { dataSegmentId })).status).toBe(200);
    const challenge = await asCustomer<{ challengeId: string }>(token, 'POST', 'customers/liveness/challenge', { dataSegmentId });
    expect(challenge.status).toBe(200);
    const clip = Buffer.from(generateMovingSquareClip({ seconds: 2, width: 320, height: 240, container: 'webm' }));
    const videoFile = await uploadAs(headers, 'video', { name: 'liveness.webm', body: clip });
    const checked = await asCustomer<{ live: boolean }>(token, 'POST', 'customers/liveness', {
      videoFile,
      challengeId: challenge.data.challengeId,
      dataSegmentId,
    });
    // A moving square is no face: the server fails it.
    expect({ status: checked.status, live: checked.data.live }).toEqual({ status: 200, live: false });

    // A recipient of its own: the codes sent to one address are limited.
    const done = await walk(token, dataSegmentId, { identity, account: { ...account, email: 'layla.records@example.test' } });
    expect({ status: done.status, errors: done.errors }).toMatchObject({ status: 200 });
    const customer = await customerOf(done.data.sanadId, dataSegmentId);
    expect(customer.record.verificationStatus).toEqual({ liveness: 'failed', face: 'pending' });
    expect(customer.record.documentInfo?.video).toMatchObject({ fileName: videoFile });
  }, 180_000);
});
