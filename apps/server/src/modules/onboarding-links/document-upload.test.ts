import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TCustomerCreateBody, TCustomerDetail } from '@sanad/contracts/customers';
import type { TTimelineEvent } from '@sanad/contracts/customer-profile';
import { DOCUMENT_REQUEST_MESSAGES, type TDocumentRequest, type TDocumentUploadSession } from '@sanad/contracts/document-requests';
import { multipart } from '@sanad/test-support/multipart';
import { makePdf, makePng } from '@sanad/test-support/sample-files';
import { latestMail, linkToken, signedInUser } from '../../test-support/admin-helpers';
import { customerSubmission } from '../../test-support/customer-factories';
import { makeDataSegment } from '../../test-support/factories';
import { bearer, body, callApi, useTestApp } from '../../test-support/test-app';
import { createAlertSettingsService } from '../alerts/alert-settings.service';
import { createDocumentExpiryService } from '../customers/document-expiry.service';
import { createIdvSettingsService } from '../idv/idv-settings.service';
import { createOnboardingLinkService } from './onboarding-link.service';

const t = useTestApp();

const LINK = 'x-onboarding-token';
const DAY_MS = 24 * 60 * 60 * 1000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

const request = <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload: unknown, headers: Record<string, string>) =>
  callApi<T>(t.app, method, url, payload, headers);

const staff = <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = t.adminToken) =>
  request<T>(method, url, payload, bearer(token));

async function registered(change: Partial<TCustomerCreateBody> = {}): Promise<TCustomerDetail> {
  const answer = await staff<TCustomerDetail>('POST', 'customers/self-register', customerSubmission(change));
  expect({ status: answer.status, message: answer.message }).toEqual({ status: 200, message: 'Customer registered successfully' });
  return answer.data;
}

const ALL = { addressProofTypes: ['Utility bill', 'Bank statement'], isFundsEvidence: true, isIdentityDocument: false };

/** Staff request documents; answers the request and the token read from the e-mail the outbox holds. */
async function requestDocuments(
  customer: TCustomerDetail,
  requested: Record<string, unknown> = ALL,
  note = 'Please send a recent bill.',
): Promise<TDocumentRequest & { token: string }> {
  const answer = await staff<TDocumentRequest>('POST', `customers/${customer._id}/document-requests`, { requested, note });
  expect({ status: answer.status, message: answer.message, errors: answer.errors }).toMatchObject({
    status: 200,
    message: DOCUMENT_REQUEST_MESSAGES.sent,
  });
  const mail = await latestMail(t.context.db, customer.email ?? '');
  return { ...answer.data, token: linkToken(mail, `${customer.dataSegmentId}`) };
}

const open = (token: string, dataSegmentId = t.adminSegmentId) =>
  request<TDocumentUploadSession>('POST', 'document-upload/open', { dataSegmentId }, { [LINK]: token });

const complete = (token: string, submission: Record<string, unknown>) =>
  request<{ firstName: string; received: string[]; completedAt: string }>(
    'POST',
    'document-upload/complete',
    { dataSegmentId: t.adminSegmentId, submissionKey: randomUUID(), ...submission },
    { [LINK]: token },
  );

/** Uploads a file through the link (or a staff session) and answers the upload's status and stored name. */
async function upload(
  headers: Record<string, string>,
  name: string,
  content: Buffer,
): Promise<{ status: number; fileName: string; message: string }> {
  const form = multipart({ type: 'customers' }, { name, body: content });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/files/upload',
    payload: form.payload,
    headers: { ...form.headers, ...headers },
  });
  const parsed = body<{ data?: { fileName: string }; message: string }>(response);
  return { status: response.statusCode, fileName: parsed.data?.fileName ?? '', message: parsed.message };
}

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const result = await t.context.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params);
  return result.rows[0]?.n ?? 0;
}

