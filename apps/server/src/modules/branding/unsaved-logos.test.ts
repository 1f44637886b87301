import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TBranding } from '@sanad/contracts/branding';
import { multipart } from '@sanad/test-support/multipart';
import { makePng } from '@sanad/test-support/sample-files';
import { apiCaller } from '../../test-support/api-session';
import { bearer, body, useTestApp } from '../../test-support/test-app';
import { removeUnsavedLogos, UNSAVED_LOGO_HOURS } from './unsaved-logos.job';

const t = useTestApp();
const api = () => apiCaller(t, t.adminToken);

async function uploadLogo(): Promise<string> {
  const form = multipart({ type: 'logo' }, { name: 'logo.png', body: makePng(120, 40) });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/files/',
    payload: form.payload,
    headers: { ...form.headers, ...bearer(t.adminToken) },
  });
  expect(response.statusCode).toBe(200);
  return body<{ data: { fileName: string } }>(response).data.fileName;
}

/** As if the file had been uploaded `hours` ago. */
const age = (fileName: string, hours: number) =>
  t.context.db.query(`update files set created_at = now() - make_interval(hours => $2) where file_name = $1`, [fileName, hours]);
const storedBytesExist = (fileName: string) => existsSync(path.join(t.context.config.dataDir, 'files', fileName.slice(0, 2), fileName));
const folderOf = async (fileName: string) =>
  (await t.context.db.query<{ folder: string }>('select folder from files where file_name = $1', [fileName])).rows[0]?.folder ?? null;

describe('logos uploaded and never saved', () => {
  it('are removed after a day with their stored bytes, freeing the quota, each with an audit entry; saved and recent ones stay', async () => {
    const forgotten = await uploadLogo();
    const recent = await uploadLogo();
    const saved = await uploadLogo();
    const current = (await api()<TBranding>('GET', 'configurations/branding/settings')).body.data;
    const saving = await api()<TBranding>('PUT', `configurations/branding/${current._id}`, {
      colors: current.colors,
      logo: { light: { fileName: saved }, dark: null },
      version: current.version,
    });
    expect(saving.status).toBe(200);
    await age(forgotten, UNSAVED_LOGO_HOURS + 1);
    await age(saved, UNSAVED_LOGO_HOURS + 1);
    await age(recent, UNSAVED_LOGO_HOURS - 1);
    const usedBefore = await t.context.vault.usedBytes(t.adminSegmentId);
    const forgottenFile = await t.context.vault.describe(forgotten);
    expect(forgottenFile?.dataSegmentId).toBe(t.adminSegmentId);
    expect(storedBytesExist(forgotten)).toBe(true);

    expect(await removeUnsavedLogos(t.context.vault)).toBe(1);

    expect(await t.context.vault.describe(forgotten)).toBeNull();
    expect(storedBytesExist(forgotten)).toBe(false);
    expect(await t.context.vault.usedBytes(t.adminSegmentId)).toBe(usedBefore - (forgottenFile?.sizeBytes ?? 0));
    expect(await folderOf(recent)).toBe('logo-draft');
    expect(await folderOf(saved)).toBe('logo');
    expect(storedBytesExist(saved)).toBe(true);
    // The file's entries: its upload by the administrator, then its removal by the system.
    const audits = await t.context.db.query<{ action: string; data_segment_id: string; actor_id: string | null; summary: string }>(
      "select action, data_segment_id, actor_id, summary from audit_log where entity_type = 'file' and entity_id = $1 order by created_at",
      [forgotten],
    );
    expect(audits.rows.map((row) => row.action)).toEqual(['uploaded_file', 'removed_unsaved_logo']);
    expect(audits.rows[1]).toEqual({
      action: 'removed_unsaved_logo',
      data_segment_id: t.adminSegmentId,
      actor_id: null,
      summary: expect.stringContaining('Removed the logo logo.png, uploaded'),
    });

    // Idempotent: a second run, or one the next day with nothing older, removes nothing.
    expect(await removeUnsavedLogos(t.context.vault)).toBe(0);
    // A day later the recent one has had its day too.
    expect(await removeUnsavedLogos(t.context.vault, new Date(Date.now() + 2 * 3600 * 1000))).toBe(1);
    expect(await folderOf(recent)).toBeNull();
  });

  it('refuses a save naming a draft removed after the save checked it', async () => {
    const draft = await uploadLogo();
    const current = (await api()<TBranding>('GET', 'configurations/branding/settings')).body.data;
    // The check before the save's transaction sees the draft; the sweep removes it before the transaction moves it.
    const realDescribe = t.context.vault.describe.bind(t.context.vault);
    t.context.vault.describe = async (fileName) => {
      const file = await realDescribe(fileName);
      await age(draft, UNSAVED_LOGO_HOURS + 1);
      await removeUnsavedLogos({ removeStale: (input) => t.context.vault.removeStale(input) });
      return file;
    };
    try {
      const refused = await api()<TBranding>('PUT', `configurations/branding/${current._id}`, {
        colors: current.colors,
        logo: { light: null, dark: { fileName: draft } },
        version: current.version,
      });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toMatchObject({ 'logo.dark': ['Upload the logo again: the file was not found'] });
    } finally {
      t.context.vault.describe = realDescribe;
    }
    expect((await api()<TBranding>('GET', 'configurations/branding/settings')).body.data.version).toBe(current.version);
  });
});
