import { describe, expect, it } from 'vitest';
import type { TCustomerCreateBody, TCustomerDetail } from '@sanad/contracts/customers';
import { type TFormDefinition, type TFormFieldInput, type TFormState, ZFormField } from '@sanad/contracts/form-builder';
import type { TConfigChangeResult, TFactorValueRow, TRiskFactorRow } from '@sanad/contracts/risk-configuration';
import type { TCustomFactorField } from '@sanad/contracts/risk-custom-factors';
import type { TCustomerRiskRating } from '@sanad/contracts/risk-rating';
import { signedInUser } from '../../../test-support/admin-helpers';
import { apiCaller } from '../../../test-support/api-session';
import { customerSubmission } from '../../../test-support/customer-factories';
import { makeDataSegment } from '../../../test-support/factories';
import { useTestApp } from '../../../test-support/test-app';

const t = useTestApp();
const api = () => apiCaller(t, t.adminToken);
const field = (input: TFormFieldInput) => ZFormField.parse(input);

/** An additional-info form with a custom select, a yes/no, a text and a multi-select field. */
const ADDITIONAL_INFO: TFormDefinition = {
  sections: [
    {
      key: 'extra',
      title: { en: 'More about you' },
      fields: [
        field({
          key: 'branch',
          type: 'select',
          label: { en: 'Home branch' },
          options: [
            { value: 'lhr', label: { en: 'Lahore' } },
            { value: 'khi', label: { en: 'Karachi' } },
          ],
        }),
        field({ key: 'hasLocker', type: 'yes-no', label: { en: 'Has a locker' } }),
        field({ key: 'employer', type: 'text', label: { en: 'Employer name' } }),
        field({
          key: 'languages',
          type: 'multi-select',
          label: { en: 'Languages' },
          options: [
            { value: 'ur', label: { en: 'Urdu' } },
            { value: 'en', label: { en: 'English' } },
          ],
        }),
      ],
    },
  ],
};

const PERMISSIONS = ['sanad-engine', 'form-builder', 'register-customer', 'view-customer-profile'] as const;

async function publishAdditionalInfo(dataSegmentId: string, token: string): Promise<void> {
  const state = await api()<TFormState>('GET', `form-builder/forms/additional-info?dataSegmentId=${dataSegmentId}`, undefined, token);
  const saved = await api()<TFormState>(
    'PUT',
    'form-builder/forms/additional-info',
    { dataSegmentId, draftRevision: state.body.data.draftRevision, definition: ADDITIONAL_INFO },
    token,
  );
  expect(saved.status).toBe(200);
  const published = await api()(
    'POST',
    'form-builder/forms/additional-info/publish',
    { dataSegmentId, draftRevision: saved.body.data.draftRevision },
    token,
  );
  expect(published.status).toBe(200);
}

/** A fresh segment (its risk configuration not yet seeded) with the form published, and an officer of it. */
async function segmentWithForm() {
  const segment = await makeDataSegment(t.context.db);
  const officer = await signedInUser(t, PERMISSIONS, [segment]);
  await publishAdditionalInfo(segment, officer.token);
  return { segment, officer };
}

const addFactor = (segment: string, fieldKey: unknown, token: string) =>
  api()<TConfigChangeResult<TRiskFactorRow>>('POST', 'configurations/risk/custom-factors', { dataSegmentId: segment, fieldKey }, token);
const candidates = (segment: string, token: string) =>
  api()<TCustomFactorField[]>('GET', `configurations/risk/custom-factors/fields?dataSegmentId=${segment}`, undefined, token);
const valuesOf = (segment: string, fieldKey: string, token: string) =>
  api()<TFactorValueRow[]>('GET', `configurations/risk/custom-factors/${fieldKey}/values?dataSegmentId=${segment}`, undefined, token);

async function auditCount(segment: string): Promise<number> {
  const result = await t.context.db.query<{ n: number }>(
    "select count(*)::int as n from audit_log where data_segment_id = $1 and action = 'created_risk_configuration_item'",
    [segment],
  );
  return result.rows[0]?.n ?? 0;
}

async function register(token: string, customInfo: Record<string, unknown>): Promise<TCustomerDetail> {
  const input = { ...customerSubmission(), customInfo } as TCustomerCreateBody;
  const answer = await api()<TCustomerDetail>('POST', 'customers/self-register', input, token);
  expect({ status: answer.status, message: answer.body.message }).toMatchObject({ status: 200 });
  return answer.body.data;
}

