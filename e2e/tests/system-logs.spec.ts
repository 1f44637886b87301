import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectSignedIn, screenshot, signIn } from '../support';

async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an administrator reads, filters and exports the system logs', async ({ page }) => {
  await signIn(page, 'admin');
  await expectSignedIn(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'System Logs' }).click();
  await expect(page).toHaveURL(/\/system-logs$/);
  await expect(page.getByRole('heading', { name: 'System Logs', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Total actions' })).toBeVisible();
  const table = page.getByRole('table', { name: 'System logs' });
  // Actions read as words, not codes.
  await expect(table.getByText('Logged in', { exact: true }).first()).toBeVisible();

  await chooseOption(page, 'Module', 'Authentication');
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const types = await table.getByRole('row').locator('td:nth-child(2)').allInnerTexts();
  expect(types.length).toBeGreaterThan(0);
  expect(new Set(types)).toEqual(new Set(['Authentication']));

  await table
    .getByRole('button', { name: /^Details of Logged in/ })
    .first()
    .click();
  const detail = page.getByRole('dialog', { name: 'System log entry' });
  await expect(detail.getByText('Purpose of processing')).toBeVisible();
  await expect(detail.getByText('Authenticating staff and securing access to the service')).toBeVisible();
  await expect(detail.getByText('Legal basis for processing')).toBeVisible();
  await expect(detail.getByText('Retention period')).toBeVisible();
  await expect(detail.getByText('1 year', { exact: true })).toBeVisible();
  await screenshot(page, 'system-logs-detail');
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(page.getByText('Export started; the file will be ready shortly')).toBeVisible();
  const exports = page.getByRole('table', { name: 'Recent exports' });
  const download = exports.getByRole('button', { name: 'Download' }).first();
  await expect(download).toBeVisible({ timeout: 30_000 });
  await screenshot(page, 'system-logs');

  const downloading = page.waitForEvent('download');
  await download.click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^system-logs-.*\.csv$/);
  const csv = await readFile(await file.path(), 'utf8');
  const [header, ...lines] = csv.trim().split(/\r?\n/);
  // Every cell is quoted, the header too, so no cell can become a formula in a spreadsheet.
  expect(header).toBe(
    '"createdAt","user","email","type","action","summary","purposeOfProcessing","legalBasisForProcessing","categoriesOfDataInvolved","recipients","retentionPeriod","locationOfProcessing","securityMeasures"',
  );
  expect(lines.some((line) => line.includes('"authentication","logged_in"'))).toBe(true);
  expect(lines.every((line) => line.includes('"authentication"'))).toBe(true);
});
