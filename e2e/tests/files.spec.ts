import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { makePdf } from '../../apps/server/test/sample-files';
import { expectSignedIn, screenshot, signIn } from '../support';

test('downloads a stored file from /download/:folder/:fileName without any permission', async ({ page }) => {
  await signIn(page, 'dashboard');
  await expectSignedIn(page);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const uploaded = await page.request.post('/api/files/', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { type: 'documents', file: { name: 'Engagement letter.pdf', mimeType: 'application/pdf', buffer: makePdf('Engagement letter') } },
  });
  expect(uploaded.ok()).toBe(true);
  const { data } = (await uploaded.json()) as { data: { fileName: string } };

  const downloading = page.waitForEvent('download');
  await page.goto(`/download/documents/${data.fileName}`);
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Engagement letter.pdf');
  expect((await readFile(await download.path())).subarray(0, 5).toString()).toBe('%PDF-');
  await expect(page.getByText('Your download has started.')).toBeVisible();
  await expect(page).toHaveTitle('Sanad | Download');
  await screenshot(page, 'download');

  await page.goto('/download/documents/doesnotexist0000.enc');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download again' })).toBeVisible();
  await screenshot(page, 'download-missing');
});
