import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { makePdf } from '@sanad/test-support/sample-files';
import { ACCOUNTS, PASSWORD } from '../environment';
import { expectSignedIn, screenshot, signIn } from '../support';

/**
 * Stores a PDF through the API and gives its stored name. Uploading a customer's document needs a
 * registration permission, so a colleague of the same segment who registers customers stores it.
 */
async function storePdf(page: Page, name: string): Promise<string> {
  const login = await page.request.post('/api/users/login', { data: { email: ACCOUNTS.kyc.email, password: PASSWORD } });
  expect(login.ok()).toBe(true);
  const { accessToken } = ((await login.json()) as { data: { accessToken: string } }).data;
  const uploaded = await page.request.post('/api/files/', {
    headers: { authorization: `Bearer ${accessToken}` },
    multipart: { type: 'documents', file: { name, mimeType: 'application/pdf', buffer: makePdf(name) } },
  });
  expect(uploaded.ok()).toBe(true);
  return ((await uploaded.json()) as { data: { fileName: string } }).data.fileName;
}

test('downloads a stored file from /download/:folder/:fileName without any permission', async ({ page }) => {
  await signIn(page, 'dashboard');
  await expectSignedIn(page);
  const fileName = await storePdf(page, 'Engagement letter.pdf');

  const downloading = page.waitForEvent('download');
  await page.goto(`/download/documents/${fileName}`);
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Engagement letter.pdf');
  expect((await readFile(await download.path())).subarray(0, 5).toString()).toBe('%PDF-');
  await expect(page.getByText('Your download has started.')).toBeVisible();
  await expect(page).toHaveTitle('Sanad | Download');
  await screenshot(page, 'download');

  // A second download link followed inside the app (the page stays mounted) downloads its own file.
  const second = await storePdf(page, 'Second letter.pdf');
  const downloadingSecond = page.waitForEvent('download');
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, `/download/documents/${second}`);
  expect((await downloadingSecond).suggestedFilename()).toBe('Second letter.pdf');
  await expect(page.getByText(second)).toBeVisible();

  await page.goto('/download/documents/doesnotexist0000.enc');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download again' })).toBeVisible();
  await screenshot(page, 'download-missing');
});