describe('requesting documents (staff)', () => {
  it('ties a document-upload link to the customer, e-mails it with what is asked and puts the request on the timeline', async () => {
    const customer = await registered();
    const sent = await requestDocuments(customer);
    expect(sent).toMatchObject({ customerId: customer._id, status: 'active', reason: 'staff', requested: ALL, email: customer.email });
    const mail = await latestMail(t.context.db, customer.email ?? '');
    expect(mail?.is_sensitive).toBe(true);
    expect(mail?.body_text).toContain('Proof of address (Utility bill, Bank statement)');
    expect(mail?.body_text).toContain('Source of funds evidence');
    expect(mail?.body_text).toContain('Please send a recent bill.');
    expect(mail?.body_text).toMatch(new RegExp(`/${t.adminSegmentId}/[A-Za-z0-9_-]{43}/document-upload`));
    const listed = await staff<TDocumentRequest[]>('GET', `customers/${customer._id}/document-requests`);
    expect(listed.data.map((row) => row._id)).toEqual([sent._id]);
    const timeline = await staff<TTimelineEvent[]>('GET', `customers/${customer._id}/activity-timeline`);
    expect(timeline.data.find((event) => event.action === 'requested_documents')?.title).toBe('Documents requested');
  });

  it('needs edit-profile, a type of the onboarding configuration and something to ask for; another segment is not found', async () => {
    const customer = await registered();
    const viewer = await signedInUser(t, ['view-customer-profile']);
    expect((await staff('POST', `customers/${customer._id}/document-requests`, { requested: ALL }, viewer.token)).status).toBe(403);
    const unknownType = await staff('POST', `customers/${customer._id}/document-requests`, {
      requested: { ...ALL, addressProofTypes: ['Horoscope'] },
    });
    expect(unknownType.status).toBe(422);
    expect(unknownType.errors?.['requested.addressProofTypes']?.[0]).toMatch(/^Choose a proof of address document type: Utility bill/);
    const nothing = await staff('POST', `customers/${customer._id}/document-requests`, {
      requested: { addressProofTypes: [], isFundsEvidence: false, isIdentityDocument: false },
    });
    expect(nothing.status).toBe(422);
    expect(nothing.errors?.requested).toEqual([DOCUMENT_REQUEST_MESSAGES.nothingRequested]);
    const other = await makeDataSegment(t.context.db);
    const outsider = await signedInUser(t, ['edit-profile', 'view-customer-profile'], [other]);
    expect((await staff('POST', `customers/${customer._id}/document-requests`, { requested: ALL }, outsider.token)).status).toBe(404);
    expect((await staff('GET', `customers/${customer._id}/document-requests`, undefined, outsider.token)).status).toBe(404);
  });
});

describe('the link: token states', () => {
  it("answers the request and the customer's first name only", async () => {
    const customer = await registered();
    const sent = await requestDocuments(customer);
    const opened = await open(sent.token);
    expect(opened.status).toBe(200);
    expect(opened.data).toEqual({
      firstName: customer.firstName,
      requested: ALL,
      note: 'Please send a recent bill.',
      expiresAt: sent.expiresAt,
    });
    expect(JSON.stringify(opened.data)).not.toContain(customer.sanadId);
  });

  it('answers a wrong, other-segment, revoked or expired link with the same 401 and nothing else', async () => {
    const customer = await registered();
    const invalid = { status: 401, message: DOCUMENT_REQUEST_MESSAGES.linkInvalid };
    expect(await open('x'.repeat(43))).toMatchObject(invalid);
    const other = await makeDataSegment(t.context.db);
    const sent = await requestDocuments(customer);
    expect(await open(sent.token, other)).toMatchObject(invalid);
    expect(await open(sent.token)).toMatchObject({ status: 200 });

    const linkId = (
      await t.context.db.query<{ onboarding_link_id: string }>('select onboarding_link_id from document_requests where id = $1', [sent._id])
    ).rows[0]?.onboarding_link_id;
    expect((await staff('PUT', `customers/onboarding-links/${linkId}/revoke`, {})).status).toBe(200);
    expect(await open(sent.token)).toMatchObject(invalid);
    const listed = await staff<TDocumentRequest[]>('GET', `customers/${customer._id}/document-requests`);
    expect(listed.data.find((row) => row._id === sent._id)?.status).toBe('revoked');

    const expiring = await requestDocuments(customer);
    await t.context.db.query(
      `update onboarding_links set expires_at = now() - interval '1 minute' where id = (select onboarding_link_id from document_requests where id = $1)`,
      [expiring._id],
    );
    expect(await open(expiring.token)).toMatchObject(invalid);
    const uploaded = await upload({ [LINK]: expiring.token }, 'bill.pdf', makePdf());
    expect(uploaded.status).toBe(401);
    expect(await complete(expiring.token, { fundsEvidence: { fileName: 'x.pdf' } })).toMatchObject(invalid);
  });
});

