import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  FORM_MESSAGES,
  defaultFormDefinition,
  type TFormDefinition,
  type TFormListField,
  type TFormState,
  type TFormSubmission,
  type TFormVersion,
  type TFormVersionSummary,
} from '@sanad/contracts/form-builder';
import type { TTempCustomer } from '@sanad/contracts/temp-customers';
import { multipart } from '@sanad/test-support/multipart';
import { signedInUser } from '../../test-support/admin-helpers';
import { apiCaller } from '../../test-support/api-session';
import { makeDataSegment } from '../../test-support/factories';
import { bearer, body, useTestApp } from '../../test-support/test-app';

const t = useTestApp();
const api = () => apiCaller(t, t.adminToken);
const segment = () => t.adminSegmentId;

const load = (page: string, dataSegmentId = segment(), token = t.adminToken) =>
  api()<TFormState>('GET', `form-builder/forms/${page}?dataSegmentId=${dataSegmentId}`, undefined, token);
const saveDraft = (page: string, definition: unknown, draftRevision: number, dataSegmentId = segment(), token = t.adminToken) =>
  api()<TFormState>('PUT', `form-builder/forms/${page}`, { dataSegmentId, draftRevision, definition }, token);
const publish = (page: string, draftRevision: number, dataSegmentId = segment(), token = t.adminToken) =>
  api()<TFormVersion>('POST', `form-builder/forms/${page}/publish`, { dataSegmentId, draftRevision }, token);

/** The default identity form plus a custom select and a text field shown only when the select is 'other'. */
function withEmployment(label = 'Employment'): TFormDefinition {
  const base = defaultFormDefinition('setup-profile');
  return {
    sections: [
      ...base.sections,
      {
        key: 'work',
        title: { en: label, ar: 'العمل' },
        fields: [
          {
            key: 'employment',
            type: 'select',
            label: { en: label },
            required: true,
            options: [
              { value: 'salaried', label: { en: 'Salaried' } },
              { value: 'other', label: { en: 'Other' } },
            ],
            validation: {},
            showWhen: null,
            mapsTo: 'customInfo.employment',
            accept: [],
          },
          {
            key: 'employmentOther',
            type: 'text',
            label: { en: 'Describe your work' },
            required: true,
            options: [],
            validation: { maxLength: 40 },
            showWhen: { field: 'employment', values: ['other'] },
            mapsTo: null,
            accept: [],
          },
        ],
      },
    ],
  };
}

async function auditCount(action: string, dataSegmentId: string): Promise<number> {
  const result = await t.context.db.query<{ n: number }>(
    'select count(*)::int as n from audit_log where action = $1 and data_segment_id = $2',
    [action, dataSegmentId],
  );
  return result.rows[0]?.n ?? 0;
}

/** Saves and publishes a form on a fresh segment's page; answers the version. */
async function publishOn(dataSegmentId: string, page: string, definition: TFormDefinition): Promise<TFormVersion> {
  const state = await load(page, dataSegmentId);
  const saved = await saveDraft(page, definition, state.body.data.draftRevision, dataSegmentId);
  expect(saved.status).toBe(200);
  const published = await publish(page, saved.body.data.draftRevision, dataSegmentId);
  expect({ status: published.status, body: published.body }).toMatchObject({ status: 200 });
  return published.body.data;
}

const identityAnswers = { firstName: 'Amal', lastName: 'Haddad', dateOfBirth: '1990-05-01', nationality: 'AE', idNumber: 'A12345' };

