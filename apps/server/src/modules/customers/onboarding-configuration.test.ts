import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TCustomerCreateBody, TCustomerDetail } from '@sanad/contracts/customers';
import {
  DEFAULT_ONBOARDING_SETTINGS,
  type TOnboardingConfiguration,
  type TOnboardingSettings,
} from '@sanad/contracts/onboarding-configuration';
import { signedInUser } from '../../test-support/admin-helpers';
import { apiCaller } from '../../test-support/api-session';
import { makeDataSegment } from '../../test-support/factories';
import { useTestApp } from '../../test-support/test-app';
import { provisionDataSegment } from '../data-segments/data-segment.port';
import { seedMissingOnboardingConfigurations } from './onboarding-seed.port';

const t = useTestApp();
const api = () => apiCaller(t, t.adminToken);

async function rows(segmentId: string): Promise<number> {
  const result = await t.context.db.query<{ n: number }>(
    'select count(*)::int as n from onboarding_configurations where data_segment_id = $1',
    [segmentId],
  );
  return result.rows[0]?.n ?? 0;
}

const read = (segmentId: string, token = t.adminToken) =>
  api()<TOnboardingConfiguration>('GET', `configurations/ocr/${segmentId}`, undefined, token);
const save = (segmentId: string, settings: TOnboardingSettings, version: number, token = t.adminToken) =>
  api()<TOnboardingConfiguration>('PUT', `configurations/ocr/${segmentId}`, { settings, version }, token);

/** A link's lifetime in whole days, from what the create answered. */
const days = (answer: { expiresAt: string; createdAt: string }) =>
  Math.round((Date.parse(answer.expiresAt) - Date.parse(answer.createdAt)) / 86_400_000);

let sequence = 0;
function person(change: Partial<TCustomerCreateBody> = {}): TCustomerCreateBody {
  sequence += 1;
  return {
    submissionKey: randomUUID(),
    basicInfo: {
      firstName: 'Rukhsana',
      lastName: `Configperson${sequence}`,
      dateOfBirth: '1984-02-03',
      nationalityId: 'PK',
      countryOfResidenceId: 'PK',
    },
    identityInfo: { type: 'id', number: `61101${String(3_000_000 + sequence)}5` },
    occupationInfo: { workTypeId: 'salaried' },
    pepDeclaration: {},
    contactInfo: { email: `config${sequence}@example.com`, phoneNumber: `+92302${String(3_000_000 + sequence)}` },
    accountInfo: {},
    ...change,
  };
}

