import { mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { chooseFile, expectSignedIn, screenshot, signIn } from '../support';

const HEADER = 'firstName,lastName,dateOfBirth,nationalityId,countryOfResidenceId,idType,idNumber,email,phoneNumber,products';

/** Three good customers and two refused rows (no last name; a date of birth written the wrong way). */
function customersFile(): string {
  const stamp = Date.now() % 1_000_000;
  const rows = [
    `Farah,Bulkimport,1986-02-11,PK,PK,id,7110${stamp}01,farah.${stamp}@example.com,+923004${stamp},savings`,
    `Imran,,1979-07-23,PK,PK,id,7110${stamp}02,imran.${stamp}@example.com,+923005${stamp},savings`,
    `Sadia,Bulkimport,1991-10-02,AE,AE,passport,7110${stamp}03,sadia.${stamp}@example.com,+923006${stamp},savings`,
    `Tariq,Bulkimport,02/03/1975,PK,PK,id,7110${stamp}04,tariq.${stamp}@example.com,+923007${stamp},savings`,
    `Nida,Bulkimport,1969-05-30,PK,PK,id,7110${stamp}05,nida.${stamp}@example.com,+923008${stamp},savings`,
  ];
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'sanad-bulk-e2e-')), 'customers.csv');
  writeFileSync(file, `${HEADER}\n${rows.join('\n')}\n`);
  return file;
}

test('uploads a customers file with good and bad rows, sees it complete and opens the refused rows', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, 'admin');
  await expectSignedIn(page);
  await page.getByRole('link', { name: 'Bulk Onboarding' }).first().click();
  await expect(page).toHaveURL(/\/bulk-customers-onboarding$/);
  await expect(page).toHaveTitle('Sanad | Bulk onboarding');

  const templateDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Template (CSV)' }).click();
  const template = await templateDownload;
  expect(template.suggestedFilename()).toBe('bulk-onboarding-template.csv');
  expect((await readFile(await template.path(), 'utf8')).split(/\r?\n/)[0]).toContain('"firstName","middleName","lastName"');

  await chooseFile(page, 'Customers file (CSV or XLSX)', customersFile());
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  // The first screening after a start builds the list index; then five rows take seconds.
  const done = page.getByRole('status').filter({ hasText: /Bulk Upload Completed at \d/ });
  await expect(done).toBeVisible({ timeout: 180_000 });
  await expect(done).toContainText('3 customers created; 2 rows refused');
  await expect(page.getByText('100%', { exact: true })).toBeVisible();
  await screenshot(page, 'bulk-onboarding-1440');

  const errorDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download refused rows (2)' }).click();
  const errorFile = await errorDownload;
  expect(errorFile.suggestedFilename()).toBe('customers-refused-rows.csv');
  const [header, ...lines] = (await readFile(await errorFile.path(), 'utf8')).trim().split(/\r?\n/);
  expect(header).toBe(
    `"row",${HEADER.split(',')
      .map((column) => `"${column}"`)
      .join(',')},"reason"`,
  );
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatch(/^"3","Imran",""/);
  expect(lines[0]).toContain('"lastName: Last name is required"');
  expect(lines[1]).toMatch(/^"5","Tariq"/);
  expect(lines[1]).toContain('dateOfBirth: Date of birth must be a date (YYYY-MM-DD)');

  // The upload control resets 2 seconds after completion; the outcome stays on the page.
  await expect(page.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(done).toBeVisible();
  await screenshot(page, 'bulk-onboarding-390');
});
