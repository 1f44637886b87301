import { describe, expect, it } from 'vitest';
import type { TDisplaySettings } from '@sanad/contracts/branding';
import { EMPTY_PUBLIC_LABEL, type TLabeling, type TLabelingSave, type TPublicLabel } from '@sanad/contracts/labeling';
import { multipart } from '@sanad/test-support/multipart';
import { makePng } from '@sanad/test-support/sample-files';
import { signedInUser, type SignedInUser } from '../../test-support/admin-helpers';
import { apiCaller } from '../../test-support/api-session';
import { makeDataSegment } from '../../test-support/factories';
import { bearer, body, useTestApp } from '../../test-support/test-app';
import { provisionDataSegment } from '../data-segments/data-segment.port';

const t = useTestApp();
const api = () => apiCaller(t, t.adminToken);

const whiteLabelledSegment = async (companyName = 'Crescent Microfinance') =>
  (await t.context.db.transaction((tx) => provisionDataSegment(tx, { companyName, subscription: 'active', whiteLabelling: true })))
    .segmentId;

async function uploadLogo(token: string): Promise<string> {
  const form = multipart({ type: 'logo' }, { name: 'crescent.png', body: makePng(90, 30, [200, 40, 40]) });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/files/',
    payload: form.payload,
    headers: { ...form.headers, ...bearer(token) },
  });
  expect(response.statusCode).toBe(200);
  return body<{ data: { fileName: string } }>(response).data.fileName;
}

const read = (segmentId: string, user: SignedInUser) =>
  api()<TLabeling>('GET', `configurations/labeling/${segmentId}`, undefined, user.token);
const save = (segmentId: string, input: TLabelingSave, user: SignedInUser) =>
  api()<TLabeling>('PUT', `configurations/labeling/${segmentId}`, input, user.token);
const publicLabel = async (segmentId: string) =>
  body<{ data: TPublicLabel }>(await t.app.inject({ method: 'GET', url: `/api/configurations/labeling/${segmentId}/public` })).data;

const fields = {
  displayName: 'Crescent Microfinance Bank',
  clientLogo: null,
  supportEmail: 'help@crescent.example',
  supportPhone: '+92 21 111 222 333',
};

describe('labeling', () => {
  it("saves a segment's name, logo and contacts with its audit entry; its public screens read them and nothing else", async () => {
    const segment = await whiteLabelledSegment();
    const labeler = await signedInUser(t, ['labeling'], [segment]);
    expect(await publicLabel(segment)).toEqual(EMPTY_PUBLIC_LABEL);
    const before = await read(segment, labeler);
    expect(before.body.data).toMatchObject({
      dataSegmentId: segment,
      whiteLabelling: true,
      displayName: '',
      version: 0,
      companyName: 'Crescent Microfinance',
    });

    const fileName = await uploadLogo(labeler.token);
    const publicLogo = () => t.app.inject({ method: 'GET', url: `/api/files/logo/${fileName}` });
    // Uploaded but unsaved: the public endpoint does not serve it, nor may a colleague save it.
    expect((await publicLogo()).statusCode).toBe(404);
    const colleague = await signedInUser(t, ['labeling'], [segment]);
    const borrowed = await save(segment, { ...fields, clientLogo: { fileName }, version: 0 }, colleague);
    expect(borrowed.body.errors).toMatchObject({ clientLogo: ['Upload the logo again: the file was not found'] });

    const saved = await save(segment, { ...fields, clientLogo: { fileName }, version: 0 }, labeler);
    expect(saved.status).toBe(200);
    expect((await publicLogo()).statusCode).toBe(200);
    expect(saved.body.message).toBe('Labeling saved successfully');
    expect(saved.body.data).toMatchObject({ displayName: 'Crescent Microfinance Bank', clientLogo: { fileName }, version: 1 });
    const audit = await t.context.db.query<{ summary: string }>(
      "select summary from audit_log where data_segment_id = $1 and action = 'updated_labeling'",
      [segment],
    );
    expect(audit.rows.map((row) => row.summary)).toEqual(['Updated the labeling: displayName, clientLogo, supportEmail, supportPhone']);

    expect(await publicLabel(segment)).toEqual({
      name: 'Crescent Microfinance Bank',
      clientLogo: { fileName },
      supportEmail: 'help@crescent.example',
      supportPhone: '+92 21 111 222 333',
    });
    const display = await t.app.inject({ method: 'GET', url: `/api/configurations/branding?dataSegmentId=${segment}` });
    expect(body<{ data: TDisplaySettings }>(display).data.clientLogo).toEqual({ fileName });

    const stale = await save(segment, { ...fields, version: 0 }, labeler);
    expect(stale.status).toBe(409);
  });

  it('tells a visitor nothing about segments without white labelling or that do not exist', async () => {
    const plain = await makeDataSegment(t.context.db);
    expect(await publicLabel(plain)).toEqual(EMPTY_PUBLIC_LABEL);
    expect(await publicLabel('00000000-0000-4000-8000-000000000000')).toEqual(EMPTY_PUBLIC_LABEL);
    expect(await publicLabel('not-a-segment')).toEqual(EMPTY_PUBLIC_LABEL);
  });

  it('refuses users without labeling, segments that do not allow white labelling, and other tenants (not found)', async () => {
    const segment = await whiteLabelledSegment('Crescent Two');
    const reader = await signedInUser(t, ['view-activity-dashboard'], [segment]);
    expect((await read(segment, reader)).status).toBe(403);
    expect((await save(segment, { ...fields, version: 0 }, reader)).status).toBe(403);

    const plain = await makeDataSegment(t.context.db);
    const plainLabeler = await signedInUser(t, ['labeling'], [plain]);
    expect((await read(plain, plainLabeler)).body.data.whiteLabelling).toBe(false);
    const notAllowed = await save(plain, { ...fields, version: 0 }, plainLabeler);
    expect(notAllowed.status).toBe(403);
    expect(notAllowed.body.message).toBe('This data segment does not allow white labelling. Ask your operator to allow it.');

    const otherTenant = await whiteLabelledSegment('Another Tenant');
    const outsider = await signedInUser(t, ['labeling'], [segment]);
    expect((await read(otherTenant, outsider)).status).toBe(404);
    expect((await save(otherTenant, { ...fields, version: 0 }, outsider)).status).toBe(404);

    // A logo uploaded in another tenant's segment is not this segment's to show.
    const foreignLogo = await uploadLogo((await signedInUser(t, ['labeling'], [otherTenant])).token);
    const borrowed = await save(segment, { ...fields, clientLogo: { fileName: foreignLogo }, version: 0 }, outsider);
    expect(borrowed.status).toBe(422);
    expect(borrowed.body.errors).toMatchObject({ clientLogo: ['Upload the logo again: the file was not found'] });
  });

  it('refuses bad contacts and an overlong name with field messages', async () => {
    const segment = await whiteLabelledSegment('Crescent Three');
    const labeler = await signedInUser(t, ['labeling'], [segment]);
    const bad = await save(
      segment,
      { displayName: 'x'.repeat(81), clientLogo: null, supportEmail: 'not-an-address', supportPhone: 'call us', version: 0 },
      labeler,
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      displayName: ['The name must be at most 80 characters'],
      supportEmail: [expect.any(String)],
      supportPhone: [expect.any(String)],
    });
  });
});
