import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { makePdf } from '@sanad/test-support/sample-files';
import { seriousViolations } from '../axe';
import { chooseFile, expectSignedIn, screenshot, signIn } from '../support';

// Registering runs screening and rating on the server; a busy machine needs the time.
test.describe.configure({ timeout: 180_000 });
// The accessibility scan injects axe-core, which the app's CSP would otherwise refuse.
test.use({ bypassCSP: true });

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A customer registered through the API as the signed-in user: both checks start pending. */
async function registerCustomer(page: Page): Promise<{ sanadId: string; name: string }> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const stamp = `${Date.now()}`.slice(-7);
  const suffix = [...stamp].map((digit) => String.fromCharCode(97 + Number(digit))).join('');
  const lastName = `Baloch ${suffix}`;
  const response = await page.request.post('/api/customers/self-register', {
    headers: { authorization: `Bearer ${token ?? ''}` },
    data: {
      submissionKey: randomUUID(),
      basicInfo: {
        firstName: 'Sana',
        lastName,
        dateOfBirth: '1992-08-09',
        nationalityId: 'PK',
        countryOfResidenceId: 'PK',
        genderId: 'female',
      },
      identityInfo: { type: 'id', number: `42101${stamp}2` },
      occupationInfo: { workTypeId: 'salaried', industryId: 'education' },
      pepDeclaration: { anyPublicPos: false, everPublicPosition: false, conviction: false },
      contactInfo: { email: `sana.${stamp}@e2e.test`, phoneNumber: `+92321${stamp}` },
      accountInfo: { products: ['savings'], isf2f: true },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { sanadId } = ((await response.json()) as { data: { sanadId: string } }).data;
  return { sanadId, name: `Sana ${lastName}` };
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * No box on the page scrolls sideways either: a table in a scroll area keeps the page itself narrow
 * while its last columns, and the buttons in them, sit off the side of a phone.
 */
async function expectNoBoxScrollsSideways(page: Page): Promise<void> {
  const scrolling = await page.evaluate(() =>
    Array.from(document.querySelectorAll('main *'))
      .filter((element) => {
        const overflow = getComputedStyle(element).overflowX;
        return (overflow === 'auto' || overflow === 'scroll') && element.scrollWidth > element.clientWidth + 1;
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.className} (${element.scrollWidth} > ${element.clientWidth})`),
  );
  expect(scrolling).toEqual([]);
}

async function searchFor(page: Page, sanadId: string): Promise<void> {
  const search = page.getByPlaceholder('Search name, Sanad ID, ID number, e-mail or phone');
  await search.fill(sanadId);
  await search.press('Enter');
  await expect(page.getByRole('row').filter({ hasText: sanadId })).toHaveCount(1);
}

test('an officer records a verified NADRA check with evidence and a failed criminal-record check', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin');
  await expectSignedIn(page);
  const { sanadId, name } = await registerCustomer(page);

  // The list asks for the current data segment as 'none' (PR-13).
  const listRequest = page.waitForRequest((request) => request.url().includes('/api/customer-verification/?'));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Customer Verification' }).click();
  await expect(page).toHaveURL(/\/customer-verification$/);
  expect(new URL((await listRequest).url()).searchParams.get('dataSegmentId')).toBe('none');
  await expect(page.getByRole('heading', { name: 'Customer Verification' })).toBeVisible();
  await expect(page).toHaveTitle('Sanad | Customer Verification');

  await searchFor(page, sanadId);
  const row = page.getByRole('row').filter({ hasText: sanadId });
  await expect(row.getByText('Pending')).toHaveCount(2);
  await screenshot(page, 'customer-verification-list-1440');

  await row.getByRole('button', { name: `Record checks of ${sanadId}` }).click();
  const dialog = page.getByRole('dialog', { name: `Verification checks: ${name}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('No outcome recorded yet')).toBeVisible();

  // Without a note or a reference the form says what is missing and records nothing.
  await dialog.getByRole('button', { name: 'Record outcome' }).click();
  await expect(dialog.getByText('Reference is required').first()).toBeVisible();

  const evidence = path.join(tmpdir(), `verisys-${randomUUID()}.pdf`);
  await writeFile(evidence, makePdf('Verisys result'));
  await dialog.getByLabel('Reference').fill('VS-2026-7781');
  await dialog.getByLabel('Note').fill('Verisys photo, name and father name match');
  await chooseFile(page, 'Evidence (optional)', evidence);
  await dialog.getByRole('button', { name: 'Record outcome' }).click();
  await expect(page.getByText('Verification outcome recorded successfully')).toBeVisible();
  const history = dialog.getByRole('table');
  await expect(history.getByRole('row').filter({ hasText: 'VS-2026-7781' })).toContainText('Verified');
  await expect(history.getByRole('button', { name: path.basename(evidence) })).toBeVisible();

  // The segmented controls' radios are visually hidden; a user clicks their labels.
  await dialog.locator('label', { hasText: /^Criminal record$/ }).click();
  await dialog.locator('label', { hasText: /^Failed$/ }).click();
  await expect(dialog.getByRole('radio', { name: 'Failed' })).toBeChecked();
  await dialog.getByLabel('Reference').fill('PCC-5521');
  await dialog.getByLabel('Note').fill('Conviction on record, 2019');
  await dialog.getByRole('button', { name: 'Record outcome' }).click();
  await expect(history.getByRole('row').filter({ hasText: 'PCC-5521' })).toContainText('Failed');
  await screenshot(page, 'customer-verification-dialog-1440');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await expect(row.getByText('Verified')).toBeVisible();
  await expect(row.getByText('Failed')).toBeVisible();

  // The status filter narrows the list to the customers whose check failed.
  await page.getByRole('combobox', { name: 'Criminal record', exact: true }).click();
  await page.getByRole('option', { name: 'Failed', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/criminalRecord=failed/);
  await expect(page.getByRole('row').filter({ hasText: sanadId })).toHaveCount(1);

  // The failed check raised a triggered alert, and both outcomes are on the customer's timeline.
  await page.goto('/insights/alerts');
  await expect(page.getByText(`Criminal record check failed: Conviction on record, 2019`).first()).toBeVisible();
});

test('the screen fits a phone, and /customers opens the same page', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, 'admin');
  await expectSignedIn(page);
  const { sanadId } = await registerCustomer(page);
  await page.goto('/customers');
  await expect(page.getByRole('heading', { name: 'Customer Verification' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Filters' })).toBeVisible();
  await searchFor(page, sanadId);
  await expectNoSidewaysScroll(page);
  await expectNoBoxScrollsSideways(page);
  // The row's action lies within the phone's width, not off the side of the table.
  const record = page.getByRole('button', { name: `Record checks of ${sanadId}` });
  const box = await record.boundingBox();
  expect(box?.x).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? PHONE.width) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
  const row = page.getByRole('row').filter({ hasText: sanadId });
  await expect(row.getByText('NADRA', { exact: true })).toBeVisible();
  await expect(row.getByText('Criminal record', { exact: true })).toBeVisible();
  await expect(row.getByText('Pending')).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'customer-verification-list-390');
  await record.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveCSS('opacity', '1');
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'customer-verification-dialog-390');
});

test('a user without view-customer-verification does not get the page', async ({ page }) => {
  await signIn(page, 'dashboard');
  await expectSignedIn(page);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText('Customer Verification', { exact: true })).toHaveCount(0);
  await page.goto('/customer-verification');
  await expect(page.getByRole('heading', { name: 'Customer Verification' })).toHaveCount(0);
});
