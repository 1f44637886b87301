import { readFile } from 'node:fs/promises';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { ACCOUNTS, PASSWORD } from '../environment';
import { expectSignedIn, screenshot, signIn } from '../support';

// Registering runs screening and rating on the server, and a list loads after the session check; a
// busy machine needs the time.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A first name no earlier run has used, letters only (names refuse digits). */
function uniqueName(): string {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return `Zarqa${stamp
    .slice(-7)
    .split('')
    .map((digit) => String.fromCharCode(97 + Number(digit)))
    .join('')}`;
}

/** Registers a customer through the API as the administrator and answers its Sanad ID. */
async function registerCustomer(page: Page, firstName: string): Promise<string> {
  const login = await page.request.post('/api/users/login', { data: { email: ACCOUNTS.admin.email, password: PASSWORD } });
  expect(login.ok()).toBe(true);
  const { accessToken } = ((await login.json()) as { data: { accessToken: string } }).data;
  const stamp = `${Date.now()}`.slice(-8);
  const answer = await page.request.post('/api/customers/self-register', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: {
      basicInfo: {
        firstName,
        middleName: 'Noor',
        lastName: 'Siddiqui',
        dateOfBirth: '1984-04-12',
        nationalityId: 'PK',
        countryOfResidenceId: 'PK',
        genderId: 'female',
      },
      identityInfo: { type: 'passport', number: `PK${stamp}` },
      occupationInfo: { workTypeId: 'freelancer', industryId: 'construction' },
      pepDeclaration: { anyPublicPos: false, everPublicPosition: false, conviction: false },
      contactInfo: { email: `${firstName.toLowerCase()}@e2e.test`, phoneNumber: `+92301${stamp.slice(-7)}` },
      accountInfo: { products: ['savings'], isf2f: true },
    },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { data: { sanadId: string } }).data.sanadId;
}

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function confirm(page: Page, text: string, button: 'Archive' | 'Activate'): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(dialog).toContainText(text);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('finds a customer through advanced search, archives and restores it, and downloads the CSV export', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const firstName = uniqueName();
  const fullName = `${firstName} Noor Siddiqui`;
  const sanadId = await registerCustomer(page, firstName);
  await signIn(page, 'admin');
  await expectSignedIn(page);

  // Advanced search: a name part, gender and work type.
  await page.goto('/customer-profiles');
  await page.getByRole('link', { name: 'Advanced search' }).click();
  await expect(page).toHaveURL('/customer-profiles/advance-search');
  await expect(page.getByRole('heading', { name: 'Advanced search', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'First name', exact: true }).fill(firstName.slice(0, -1));
  await choose(page, 'Gender', 'Female');
  await choose(page, 'Work type', 'Freelancer');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/firstName=.*genderId=female.*workTypeId=freelancer/);
  const results = page.getByRole('table', { name: 'Search results' });
  const row = results.getByRole('row').filter({ hasText: sanadId });
  await expect(row).toBeVisible();
  await expect(row.locator('[data-indicator="low"], [data-indicator="medium"], [data-indicator="high"]')).toHaveCount(1);
  await screenshot(page, 'customer-search-1440-advanced');

  // The results are shared by their address: a fresh page at the same address shows them.
  const shared = await page.context().newPage();
  await shared.setViewportSize(PHONE);
  await shared.goto(page.url());
  await expect(shared.getByRole('table', { name: 'Search results' }).getByRole('row').filter({ hasText: sanadId })).toBeVisible();
  await expect(shared.getByRole('textbox', { name: 'First name', exact: true })).toHaveValue(firstName.slice(0, -1));
  await screenshot(shared, 'customer-search-390-advanced');
  await shared.close();

  // Archive from the results: the confirmation names the customer; it leaves the default results.
  await row.getByRole('button', { name: `Archive ${fullName}` }).click();
  await confirm(page, `Are you sure you want to archive ${fullName}?`, 'Archive');
  await expect(page.getByText('Customer archived successfully')).toBeVisible();
  await expect(results.getByRole('row').filter({ hasText: sanadId })).toHaveCount(0);

  // The list's archived filter shows it, marked archived; Activate restores it.
  await page.goto(`/customer-profiles?keyword=${sanadId}&status=archived`);
  const archivedRow = page.getByRole('row').filter({ hasText: sanadId });
  await expect(archivedRow).toBeVisible();
  await expect(archivedRow.locator('[data-badge="status"]').filter({ hasText: 'Archived' })).toBeVisible();
  await screenshot(page, 'customer-search-1440-archived');
  await archivedRow.getByRole('button', { name: `Activate ${fullName}` }).click();
  await confirm(page, `Are you sure you want to activate ${fullName}?`, 'Activate');
  await expect(page.getByText('Customer activated successfully')).toBeVisible();
  await page.goto(`/customer-profiles?keyword=${sanadId}`);
  await expect(page.getByRole('row').filter({ hasText: sanadId })).toBeVisible();

  // Export what is listed as CSV.
  await page.getByRole('button', { name: 'Export' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toContain('"sanad_id","full_name"');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`"${sanadId}","${fullName}"`);

  await page.setViewportSize(PHONE);
  await screenshot(page, 'customer-search-390-list');

  // The customer's compliance file from its page.
  await page.setViewportSize(DESKTOP);
  await page.getByRole('link', { name: sanadId }).click();
  await expect(page.getByRole('heading', { name: fullName, level: 1 })).toBeVisible();
  const pdfDownloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Compliance file (PDF)' }).click();
  const pdf = await pdfDownloading;
  expect(pdf.suggestedFilename()).toBe(`compliance-file-${sanadId}.pdf`);
  const bytes = await readFile(await pdf.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  // Every page of the file is a page object; the history alone needs at least the first.
  expect(bytes.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0).toBeGreaterThanOrEqual(1);
  await screenshot(page, 'customer-search-1440-profile');
});