async function ratingOf(customerId: string, token: string, factor = 'custom:branch') {
  const answer = await api()<TCustomerRiskRating>('GET', `customers/kyc-risk-rating/${customerId}`, undefined, token);
  expect(answer.status).toBe(200);
  const rating = answer.body.data.rating;
  if (!rating) throw new Error('customer not rated');
  return { total: rating.explanation.totalScore ?? 0, row: rating.explanation.riskTable.find((row) => row.factor === factor) };
}

/** Scores the values of a custom factor on its value page, then gives the factor a weight on the risk page. */
async function scoreFactor(segment: string, factor: TRiskFactorRow, scores: Record<string, number>, token: string): Promise<void> {
  const fieldKey = factor.key.slice('custom:'.length);
  const values = (await valuesOf(segment, fieldKey, token)).body.data;
  for (const [code, score] of Object.entries(scores)) {
    const value = values.find((row) => row.code === code);
    if (!value) throw new Error(`no value ${code}`);
    const saved = await api()(
      'PUT',
      `configurations/risk/custom-factors/${fieldKey}/values/${value._id}`,
      { dataSegmentId: segment, code, title: value.title, score, status: 'active' },
      token,
    );
    expect({ code, status: saved.status }).toEqual({ code, status: 200 });
  }
  const weighted = await api()<TConfigChangeResult<TRiskFactorRow>>(
    'PUT',
    `configurations/risk/risk/${factor._id}`,
    {
      dataSegmentId: segment,
      title: factor.title,
      weight: 200,
      status: 'active',
      missing: factor.missing,
      unknownScore: factor.unknownScore,
      appliesTo: factor.appliesTo,
    },
    token,
  );
  expect({ status: weighted.status, weight: weighted.body.data.item.weight }).toEqual({ status: 200, weight: 200 });
}