describe('form builder drafts and versions', () => {
  it('reads the default form at revision 0 without writing, saves drafts with their revision and refuses a stale one', async () => {
    const dataSegmentId = await makeDataSegment(t.context.db);
    const first = await load('setup-profile', dataSegmentId);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ draftRevision: 0, published: null, issues: [] });
    const rows = await t.context.db.query<{ n: number }>('select count(*)::int as n from form_drafts where data_segment_id = $1', [
      dataSegmentId,
    ]);
    expect(rows.rows[0]?.n).toBe(0);

    const saved = await saveDraft('setup-profile', withEmployment(), 0, dataSegmentId);
    expect(saved.status).toBe(200);
    expect(saved.body.data.draftRevision).toBe(1);
    expect(saved.body.data.draftUpdatedBy?.name).toBeTruthy();
    const stale = await saveDraft('setup-profile', withEmployment('Work'), 0, dataSegmentId);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(FORM_MESSAGES.staleDraft);
    expect(await auditCount('saved_form_draft', dataSegmentId)).toBe(1);
  });

  it('saves a broken draft but refuses to publish it, with every problem by its place in the form', async () => {
    const dataSegmentId = await makeDataSegment(t.context.db);
    const broken = withEmployment();
    const work = broken.sections[1];
    if (!work) throw new Error('second section');
    work.fields[0] = { ...work.fields[0]!, options: [] };
    work.fields.push({ ...work.fields[1]!, key: 'employmentOther' });
    broken.sections[0] = { ...broken.sections[0]!, fields: broken.sections[0]!.fields.filter((field) => field.key !== 'idNumber') };
    const saved = await saveDraft('setup-profile', broken, 0, dataSegmentId);
    expect(saved.status).toBe(200);
    expect(saved.body.data.issues.map((issue) => issue.message)).toContain(FORM_MESSAGES.selectWithoutOptions('employment'));

    const refused = await publish('setup-profile', 1, dataSegmentId);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(FORM_MESSAGES.invalidForm);
    expect(refused.body.errors).toEqual({
      'sections.1.fields.0': [FORM_MESSAGES.selectWithoutOptions('employment')],
      // Without options, 'other' is never offered: both copies of the field wait for it in vain.
      'sections.1.fields.1': [
        FORM_MESSAGES.conditionValue('employmentOther', 'employment', 'other'),
        FORM_MESSAGES.neverShownRequired('employmentOther'),
      ],
      'sections.1.fields.2': [
        FORM_MESSAGES.duplicateKey('employmentOther'),
        FORM_MESSAGES.conditionValue('employmentOther', 'employment', 'other'),
        FORM_MESSAGES.neverShownRequired('employmentOther'),
      ],
      sections: [FORM_MESSAGES.protectedRemoved('ID number', 'identityInfo.number')],
    });
    expect(await auditCount('published_form', dataSegmentId)).toBe(0);
  });

  it('publishes versions with who and when, lists them, refuses an unchanged publish, and restores an earlier one', async () => {
    const dataSegmentId = await makeDataSegment(t.context.db);
    const v1 = await publishOn(dataSegmentId, 'setup-profile', withEmployment('Employment'));
    expect(v1).toMatchObject({ version: 1, restoredFrom: null, page: 'setup-profile' });
    expect(v1.publishedBy.name).toBeTruthy();
    const again = await publish('setup-profile', 1, dataSegmentId);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(FORM_MESSAGES.unchanged);

    const v2 = await publishOn(dataSegmentId, 'setup-profile', withEmployment('Occupation'));
    expect(v2.version).toBe(2);
    const versions = await api()<TFormVersionSummary[]>('GET', `form-builder/forms/setup-profile/versions?dataSegmentId=${dataSegmentId}`);
    expect(versions.body.data.map((version) => version.version)).toEqual([2, 1]);

    const restored = await api()<TFormVersion>('POST', 'form-builder/forms/setup-profile/versions/1/restore', { dataSegmentId });
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({ version: 3, restoredFrom: 1 });
    expect(restored.body.data.definition).toEqual(v1.definition);
    const state = await load('setup-profile', dataSegmentId);
    expect(state.body.data.draft).toEqual(v1.definition);
    expect(state.body.data.published?.version).toBe(3);
    expect(await auditCount('published_form', dataSegmentId)).toBe(2);
    expect(await auditCount('restored_form_version', dataSegmentId)).toBe(1);

    const missing = await api()('POST', 'form-builder/forms/setup-profile/versions/99/restore', { dataSegmentId });
    expect(missing.status).toBe(404);
    // A published version is never rewritten, even by hand.
    await expect(t.context.db.query(`update form_versions set version = 9 where id = $1`, [v1._id])).rejects.toThrow(/never rewritten/);
  });

  it('serves GET form-builder/list as the published field list of the section, and an empty list before publishing', async () => {
    const dataSegmentId = await makeDataSegment(t.context.db);
    const empty = await api()<TFormListField[]>('GET', `form-builder/list?dataSegmentId=${dataSegmentId}&section=account-info`);
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual([]);
    const version = await publishOn(dataSegmentId, 'setup-profile', withEmployment());
    const list = await api()<TFormListField[]>('GET', `form-builder/list?dataSegmentId=${dataSegmentId}&section=setup-profile`);
    expect(list.body.data.map((field) => `${field.section}.${field.key}`)).toEqual([
      'personal.firstName',
      'personal.lastName',
      'personal.dateOfBirth',
      'personal.nationality',
      'personal.idNumber',
      'work.employment',
      'work.employmentOther',
    ]);
    expect(list.body.data.every((field) => field.versionId === version._id)).toBe(true);
    const unknown = await api()('GET', `form-builder/list?dataSegmentId=${dataSegmentId}&section=nope`);
    expect(unknown.status).toBe(422);
  });

  it('needs form-builder to write, and keeps each segment to its own users', async () => {
    const registrar = await signedInUser(t, ['register-customer']);
    expect((await load('setup-profile', segment(), registrar.token)).status).toBe(403);
    expect((await saveDraft('setup-profile', withEmployment(), 0, segment(), registrar.token)).status).toBe(403);
    expect((await publish('setup-profile', 0, segment(), registrar.token)).status).toBe(403);
    // A registrar reads the published list (the journeys need it).
    expect(
      (await api()('GET', `form-builder/list?section=setup-profile&dataSegmentId=${segment()}`, undefined, registrar.token)).status,
    ).toBe(200);

    const other = await makeDataSegment(t.context.db);
    const outsider = await signedInUser(t, ['form-builder'], [other]);
    expect((await load('setup-profile', segment(), outsider.token)).status).toBe(403);
    expect((await saveDraft('setup-profile', withEmployment(), 0, segment(), outsider.token)).status).toBe(403);
    expect((await load('setup-profile', other, outsider.token)).status).toBe(200);
  });

  it('refuses malformed forms with a clear 422, never a 500', async () => {
    const dataSegmentId = await makeDataSegment(t.context.db);
    const bad = await saveDraft('setup-profile', { sections: [{ key: '9', title: { en: '' }, fields: [] }] }, 0, dataSegmentId);
    expect(bad.status).toBe(422);
    const badPage = await saveDraft('nope', withEmployment(), 0, dataSegmentId);
    expect(badPage.status).toBe(422);
    const badVersion = await api()('GET', `form-builder/forms/setup-profile/versions/abc?dataSegmentId=${dataSegmentId}`);
    expect(badVersion.status).toBe(422);
  });
});

