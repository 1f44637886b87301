import { describe, expect, it } from 'vitest';
import type { TBranding, TBrandingSave, TDisplaySettings } from '@sanad/contracts/branding';
import { DEFAULT_DISPLAY_SETTINGS } from '@sanad/contracts/branding-defaults';
import { multipart } from '@sanad/test-support/multipart';
import { makePdf, makePng } from '@sanad/test-support/sample-files';
import { signedInUser } from '../../test-support/admin-helpers';
import { apiCaller } from '../../test-support/api-session';
import { STAFF_PASSWORD, makeDataSegment, makeUser } from '../../test-support/factories';
import { bearer, body, useTestApp, type TestApp } from '../../test-support/test-app';

const t = useTestApp();
const api = () => apiCaller(t, t.adminToken);

/** Uploads a logo as the branding screen does (POST files/, type logo) and answers the response. */
async function uploadLogo(app: TestApp, token: string, name = 'logo.png', content: Buffer = makePng(120, 40)) {
  const form = multipart({ type: 'logo' }, { name, body: content });
  return app.app.inject({ method: 'POST', url: '/api/files/', payload: form.payload, headers: { ...form.headers, ...bearer(token) } });
}

const settings = () => api()<TBranding>('GET', 'configurations/branding/settings');
const save = (id: string, input: TBrandingSave, token = t.adminToken) =>
  api()<TBranding>('PUT', `configurations/branding/${id}`, input, token);

function editable(branding: TBranding): TBrandingSave {
  return { colors: branding.colors, logo: branding.logo, version: branding.version };
}

describe('branding', () => {
  it('saves the colours and a logo for every data segment, with its audit entry, and the public read shows them', async () => {
    const before = (await settings()).body.data;
    expect(before).toMatchObject({ colors: DEFAULT_DISPLAY_SETTINGS.colors, canEdit: true });

    const upload = await uploadLogo(t, t.adminToken);
    expect(upload.statusCode).toBe(200);
    const fileName = body<{ data: { fileName: string } }>(upload).data.fileName;

    const saved = await save(before._id, {
      ...editable(before),
      colors: { ...before.colors, primary: '#1d4ed8', secondary: '#9333EA' },
      logo: { light: { fileName }, dark: null },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Branding saved successfully');
    expect(saved.body.data).toMatchObject({ version: before.version + 1, colors: { primary: '#1D4ED8', secondary: '#9333EA' } });
    expect(saved.body.data.updatedBy?.name).toBeTruthy();

    const audit = await t.context.db.query<{ summary: string; data_segment_id: string | null }>(
      "select summary, data_segment_id from audit_log where action = 'updated_branding' order by created_at desc limit 1",
    );
    expect(audit.rows[0]?.summary).toBe('Updated the branding: colors.primary, colors.secondary, logo.light');

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/configurations/branding' });
    expect(body<{ data: TDisplaySettings }>(anonymous).data).toMatchObject({
      colors: { primary: '#1D4ED8' },
      logo: { light: { fileName }, dark: null },
      clientLogo: null,
    });

    const stale = await save(before._id, editable(before));
    expect(stale.status).toBe(409);
    expect(stale.body.message).toContain('Someone else saved the branding');
  });

  it('keeps an uploaded logo to its uploader until a save names it, then serves it publicly', async () => {
    const publicLogo = (fileName: string) => t.app.inject({ method: 'GET', url: `/api/files/logo/${fileName}` });
    const privateRead = (fileName: string, token: string) =>
      t.app.inject({ method: 'GET', url: `/api/files/${fileName}`, headers: bearer(token) });
    const fileName = body<{ data: { fileName: string } }>(await uploadLogo(t, t.adminToken)).data.fileName;

    // Unsaved: not public, not another user's, but the uploader's own preview.
    expect((await publicLogo(fileName)).statusCode).toBe(404);
    const colleague = await signedInUser(t, ['branding']);
    expect((await privateRead(fileName, colleague.token)).statusCode).toBe(404);
    const preview = await privateRead(fileName, t.adminToken);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/png');

    // A save that fails (here: stale) publishes nothing.
    const current = (await settings()).body.data;
    const refused = await save(current._id, {
      ...editable(current),
      version: current.version - 1,
      logo: { dark: { fileName }, light: null },
    });
    expect(refused.status).toBe(409);
    expect((await publicLogo(fileName)).statusCode).toBe(404);

    // Another operator cannot publish someone else's draft.
    const operator = await makeUser(t.context.db, { permissions: ['branding'], dataSegmentId: t.adminSegmentId, dataSegmentIds: [] });
    const otherOperator = await t.login(operator.email, STAFF_PASSWORD);
    const borrowed = await save(current._id, { ...editable(current), logo: { dark: { fileName }, light: null } }, otherOperator);
    expect(borrowed.status).toBe(422);
    expect(borrowed.body.errors).toMatchObject({ 'logo.dark': ['Upload the logo again: the file was not found'] });

    const saved = await save(current._id, { ...editable(current), logo: { dark: { fileName }, light: null } });
    expect(saved.status).toBe(200);
    const served = await publicLogo(fileName);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('refuses unreadable palettes, bad colours and files that are not logos, with field messages', async () => {
    const current = (await settings()).body.data;
    const unreadable = await save(current._id, { ...editable(current), colors: { ...current.colors, light: '#222222', dark: '#111111' } });
    expect(unreadable.status).toBe(422);
    expect(unreadable.body.errors).toMatchObject({
      'colors.dark': ['The dark colour must stand out from the light colour (contrast at least 4.5:1) so that text stays readable'],
    });
    const paleButton = await save(current._id, { ...editable(current), colors: { ...current.colors, primary: '#FFFF00' } });
    expect(paleButton.body.errors).toMatchObject({
      'colors.primary': ['The primary colour is too light for white button text (contrast at least 3:1 with white)'],
    });

    const notHex = await save(current._id, { ...editable(current), colors: { ...current.colors, secondary: 'gold' } });
    expect(notHex.status).toBe(422);
    expect(notHex.body.errors).toMatchObject({ 'colors.secondary': ['Use a colour in the form #RRGGBB'] });

    const document = await uploadLogo(t, t.adminToken, 'manual.pdf', makePdf());
    expect(document.statusCode).toBe(415);
    expect(body<{ message: string }>(document).message).toBe('File format is not allowed');

    const unknownFile = await save(current._id, {
      ...editable(current),
      logo: { dark: { fileName: 'abcdefgh12345678.enc' }, light: null },
    });
    expect(unknownFile.status).toBe(422);
    expect(unknownFile.body.errors).toMatchObject({ 'logo.dark': ['Upload the logo again: the file was not found'] });
  });

  it('refuses a user without branding, and a holder of branding who works in some data segments only', async () => {
    const current = (await settings()).body.data;
    const reader = await signedInUser(t, ['view-activity-dashboard']);
    expect((await api()('GET', 'configurations/branding/settings', undefined, reader.token)).status).toBe(403);
    expect((await save(current._id, editable(current), reader.token)).status).toBe(403);

    const tenantAdmin = await signedInUser(t, ['branding'], [await makeDataSegment(t.context.db)]);
    const seen = await api()<TBranding>('GET', 'configurations/branding/settings', undefined, tenantAdmin.token);
    expect(seen.body.data.canEdit).toBe(false);
    const refused = await save(current._id, editable(current), tenantAdmin.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('only a user who works across all data segments');
    expect((await settings()).body.data.version).toBe(current.version);
  });
});