describe('risk factors from custom fields', () => {
  it('lists the published select, yes/no and multi-select fields, with the values each would start with', async () => {
    const { segment, officer } = await segmentWithForm();
    const answer = await candidates(segment, officer.token);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([
      {
        key: 'branch',
        label: 'Home branch',
        type: 'select',
        values: [
          { code: 'lhr', title: 'Lahore' },
          { code: 'khi', title: 'Karachi' },
        ],
      },
      {
        key: 'hasLocker',
        label: 'Has a locker',
        type: 'yes-no',
        values: [
          { code: 'yes', title: 'Yes' },
          { code: 'no', title: 'No' },
        ],
      },
      {
        key: 'languages',
        label: 'Languages',
        type: 'multi-select',
        values: [
          { code: 'ur', title: 'Urdu' },
          { code: 'en', title: 'English' },
        ],
      },
    ]);
  });

  it('adds custom:<field> with weight 0 and one value per option, in one version with its audit entry', async () => {
    const { segment, officer } = await segmentWithForm();
    const added = await addFactor(segment, 'branch', officer.token);
    expect({ status: added.status, message: added.body.message }).toEqual({
      status: 200,
      message: expect.stringContaining('Home branch added as a risk factor with weight 0') as string,
    });
    expect(added.body.data.isChanged).toBe(true);
    expect(added.body.data.item).toMatchObject({
      key: 'custom:branch',
      title: 'Home branch',
      kind: 'code',
      weight: 0,
      status: 'active',
      appliesTo: ['individual'],
      page: 'custom-factor/branch',
    });
    expect(await auditCount(segment)).toBe(1);

    const values = await valuesOf(segment, 'branch', officer.token);
    expect(values.status).toBe(200);
    expect(values.body.data.map((row) => [row.code, row.title, row.score])).toEqual([
      ['lhr', 'Lahore', 50],
      ['khi', 'Karachi', 50],
    ]);
    // The risk page shows it under the field's English label, and the candidates no longer offer it.
    const factors = await api()<TRiskFactorRow[]>(
      'GET',
      `configurations/risk/risk?perPage=100&dataSegmentId=${segment}`,
      undefined,
      officer.token,
    );
    expect(factors.body.data.find((row) => row.key === 'custom:branch')).toMatchObject({ title: 'Home branch', valueCount: 2 });
    expect((await candidates(segment, officer.token)).body.data.map((row) => row.key)).toEqual(['hasLocker', 'languages']);

    const exported = await api()(
      'GET',
      `configurations/risk/custom-factors/branch/values/export?dataSegmentId=${segment}`,
      undefined,
      officer.token,
    );
    expect(exported.status).toBe(200);
    expect(String(exported.headers['content-disposition'])).toMatch(/filename="sanad-engine-custom-branch-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(exported.text.split('\n')[1]).toMatch(/^"lhr","Lahore","50",/);

    const yesNo = await addFactor(segment, 'hasLocker', officer.token);
    expect(yesNo.status).toBe(200);
    expect((await valuesOf(segment, 'hasLocker', officer.token)).body.data.map((row) => row.code)).toEqual(['yes', 'no']);
  });

  it('rates a customer whose answer scores high above one whose answer scores low', async () => {
    const { segment, officer } = await segmentWithForm();
    const added = await addFactor(segment, 'branch', officer.token);
    await scoreFactor(segment, added.body.data.item, { lhr: 90, khi: 0 }, officer.token);

    const lahore = await ratingOf((await register(officer.token, { branch: 'lhr' }))._id, officer.token);
    const karachi = await ratingOf((await register(officer.token, { branch: 'khi' }))._id, officer.token);
    expect(lahore.row).toMatchObject({ riskFactor: 'Home branch', value: 'Lahore', score: 90, weight: 200, status: 'scored' });
    expect(karachi.row).toMatchObject({ value: 'Karachi', score: 0, status: 'scored' });
    expect(lahore.total).toBeGreaterThan(karachi.total);
  });

  it('scores a multi-select answer by its highest-scoring option, and leaves a customer who chose none unscored on it', async () => {
    const { segment, officer } = await segmentWithForm();
    const added = await addFactor(segment, 'languages', officer.token);
    expect({ status: added.status, kind: added.body.data.item.kind }).toEqual({ status: 200, kind: 'code' });
    await scoreFactor(segment, added.body.data.item, { ur: 10, en: 70 }, officer.token);

    const both = await ratingOf((await register(officer.token, { languages: ['ur', 'en'] }))._id, officer.token, 'custom:languages');
    const urdu = await ratingOf((await register(officer.token, { languages: ['ur'] }))._id, officer.token, 'custom:languages');
    const none = await ratingOf((await register(officer.token, { languages: [] }))._id, officer.token, 'custom:languages');
    expect(both.row).toMatchObject({ riskFactor: 'Languages', value: 'English', score: 70, status: 'scored' });
    expect(both.row?.values.map((value) => value.code)).toEqual(['en', 'ur']);
    expect(urdu.row).toMatchObject({ value: 'Urdu', score: 10, status: 'scored' });
    expect(none.row).toMatchObject({ score: null, status: 'missing-excluded' });
    expect(both.total).toBeGreaterThan(urdu.total);
  });

  it('refuses a field no published form asks, a field that is not a choice, and a field already a factor', async () => {
    const { segment, officer } = await segmentWithForm();
    const unpublished = await addFactor(segment, 'nickname', officer.token);
    expect({ status: unpublished.status, errors: unpublished.body.errors }).toEqual({
      status: 422,
      errors: { fieldKey: ['No published form of this data segment asks the custom field nickname'] },
    });
    const text = await addFactor(segment, 'employer', officer.token);
    expect({ status: text.status, errors: text.body.errors }).toEqual({
      status: 422,
      errors: { fieldKey: ['Employer name is a text field: only select, multi-select and yes/no fields can be risk factors'] },
    });
    const malformed = await addFactor(segment, 'not a key!', officer.token);
    expect(malformed.status).toBe(422);

    expect((await addFactor(segment, 'branch', officer.token)).status).toBe(200);
    const again = await addFactor(segment, 'branch', officer.token);
    expect({ status: again.status, errors: again.body.errors }).toEqual({
      status: 409,
      errors: { fieldKey: ['Home branch is already the risk factor custom:branch'] },
    });
    // Only the first add wrote a factor, a version and an audit entry.
    expect(await auditCount(segment)).toBe(1);
  });

  it('has no value page for a custom field that is not a factor', async () => {
    const { segment, officer } = await segmentWithForm();
    expect((await valuesOf(segment, 'hasLocker', officer.token)).status).toBe(404);
    const added = await api()(
      'POST',
      'configurations/risk/custom-factors/hasLocker/values',
      { dataSegmentId: segment, code: 'yes', title: 'Yes', score: 10 },
      officer.token,
    );
    expect(added.status).toBe(404);
    const exported = await api()(
      'GET',
      `configurations/risk/custom-factors/hasLocker/values/export?dataSegmentId=${segment}`,
      undefined,
      officer.token,
    );
    expect(exported.status).toBe(404);
  });

  it('needs the sanad-engine permission to list the fields or add a factor', async () => {
    const { segment } = await segmentWithForm();
    const builder = await signedInUser(t, ['form-builder', 'register-customer'], [segment]);
    expect((await candidates(segment, builder.token)).status).toBe(403);
    expect((await addFactor(segment, 'branch', builder.token)).status).toBe(403);
    expect(await auditCount(segment)).toBe(0);
  });
});