describe('form submissions pin the version they started on', () => {
  it('completes a journey started on v1 against v1 after v2 is published', async () => {
    const dataSegmentId = await makeDataSegment(t.context.db);
    await publishOn(dataSegmentId, 'setup-profile', withEmployment());
    const started = await api()<TFormSubmission>('POST', 'form-builder/submissions', { dataSegmentId, page: 'setup-profile' });
    expect(started.status).toBe(200);
    expect(started.body.data.version).toBe(1);
    expect(await auditCount('started_form_submission', dataSegmentId)).toBe(1);

    // v2 drops the custom section (and so the employment question) and adds a required field.
    const v2form = defaultFormDefinition('setup-profile');
    v2form.sections[0]!.fields.push({
      key: 'motherName',
      type: 'text',
      label: { en: "Mother's name" },
      required: true,
      options: [],
      validation: {},
      showWhen: null,
      mapsTo: null,
      accept: [],
    });
    const v2 = await publishOn(dataSegmentId, 'setup-profile', v2form);
    expect(v2.version).toBe(2);

    const id = started.body.data._id;
    const missing = await api()<TFormSubmission>('PUT', `form-builder/submissions/${id}`, {
      answers: { ...identityAnswers, employment: 'other' },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ 'answers.employmentOther': ['Describe your work is required'] });

    const done = await api()<TFormSubmission>('PUT', `form-builder/submissions/${id}`, {
      answers: { ...identityAnswers, employment: 'other', employmentOther: 'Fisher' },
    });
    expect({ status: done.status, body: done.body }).toMatchObject({ status: 200 });
    expect(done.body.data).toMatchObject({ version: 1, answers: { employment: 'other', employmentOther: 'Fisher' } });
    expect(done.body.data.submittedAt).toBeTruthy();
    const twice = await api()('PUT', `form-builder/submissions/${id}`, { answers: identityAnswers });
    expect(twice.status).toBe(409);

    // A journey started now is on v2, and v1's question is unknown there.
    const later = await api()<TFormSubmission>('POST', 'form-builder/submissions', { dataSegmentId, page: 'setup-profile' });
    expect(later.body.data.version).toBe(2);
    const refused = await api()('PUT', `form-builder/submissions/${later.body.data._id}`, {
      answers: { ...identityAnswers, employment: 'other' },
    });
    expect(refused.body.errors).toEqual({
      'answers.employment': ['The form has no field "employment"'],
      'answers.motherName': ["Mother's name is required"],
    });
    expect(await auditCount('submitted_form', dataSegmentId)).toBe(1);
  });

  it('refuses to start a form that was never published, and hides a submission from another segment', async () => {
    const dataSegmentId = await makeDataSegment(t.context.db);
    const none = await api()('POST', 'form-builder/submissions', { dataSegmentId, page: 'account-info' });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe(FORM_MESSAGES.noPublished);

    await publishOn(dataSegmentId, 'setup-profile', withEmployment());
    const started = await api()<TFormSubmission>('POST', 'form-builder/submissions', { dataSegmentId, page: 'setup-profile' });
    const outsider = await signedInUser(t, ['register-customer'], [await makeDataSegment(t.context.db)]);
    const hidden = await api()('PUT', `form-builder/submissions/${started.body.data._id}`, { answers: identityAnswers }, outsider.token);
    expect(hidden.status).toBe(404);
    expect((await api()('PUT', 'form-builder/submissions/not-an-id', { answers: {} })).status).toBe(404);
  });

  it('lets a customer fill a form through their onboarding link, in their own segment only', async () => {
    await publishOn(segment(), 'account-info', {
      sections: [
        {
          key: 'contact',
          title: { en: 'Contact' },
          fields: [
            {
              key: 'email',
              type: 'email',
              label: { en: 'E-mail' },
              required: true,
              options: [],
              validation: {},
              showWhen: null,
              mapsTo: 'contactInfo.email',
              accept: [],
            },
          ],
        },
      ],
    });
    const sent = await api()<TTempCustomer>('POST', 'customers/temp-customers', {
      firstName: 'Zara',
      lastName: 'Formlink',
      email: 'zara.formlink@example.test',
      channel: 'email',
    });
    expect(sent.status).toBe(200);
    const token = sent.body.data.url?.split('/').at(-2) ?? '';
    const asCustomer = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
      const response = await t.app.inject({
        method,
        url: `/api/${url}`,
        headers: { 'x-onboarding-token': token },
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
      return { status: response.statusCode, body: body<{ data: TFormSubmission; errors?: Record<string, string[]> }>(response) };
    };
    const fields = await asCustomer('GET', `form-builder/list?section=account-info`);
    expect(fields.status).toBe(200);
    const started = await asCustomer('POST', 'form-builder/submissions', { page: 'account-info' });
    expect(started.status).toBe(200);
    const wrong = await asCustomer('PUT', `form-builder/submissions/${started.body.data._id}`, { answers: { email: 'nope' } });
    expect(wrong.body.errors).toEqual({ 'answers.email': ['E-mail must be an e-mail address'] });
    const done = await asCustomer('PUT', `form-builder/submissions/${started.body.data._id}`, { answers: { email: 'zara@example.test' } });
    expect(done.status).toBe(200);
    const otherSegment = await asCustomer('POST', 'form-builder/submissions', {
      page: 'account-info',
      dataSegmentId: await makeDataSegment(t.context.db),
    });
    expect(otherSegment.status).toBe(403);
  });
});

const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF');
/** A form with a required PDF upload (at most 1 MB) and a required signature. */
const papers: TFormDefinition = {
  sections: [
    {
      key: 'papers',
      title: { en: 'Papers' },
      fields: [
        {
          key: 'proof',
          type: 'file',
          label: { en: 'Proof of income' },
          required: true,
          options: [],
          validation: {},
          showWhen: null,
          mapsTo: null,
          accept: ['application/pdf'],
          maxSizeMb: 1,
        },
        {
          key: 'sig',
          type: 'signature',
          label: { en: 'Your signature' },
          required: true,
          options: [],
          validation: {},
          showWhen: null,
          mapsTo: null,
          accept: [],
        },
      ],
    },
  ],
};

/** Uploads through POST files/ as the staff token or the link token; answers the stored name. */
async function upload(
  as: { token: string } | { link: string },
  type: string,
  file: { name: string; body: Buffer },
  dataSegmentId?: string,
) {
  const form = multipart({ type, ...(dataSegmentId ? { dataSegmentId } : {}) }, file);
  const auth = 'link' in as ? { 'x-onboarding-token': as.link } : bearer(as.token);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/files/',
    payload: form.payload,
    headers: { ...form.headers, ...auth },
  });
  expect(response.statusCode).toBe(200);
  return body<{ data: { fileName: string } }>(response).data.fileName;
}