describe('onboarding configuration', () => {
  it('is seeded when a segment is provisioned and at start-up, and a read never writes', async () => {
    const provisioned = await t.context.db.transaction((tx) =>
      provisionDataSegment(tx, { companyName: 'Provisioned Co', subscription: 'active' }),
    );
    expect(await rows(provisioned.segmentId)).toBe(1);

    const older = await makeDataSegment(t.context.db);
    const before = await read(older);
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({ _id: older, dataSegmentId: older, version: 0, settings: DEFAULT_ONBOARDING_SETTINGS });
    expect(await rows(older)).toBe(0);

    expect(await seedMissingOnboardingConfigurations(t.context.db)).toBeGreaterThanOrEqual(1);
    expect(await seedMissingOnboardingConfigurations(t.context.db)).toBe(0);
    expect((await read(older)).body.data).toMatchObject({ version: 1, settings: DEFAULT_ONBOARDING_SETTINGS, updatedBy: null });
  });

  it('saves a new version with an audit entry and refuses a stale one', async () => {
    const segment = await makeDataSegment(t.context.db);
    await seedMissingOnboardingConfigurations(t.context.db);
    const settings: TOnboardingSettings = {
      ...DEFAULT_ONBOARDING_SETTINGS,
      isTaxIdRequired: true,
      isTaxIdMandatory: true,
      taxIdNote: 'Your NTN as printed on the certificate',
      acceptedCardTypes: { front: ['pkr cnic 1 front', 'PKR CNIC 1 FRONT'], back: ['PKR CNIC 1 BACK'] },
      linkLifetimeDays: 2,
      linkChannels: ['sms', 'email'],
    };
    const saved = await save(segment, settings, 1);
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Onboarding configuration saved successfully');
    expect(saved.body.data).toMatchObject({
      version: 2,
      settings: {
        isTaxIdMandatory: true,
        acceptedCardTypes: { front: ['PKR CNIC 1 FRONT'], back: ['PKR CNIC 1 BACK'] },
        linkLifetimeDays: 2,
      },
    });
    expect(saved.body.data.updatedBy?.name).toBeTruthy();
    const audit = await t.context.db.query<{ summary: string }>(
      "select summary from audit_log where data_segment_id = $1 and action = 'updated_onboarding_configuration'",
      [segment],
    );
    expect(audit.rows[0]?.summary).toContain('isTaxIdMandatory');

    const stale = await save(segment, DEFAULT_ONBOARDING_SETTINGS, 1);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toContain('changed by someone else');
    expect((await read(segment)).body.data.version).toBe(2);
  });

  it('refuses bad settings with field messages', async () => {
    const segment = await makeDataSegment(t.context.db);
    const mandatoryAlone = await save(segment, { ...DEFAULT_ONBOARDING_SETTINGS, isTaxIdMandatory: true }, 0);
    expect(mandatoryAlone.status).toBe(422);
    expect(mandatoryAlone.body.errors).toMatchObject({
      'settings.isTaxIdMandatory': ['The tax ID can be mandatory only when it is asked (isTaxIdRequired)'],
    });
    const unknownCard = await save(segment, { ...DEFAULT_ONBOARDING_SETTINGS, acceptedCardTypes: { front: ['XYZ CARD'], back: [] } }, 0);
    expect(unknownCard.status).toBe(422);
    expect(unknownCard.body.errors).toMatchObject({ 'settings.acceptedCardTypes.front': ['Unknown document type: XYZ CARD'] });
    const badLifetime = await save(segment, { ...DEFAULT_ONBOARDING_SETTINGS, linkLifetimeDays: 31, linkChannels: [] }, 0);
    expect(badLifetime.status).toBe(422);
    expect(badLifetime.body.errors).toMatchObject({
      'settings.linkLifetimeDays': ['Link lifetime must be between 1 and 30 days'],
      'settings.linkChannels': ['Choose at least one way to send links'],
    });
    expect(await rows(segment)).toBe(0);
  });

  it('needs the configuration permission to save, and answers another segment as not found', async () => {
    const registrar = await signedInUser(t, ['register-customer']);
    expect((await read(t.adminSegmentId, registrar.token)).status).toBe(200);
    expect((await save(t.adminSegmentId, DEFAULT_ONBOARDING_SETTINGS, 1, registrar.token)).status).toBe(403);
    const configurer = await signedInUser(t, ['onboarding-configurations']);
    const mine = await read(t.adminSegmentId, configurer.token);
    expect(mine.status).toBe(200);
    const other = await makeDataSegment(t.context.db);
    expect((await read(other, configurer.token)).status).toBe(404);
    expect((await save(other, DEFAULT_ONBOARDING_SETTINGS, 0, configurer.token)).status).toBe(404);
    expect((await read('not-a-uuid', configurer.token)).status).toBe(404);
    const nobody = await signedInUser(t, ['view-customer-profile']);
    expect((await read(t.adminSegmentId, nobody.token)).status).toBe(403);
  });

  it('drives registration: the duplicate switch, the mandatory tax ID and industry, the address-proof types', async () => {
    const segment = await makeDataSegment(t.context.db);
    const staff = await signedInUser(t, ['register-customer', 'view-customer-profile', 'configurations'], [segment]);
    const register = (input: TCustomerCreateBody) => api()<TCustomerDetail>('POST', 'customers/self-register', input, staff.token);

    const first = person();
    expect((await register(first)).status).toBe(200);
    const twin = person({ identityInfo: first.identityInfo });
    expect((await register(twin)).status).toBe(409);

    const saved = await save(
      segment,
      {
        ...DEFAULT_ONBOARDING_SETTINGS,
        restrictDuplicateCustomers: false,
        isTaxIdRequired: true,
        isTaxIdMandatory: true,
        isIndustrial: true,
      },
      0,
      staff.token,
    );
    expect(saved.status).toBe(200);
    const missing = await register({ ...twin, submissionKey: randomUUID() });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toMatchObject({
      'occupationInfo.taxId': ['Tax ID is required'],
      'occupationInfo.industryId': ['Industry is required'],
    });
    const badProof = await register({
      ...twin,
      submissionKey: randomUUID(),
      occupationInfo: { workTypeId: 'salaried', taxId: 'NTN-1234567', industryId: 'education' },
      documentInfo: { addressProofDocumentType: 'Gym membership' },
    });
    expect(badProof.status).toBe(422);
    expect(badProof.body.errors).toMatchObject({
      'documentInfo.addressProofDocumentType': ['Choose a proof of address document type: Utility bill, Bank statement, Tenancy agreement'],
    });
    // With duplicates allowed, the same ID number registers a second time.
    const allowed = await register({
      ...twin,
      submissionKey: randomUUID(),
      occupationInfo: { workTypeId: 'salaried', taxId: 'NTN-1234567', industryId: 'education' },
      documentInfo: { addressProofDocumentType: 'Utility bill' },
    });
    expect(allowed.status).toBe(200);
  });
  it('gives a link the configured lifetime when the request names none, and the requested one otherwise', async () => {
    const segment = await makeDataSegment(t.context.db);
    const staff = await signedInUser(t, ['register-customer', 'configurations'], [segment]);
    expect((await save(segment, { ...DEFAULT_ONBOARDING_SETTINGS, linkLifetimeDays: 3 }, 0, staff.token)).status).toBe(200);
    const link = (body: object) =>
      api()<{ expiresAt: string; createdAt: string }>(
        'POST',
        'customers/onboarding-links',
        { email: 'someone@example.com', ...body },
        staff.token,
      );
    const configured = await link({});
    expect(configured.status).toBe(200);
    expect(days(configured.body.data)).toBe(3);
    const asked = await link({ validForDays: 10 });
    expect(days(asked.body.data)).toBe(10);
  });

  it('reads a lifetime an older version stored in hours as whole days, rounded up', async () => {
    const segment = await makeDataSegment(t.context.db);
    const { linkLifetimeDays: _days, ...older } = DEFAULT_ONBOARDING_SETTINGS;
    await t.context.db.query('insert into onboarding_configurations (data_segment_id, settings) values ($1, $2)', [
      segment,
      JSON.stringify({ ...older, linkLifetimeHours: 50 }),
    ]);
    expect((await read(segment)).body.data.settings.linkLifetimeDays).toBe(3);
  });
});
