import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { chooseFile, expectSignedIn, screenshot, signIn } from '../support';

// Registering screens the company and every parent and rates it on the server; a busy machine needs the time.
test.describe.configure({ timeout: 240_000 });

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const SLOW = { timeout: 90_000 };

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);
}

function pdf(folder: string, name: string): string {
  const file = path.join(folder, name);
  writeFileSync(file, '%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');
  return file;
}

/** On the step's page, drawn: its own heading is shown (a click before that would reach the previous step's buttons). */
async function atStep(page: Page, step: string, heading: string): Promise<void> {
  await expect(page).toHaveURL(`/self-register-company/${step}`, SLOW);
  await expect(page.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible(SLOW);
}

async function addParent(page: Page, parent: { entity?: boolean; name: string; roles: string[]; shareholding?: string }): Promise<void> {
  const form = page.getByRole('form', { name: 'Add a parent' });
  await form.getByText(parent.entity ? 'Company / entity' : 'Person', { exact: true }).click();
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(parent.name);
  await form.getByRole('combobox', { name: 'Roles' }).click();
  for (const role of parent.roles) await page.getByRole('option', { name: role, exact: true }).click();
  await page.keyboard.press('Escape');
  if (parent.shareholding) await form.getByRole('textbox', { name: 'Shareholding (%)' }).fill(parent.shareholding);
  await form.getByRole('button', { name: 'Add parent' }).click();
  await expect(page.getByRole('table', { name: 'Parents' }).getByText(parent.name, { exact: true })).toBeVisible();
}

test('a KYB account registers a company in five steps numbered 1, 3, 4, 5, 6, with its documents and parents', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin');
  await expectSignedIn(page);
  const stamp = `${Date.now()}`.slice(-8);
  const legalName = `Harbour Logistics ${stamp} LLC`;
  const folder = mkdtempSync(path.join(tmpdir(), 'sanad-company-'));

  // The sidebar offers it under Self Service Onboarding; the index is the upload step.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Self Service Onboarding' }).click();
  await nav.getByRole('link', { name: 'Company Onboarding' }).filter({ visible: true }).click();
  await expect(page).toHaveURL('/self-register-company/upload-document', SLOW);
  await page.goto('/self-register-company');
  await expect(page.getByRole('heading', { name: 'Company Self Service Onboarding' })).toBeVisible(SLOW);
  for (const [number, label] of [
    [1, 'Upload documents'],
    [3, 'Setup profile'],
    [4, 'Account info'],
    [5, 'Preview'],
    [6, 'Finish'],
  ] as const) {
    await expect(page.getByRole('button', { name: `Step ${number}: ${label}` })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: /^Step 2:/ })).toHaveCount(0);

  // Step 1 needs the certificate of incorporation.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Upload the certificate of incorporation').first()).toBeVisible();
  await chooseFile(page, 'Certificate of incorporation', pdf(folder, 'certificate.pdf'));
  await expect(page.getByText('Uploaded: certificate.pdf')).toBeVisible(SLOW);
  await chooseFile(page, 'Trade licence', pdf(folder, 'licence.pdf'));
  await expect(page.getByText('Uploaded: licence.pdf')).toBeVisible(SLOW);
  await screenshot(page, 'self-register-company-upload-1440');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: the company's profile.
  await atStep(page, 'setup-profile', 'Setup profile');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Legal name is required').first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Legal name', exact: true }).fill(legalName);
  await page.getByRole('textbox', { name: 'Registration number', exact: true }).fill(`HL-${stamp}`);
  await page.getByRole('textbox', { name: 'Expected activity' }).fill('Freight payments, about AED 1m a month');
  await screenshot(page, 'self-register-company-profile-1440');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 4: directors, shareholders with their percentage, signatories.
  await atStep(page, 'account-info', 'Account info');
  await addParent(page, { name: 'Layla Haddad', roles: ['Director', 'Shareholder'], shareholding: '60' });
  await addParent(page, { entity: true, name: 'Gulf Holdings Ltd', roles: ['Shareholder'], shareholding: '40' });
  await addParent(page, { name: 'Omar Saleh', roles: ['Authorised signatory'] });
  await expect(page.getByText('Shares recorded:')).toContainText('100%');
  await screenshot(page, 'self-register-company-parents-1440');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 5: everything, with a way back to each part.
  await atStep(page, 'preview', 'Preview');
  await expect(page.getByText(legalName)).toBeVisible();
  await expect(page.getByText('certificate.pdf')).toBeVisible();
  await expect(page.getByText('Layla Haddad', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Edit company profile' }).click();
  await atStep(page, 'setup-profile', 'Setup profile');
  await expect(page.getByRole('textbox', { name: 'Legal name', exact: true })).toHaveValue(legalName);
  await page.goto('/self-register-company/preview');
  await atStep(page, 'preview', 'Preview');
  await screenshot(page, 'self-register-company-preview-1440');
  await page.getByRole('button', { name: 'Register company' }).click();

  // Step 6: the result, and the company's profile with its documents and parents.
  await atStep(page, 'finish', 'Finish');
  await expect(page.getByRole('heading', { name: `${legalName} is registered` })).toBeVisible();
  await expect(page.getByText('2 documents stored')).toBeVisible();
  await screenshot(page, 'self-register-company-finish-1440');
  await page.getByRole('link', { name: 'Open the company profile' }).click();
  await expect(page).toHaveURL(/\/company-profiles\/company-information\/[0-9a-f-]{36}$/);
  const companyId = page.url().split('/').pop() ?? '';
  await expect(page.getByRole('table', { name: 'Parents' }).getByText('Gulf Holdings Ltd')).toBeVisible(SLOW);
  await page.goto(`/company-profiles/document-verification/${companyId}`);
  const documents = page.getByRole('table', { name: 'Company documents' });
  await expect(documents.getByRole('row', { name: /Certificate of incorporation/ })).toContainText('certificate.pdf', SLOW);
  await expect(documents.getByRole('row', { name: /Register of members/ })).toContainText('Not received');

  // On a phone: the compact step header counts to 6, and nothing runs off the side.
  await page.setViewportSize(PHONE);
  await page.goto('/self-register-company');
  await expect(page.getByRole('heading', { level: 2, name: 'Upload documents' })).toBeVisible(SLOW);
  await expect(page.getByText('Step 1 of 6: Upload documents')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'self-register-company-upload-390');
  await chooseFile(page, 'Certificate of incorporation', pdf(folder, 'certificate-2.pdf'));
  await expect(page.getByText('Uploaded: certificate-2.pdf')).toBeVisible(SLOW);
  await page.getByRole('button', { name: 'Next' }).click();
  await atStep(page, 'setup-profile', 'Setup profile');
  await expect(page.getByText('Step 3 of 6: Setup profile')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'self-register-company-profile-390');
  await page.getByRole('textbox', { name: 'Legal name', exact: true }).fill(`Phone Traders ${stamp} LLC`);
  await page.getByRole('textbox', { name: 'Registration number', exact: true }).fill(`PT-${stamp}`);
  await page.getByRole('button', { name: 'Next' }).click();
  await atStep(page, 'account-info', 'Account info');
  await expect(page.getByText('Step 4 of 6: Account info')).toBeVisible();
  await addParent(page, { name: 'Nadia Karim', roles: ['Director'] });
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'self-register-company-parents-390');
  await page.getByRole('button', { name: 'Next' }).click();
  await atStep(page, 'preview', 'Preview');
  await expect(page.getByText('Step 5 of 6: Preview')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'self-register-company-preview-390');
  await page.getByRole('button', { name: 'Register company' }).click();
  await atStep(page, 'finish', 'Finish');
  await expect(page.getByText('Step 6 of 6: Finish')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Phone Traders ${stamp} LLC is registered` })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'self-register-company-finish-390');
});

test('an account without the kyb flag is taken to individual onboarding and sees no company entries', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'kyc');
  await expectSignedIn(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Self Service Onboarding' })).toHaveAttribute('href', '/self-register/upload-document');
  await expect(nav.getByText('Company Onboarding')).toHaveCount(0);

  await page.goto('/self-register-company/setup-profile');
  await expect(page).toHaveURL('/self-register/upload-document', SLOW);
  await expect(page.getByText(/Company onboarding is not enabled for your account/)).toBeVisible();
  await page.goto('/register-company');
  await expect(page).toHaveURL('/register-customer', SLOW);
  await expect(page.getByText(/Company onboarding is not enabled for your account/)).toBeVisible();
  await screenshot(page, 'self-register-company-no-kyb-1440');
});