async function sendLink(lastName: string): Promise<string> {
  const sent = await api()<TTempCustomer>('POST', 'customers/temp-customers', {
    firstName: 'Noor',
    lastName,
    email: `noor.${lastName.toLowerCase()}@example.test`,
    channel: 'email',
  });
  expect(sent.status).toBe(200);
  return sent.body.data.url?.split('/').at(-2) ?? '';
}

const asLink = async (token: string, method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) => {
  const response = await t.app.inject({ method, url: `/api/${url}`, headers: { 'x-onboarding-token': token }, payload });
  return { status: response.statusCode, body: body<{ data: TFormSubmission; errors?: Record<string, string[]> }>(response) };
};

describe('file and signature answers name a real upload of the journey', () => {
  it('takes a required file and signature uploaded through the link, and refuses made-up, foreign and wrong-type files with 422', async () => {
    await publishOn(segment(), 'additional-info', papers);
    const [mine, theirs] = [await sendLink('Filer'), await sendLink('Other')];
    const signature = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const proof = await upload({ link: mine }, 'documents', { name: 'payslip.pdf', body: PDF });
    const sign = await upload({ link: mine }, 'customers', { name: 'signature.png', body: signature });
    const otherLinks = await upload({ link: theirs }, 'documents', { name: 'payslip.pdf', body: PDF });
    const staffs = await upload({ token: t.adminToken }, 'documents', { name: 'payslip.pdf', body: PDF }, segment());
    const otherSegment = await makeDataSegment(t.context.db);
    const elsewhere = await upload({ token: t.adminToken }, 'documents', { name: 'payslip.pdf', body: PDF }, otherSegment);

    const started = await asLink(mine, 'POST', 'form-builder/submissions', { page: 'additional-info' });
    expect(started.status).toBe(200);
    const submit = (answers: Record<string, unknown>) =>
      asLink(mine, 'PUT', `form-builder/submissions/${started.body.data._id}`, { answers });

    const notUploaded = await submit({ proof: 'payslip.pdf', sig: sign });
    expect(notUploaded.status).toBe(422);
    expect(notUploaded.body.errors).toEqual({ 'answers.proof': ['Proof of income must be an uploaded file'] });
    const notYours = FORM_MESSAGES.notYourFile('Proof of income');
    for (const [name, fileName] of [
      ['made up', 'madeUpFileName1.enc'],
      ["another link's", otherLinks],
      ["a staff user's", staffs],
      ["another segment's", elsewhere],
    ] as const) {
      const refused = await submit({ proof: fileName, sig: sign });
      expect({ name, status: refused.status, errors: refused.body.errors }).toEqual({
        name,
        status: 422,
        errors: { 'answers.proof': [notYours] },
      });
    }
    const foreignSignature = await submit({ proof, sig: otherLinks });
    expect(foreignSignature.body.errors).toEqual({ 'answers.sig': [FORM_MESSAGES.notSigned('Your signature')] });
    // The PNG is the link's own, but the field takes PDFs only.
    const wrongType = await submit({ proof: sign, sig: sign });
    expect(wrongType.body.errors).toEqual({ 'answers.proof': ['File format not supported: Proof of income takes application/pdf'] });

    const done = await submit({ proof, sig: sign });
    expect({ status: done.status, body: done.body }).toMatchObject({ status: 200, body: { data: { answers: { proof, sig: sign } } } });
  });

  it("takes a staff user's own upload of the segment, never a link's", async () => {
    const link = await sendLink('Staffed');
    const linkFile = await upload({ link }, 'documents', { name: 'payslip.pdf', body: PDF });
    const signature = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const proof = await upload({ token: t.adminToken }, 'documents', { name: 'payslip.pdf', body: PDF }, segment());
    const sign = await upload({ token: t.adminToken }, 'customers', { name: 'signature.png', body: signature }, segment());
    const started = await api()<TFormSubmission>('POST', 'form-builder/submissions', { dataSegmentId: segment(), page: 'additional-info' });
    expect(started.status).toBe(200);
    const id = started.body.data._id;
    const refused = await api()('PUT', `form-builder/submissions/${id}`, { answers: { proof: linkFile, sig: sign } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ 'answers.proof': [FORM_MESSAGES.notYourFile('Proof of income')] });
    const done = await api()<TFormSubmission>('PUT', `form-builder/submissions/${id}`, { answers: { proof, sig: sign } });
    expect(done.status).toBe(200);
  });
});