describe('uploading and completing', () => {
  it("refuses a file type the registration flows do not take with the spec's message", async () => {
    const sent = await requestDocuments(await registered());
    const refused = await upload({ [LINK]: sent.token }, 'bill.gif', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary'));
    expect(refused).toMatchObject({ status: 415, message: 'File format not supported' });
    const text = await upload({ [LINK]: sent.token }, 'bill.txt', Buffer.from('just text'));
    expect(text).toMatchObject({ status: 415, message: 'File format not supported' });
  });

  it('checks the submission against the request and the files this link uploaded', async () => {
    const customer = await registered();
    const sent = await requestDocuments(customer);
    const bill = await upload({ [LINK]: sent.token }, 'bill.pdf', makePdf('Electricity bill'));
    const missing = await complete(sent.token, { addressProof: { fileName: bill.fileName, documentType: 'Utility bill' } });
    expect(missing.status).toBe(422);
    expect(missing.errors?.fundsEvidence).toEqual(['Upload the source of funds evidence']);
    const wrongType = await complete(sent.token, {
      addressProof: { fileName: bill.fileName, documentType: 'Tenancy agreement' },
      fundsEvidence: { fileName: bill.fileName },
    });
    expect(wrongType.errors?.['addressProof.documentType']?.[0]).toBe(
      'Choose a proof of address document type: Utility bill, Bank statement',
    );
    // A file staff uploaded (or another link did) is not this customer's upload.
    const foreign = await upload(bearer(t.adminToken), 'other.pdf', makePdf('Someone else'));
    const notYours = await complete(sent.token, {
      addressProof: { fileName: bill.fileName, documentType: 'Utility bill' },
      fundsEvidence: { fileName: foreign.fileName },
    });
    expect(notYours).toMatchObject({ status: 422, errors: { fundsEvidence: [DOCUMENT_REQUEST_MESSAGES.notYourFile] } });
    expect(await count('document_requests where id = $1 and completed_at is not null', [sent._id])).toBe(0);
  });

  it('attaches the documents to the customer, uses the link up, writes the timeline and the bell; a retry answers the first result', async () => {
    const customer = await registered();
    const sent = await requestDocuments(customer);
    const bill = await upload({ [LINK]: sent.token }, 'bill.png.enc', makePng(40, 30));
    const funds = await upload({ [LINK]: sent.token }, 'salary.pdf', makePdf('Salary slip'));
    const submission = {
      submissionKey: randomUUID(),
      addressProof: { fileName: bill.fileName, originalFileName: 'bill.png', documentType: 'Bank statement' },
      fundsEvidence: { fileName: funds.fileName, originalFileName: 'salary.pdf' },
    };
    const done = await complete(sent.token, submission);
    expect({ status: done.status, message: done.message }).toEqual({ status: 200, message: DOCUMENT_REQUEST_MESSAGES.received });
    expect(done.data.received).toEqual(['Proof of address (Bank statement)', 'Source of funds evidence']);

    const after = (await staff<TCustomerDetail>('GET', `customers/${customer._id}`)).data;
    expect(after.version).toBe(customer.version + 1);
    expect(after.record.documentInfo).toMatchObject({
      fieldAddressProof: { fileName: bill.fileName, originalFileName: 'bill.png' },
      addressProofDocumentType: 'Bank statement',
      fundsEvidenceDocument: { fileName: funds.fileName, originalFileName: 'salary.pdf' },
    });
    // Staff read the customer's upload on the profile.
    const file = await t.app.inject({ method: 'GET', url: `/api/files/${funds.fileName}`, headers: bearer(t.adminToken) });
    expect(file.statusCode).toBe(200);

    const timeline = await staff<TTimelineEvent[]>('GET', `customers/${customer._id}/activity-timeline`);
    const received = timeline.data.find((event) => event.action === 'received_requested_documents');
    expect(received?.title).toBe('Requested documents received');
    expect(received?.changes.map((change) => change.field)).toContain('documentInfo.fundsEvidenceDocument.fileName');
    expect(
      await count(`notifications where title = 'Requested documents received' and description like $1`, [`${customer.sanadId}%`]),
    ).toBeGreaterThan(0);

    const listed = await staff<TDocumentRequest[]>('GET', `customers/${customer._id}/document-requests`);
    expect(listed.data[0]).toMatchObject({ status: 'completed' });
    expect(listed.data[0]?.completedAt).not.toBeNull();

    // The same completion again (its answer was lost): the same result, nothing written twice.
    const retried = await complete(sent.token, submission);
    expect(retried).toMatchObject({ status: 200, data: done.data });
    expect(await count(`audit_log where action = 'received_requested_documents' and entity_id = $1`, [customer._id])).toBe(1);
    expect((await staff<TCustomerDetail>('GET', `customers/${customer._id}`)).data.version).toBe(customer.version + 1);
    // Another completion, or opening the used link, is refused like any unusable link.
    expect((await complete(sent.token, { ...submission, submissionKey: randomUUID() })).status).toBe(401);
    expect((await open(sent.token)).status).toBe(401);
  });
});

describe('the document-expiry e-mail', () => {
  it("leads to this page for that customer; a renewed document clears the 'Documents nearing expiry' tag", async () => {
    const db = t.context.db;
    const idv = createIdvSettingsService({ db });
    const alertSettings = createAlertSettingsService({ db });
    const links = createOnboardingLinkService({ db, hmacKey: t.context.secrets.hmacKey, publicUrl: 'https://sanad.example' });
    const job = createDocumentExpiryService({
      db,
      settingsOf: async (tx, dataSegmentId) => ({
        nearExpiryDays: (await idv.settingsOf(tx, dataSegmentId)).nearExpiryDays,
        ...(await alertSettings.settingsOf(tx, dataSegmentId)),
      }),
      issueUploadLink: (tx, link) => links.issueDocumentUploadLink(tx, link),
    });
    const base = customerSubmission();
    const customer = await registered({ identityInfo: { ...base.identityInfo, expiryDate: day(-5) } });
    const settings = await staff<Record<string, unknown>>('GET', `configurations/alerts?dataSegmentId=${t.adminSegmentId}`);
    expect((await staff('PUT', 'configurations/alerts', { ...settings.data, isExpiryAlertOn: true, isExpiryEmailOn: true })).status).toBe(
      200,
    );
    await job.raiseExpiryAlerts();
    const tagged = (await staff<TCustomerDetail>('GET', `customers/${customer._id}`)).data;
    expect(tagged.documentStatuses).toContain('Documents nearing expiry');

    const mail = await latestMail(db, customer.email ?? '');
    expect(mail?.body_text).toContain(`https://sanad.example/${t.adminSegmentId}/`);
    const token = linkToken(mail, t.adminSegmentId);
    const opened = await open(token);
    expect(opened.data).toMatchObject({
      firstName: customer.firstName,
      requested: { addressProofTypes: [], isFundsEvidence: false, isIdentityDocument: true },
    });
    const front = await upload({ [LINK]: token }, 'id-front.png', makePng(60, 40));
    const past = await complete(token, { identity: { front: { fileName: front.fileName }, expiryDate: day(-1) } });
    expect(past.errors?.['identity.expiryDate']).toEqual([DOCUMENT_REQUEST_MESSAGES.expiryPast]);
    const renewed = await complete(token, { identity: { front: { fileName: front.fileName }, expiryDate: day(3 * 365) } });
    expect(renewed.status).toBe(200);
    const after = (await staff<TCustomerDetail>('GET', `customers/${customer._id}`)).data;
    expect(after.record.documentInfo?.identity?.fileName).toBe(front.fileName);
    expect(after.record.identityInfo?.expiryDate).toBe(day(3 * 365));
    expect(after.documentStatuses).not.toContain('Documents nearing expiry');
    const listed = await staff<TDocumentRequest[]>('GET', `customers/${customer._id}/document-requests`);
    expect(listed.data[0]).toMatchObject({ reason: 'document-expiry', status: 'completed', createdByName: 'System' });
  });
});
