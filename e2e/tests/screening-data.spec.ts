import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ROOT } from '../environment';
import { chooseFile, expectSignedIn, screenshot, signIn } from '../support';

const FIXTURES = path.join(ROOT, 'packages', 'screening', 'src', 'importers', 'fixtures', 'sanad-list');

test.describe.configure({ mode: 'serial' });

test('lists the shipped public lists and imports the firm’s own list with progress', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin');
  await expectSignedIn(page);
  await page.goto('/configuration/screening-list');
  await expect(page).toHaveTitle('Sanad | Screening Lists');
  // The starter bundle loads in a job after the first start.
  await expect(page.getByText('UN Security Council consolidated list')).toBeVisible({ timeout: 120_000 });
  await expect(page.getByText('OFAC Specially Designated Nationals')).toBeVisible();

  await chooseFile(page, 'File', path.join(FIXTURES, 'black-list.csv'));
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('Import completed')).toBeVisible({ timeout: 60_000 });
  await screenshot(page, 'screening-lists');
  await page.reload();
  await expect(page.getByText('Sanad list (own black-list)', { exact: true })).toBeVisible();
});

test('screens a name by hand and shows the hit with its list and reason', async ({ page }) => {
  await signIn(page, 'admin');
  await expectSignedIn(page);
  await page.goto('/configuration/screening-list');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Mohammed Asif Khan');
  await page.getByRole('button', { name: 'Screen', exact: true }).click();
  const hits = page.getByRole('table', { name: 'Screening hits' });
  // The first screening after an import waits for the index of every list to be rebuilt.
  await expect(hits).toContainText('Muhammad Asif Khan', { timeout: 60_000 });
  await expect(hits).toContainText('Sanad list (own black-list)');
  await screenshot(page, 'screening-ad-hoc');

  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Nobody Listed Anywhere');
  await page.getByRole('button', { name: 'Screen', exact: true }).click();
  await expect(page.getByText('No Name Screening Hits')).toBeVisible();
});

test('adds, archives and activates an entry of the firm’s own list', async ({ page }) => {
  await signIn(page, 'admin');
  await expectSignedIn(page);
  await page.goto('/configuration/screening-data/sanad-list');
  await expect(page.getByRole('heading', { name: 'Sanad list' })).toBeVisible();
  await page.getByRole('button', { name: 'Add entry' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add entry' });
  await expect(dialog).toHaveCSS('opacity', '1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Name is required');
  await dialog.getByLabel('Date of birth').fill('1971-09-30');
  await dialog.getByLabel('Reason').fill('Repeated cheque fraud');
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Naveed Iqbal Chaudhry');
  // The dialog is a form: Enter in a field saves it.
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).press('Enter');
  await expect(page.getByText('Entry added successfully')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Naveed Iqbal Chaudhry', exact: true })).toBeVisible();
  await screenshot(page, 'screening-own-list');

  await page.getByRole('button', { name: 'Archive Naveed Iqbal Chaudhry' }).click();
  const confirm = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(confirm).toContainText('Are you sure you want to archive Naveed Iqbal Chaudhry?');
  await page.keyboard.press('Escape');
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByRole('row', { name: /Naveed Iqbal Chaudhry/ }).getByText('Archived')).toBeVisible();

  await page.getByRole('button', { name: 'Activate Naveed Iqbal Chaudhry' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByRole('row', { name: /Naveed Iqbal Chaudhry/ }).getByText('Active')).toBeVisible();
});

test('shows an empty vendor reference page and applies a delta list', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  await expectSignedIn(page);
  await page.goto('/configuration/screening-data/descprition-1');
  await expect(page.getByRole('heading', { name: 'Description 1' })).toBeVisible();
  await expect(page.getByText('No entries yet')).toBeVisible();
  await expect(page.getByText('No records found')).toBeVisible();

  await page.goto('/screening-data/delta-list');
  await expect(page).toHaveTitle('Sanad | Upload Delta List');
  await chooseFile(page, 'File', path.join(FIXTURES, 'delta.csv'));
  await page.getByRole('button', { name: 'Upload delta' }).click();
  await expect(page.getByText('Import completed')).toBeVisible({ timeout: 60_000 });
  await screenshot(page, 'screening-delta-list');
});

test('shows the firm’s own list under one menu entry; the black-list address opens it filtered to black-list hits', async ({ page }) => {
  await signIn(page, 'admin');
  await expectSignedIn(page);
  await page.goto('/configuration/screening-data/black-list');
  await expect(page).toHaveURL(/\/configuration\/screening-data\/sanad-list\?hitType=blackList$/);
  const pages = page.getByRole('navigation', { name: 'Screening data pages' });
  await expect(pages.getByRole('link', { name: /Sanad list|Black-list/ })).toHaveCount(1);
  await expect(page.getByRole('combobox', { name: 'Hit type' })).toHaveValue('Black-list');
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto('/configuration/screening-data/sanad-list');
    await expect(page.getByRole('cell', { name: 'Naveed Iqbal Chaudhry', exact: true })).toBeVisible();
    await screenshot(page, `screening-own-list-${width}`);
    await page.goto('/configuration/screening-list');
    await expect(page.getByText('Sanad list (own black-list)', { exact: true })).toBeVisible();
    await screenshot(page, `screening-lists-${width}`);
  }
});

test('lets a reader of screening data read the firm’s own list without the controls that change it', async ({ page }) => {
  await signIn(page, 'screeningReader');
  await expectSignedIn(page);
  await page.goto('/configuration/screening-data/sanad-list');
  await expect(page.getByRole('heading', { name: 'Sanad list' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add entry' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Archive / })).toHaveCount(0);
});
