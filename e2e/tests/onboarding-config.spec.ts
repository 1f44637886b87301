import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../axe';
import { expectSignedIn, screenshot, signIn, signSignaturePanel } from '../support';

// The accessibility scans inject axe-core, which the app's content security policy would refuse.
test.use({ bypassCSP: true });

// Registering and editing run screening and rating on the server; a busy machine needs the time.
test.describe.configure({ timeout: 240_000 });

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * Puts the active segment's onboarding configuration back to the defaults, whatever the test left,
 * so the other browser tests register customers under the configuration they expect.
 */
async function restoreDefaults(page: Page): Promise<void> {
  const status = await page.evaluate(async () => {
    const token = localStorage.getItem('token');
    const segment = localStorage.getItem('dataSegmentId');
    if (!token || !segment) return 0;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const current = (await (await fetch(`/api/configurations/ocr/${segment}`, { headers })).json()) as { data: { version: number } };
    const answer = await fetch(`/api/configurations/ocr/${segment}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({
        version: current.data.version,
        settings: {
          useOcr: true,
          restrictDuplicateCustomers: true,
          isIndustrial: false,
          isTaxIdRequired: false,
          isTaxIdMandatory: false,
          taxIdNote: '',
          idDocumentExpiryNote: '',
          cardTypeOverride: false,
          ocrStatus: { front: true, back: true },
          acceptedCardTypes: { front: [], back: [] },
          addressProofDocumentTypes: ['Utility bill', 'Bank statement', 'Tenancy agreement'],
          isShowGuide: true,
          linkLifetimeDays: 7,
          linkChannels: ['email'],
        },
      }),
    });
    return answer.status;
  });
  expect(status).toBe(200);
}

let isConfigurationChanged = false;

// Runs even when a test fails or times out, while its page is still open.
test.afterEach(async ({ page }) => {
  if (!isConfigurationChanged) return;
  await restoreDefaults(page);
  isConfigurationChanged = false;
});

test('an administrator turns OCR off and requires the tax ID; self-register follows; the customer is edited into a new version', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin');
  await expectSignedIn(page);
  // The configuration home lists the page; its secondary navigation leads to it too.
  await page.goto('/configuration');
  await page
    .getByTestId('configuration-home')
    .getByRole('link', { name: /Onboarding configuration/ })
    .click();
  await expect(page).toHaveURL('/configuration/on-boarding-configuration');
  await expect(page).toHaveTitle('Sanad | Onboarding Configuration');
  await expect(
    page.getByRole('navigation', { name: 'Configuration' }).getByRole('link', { name: 'Onboarding configuration' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'Document reading' })).toBeVisible();
  await screenshot(page, 'onboarding-config-1440');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('switch', { name: 'Read the document (OCR)' }).uncheck();
  await expect(page.getByRole('checkbox', { name: 'Read the front' })).toBeDisabled();
  await page.getByRole('switch', { name: 'Ask for the tax ID' }).check();
  await page.getByRole('switch', { name: 'Tax ID is mandatory' }).check();
  await page.getByRole('textbox', { name: 'Tax ID note' }).fill('Your NTN as printed on the certificate');
  await page.getByRole('textbox', { name: 'Link lifetime (days)' }).fill('5');
  const proofTypes = page.getByRole('combobox', { name: 'Proof of address document types' });
  await proofTypes.fill('Council tax bill');
  await proofTypes.press('Enter');
  isConfigurationChanged = true;
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Onboarding configuration saved successfully').first()).toBeVisible();

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Read the document (OCR)' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Tax ID is mandatory' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Link lifetime (days)' })).toHaveValue('5');
  await expect(page.getByText(/^Version \d+, saved by /)).toBeVisible();

  // Self-register follows: the guide, no reading, the tax ID asked and required, with its note.
  const stamp = `${Date.now()}`.slice(-8);
  const lastName = `Configtest${stamp}`;
  const email = `config.${stamp}@e2e.test`;
  await page.goto('/self-register');
  await expect(page.getByTestId('step-guide')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload document', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Read document', exact: true })).toHaveCount(0);
  await expect(page.getByText('Document reading is off for this data segment')).toBeVisible();
  await page.getByRole('combobox', { name: 'Proof of address document type' }).click();
  await expect(page.getByRole('option', { name: 'Council tax bill' })).toBeVisible();
  await page.keyboard.press('Escape');
  await screenshot(page, 'onboarding-config-self-register-upload-1440');

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Record video', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Setup profile', level: 2 })).toBeVisible();
  await textbox(page, 'First name').fill('Amina');
  await textbox(page, 'Last name').fill(lastName);
  await page.getByLabel('Date of birth').fill('1986-03-14');
  await choose(page, 'Nationality', 'Pakistan');
  await choose(page, 'Country of residence', 'Pakistan');
  await choose(page, 'ID type', 'National ID card');
  await textbox(page, 'ID number').fill(`35202${stamp}`);
  await textbox(page, 'Phone number').fill('+92 300 1234567');
  await textbox(page, 'Email').fill(email);
  await textbox(page, 'Confirm email').fill(email);
  await expect(page.getByText('Your NTN as printed on the certificate')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Tax ID is required')).toBeVisible();
  await expect(page).toHaveURL('/self-register/setup-profile');
  await screenshot(page, 'onboarding-config-tax-id-required-1440');
  await textbox(page, 'Tax ID').fill('NTN-7654321');
  await page.getByRole('button', { name: 'Next' }).click();
  // Each step is on screen before its Next is pressed: a press during the change of step is lost.
  for (const [path, heading] of [
    ['account-info', 'Account info'],
    ['additional-info', 'Additional info'],
    ['preview', 'Preview'],
  ] as const) {
    if (path !== 'account-info') await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(`/self-register/${path}`);
    await expect(page.getByRole('heading', { name: heading, level: 2, exact: true })).toBeVisible();
  }
  await signSignaturePanel(page, `Amina ${lastName}`);
  await page.getByRole('button', { name: 'Register customer' }).click();
  await expect(page).toHaveURL('/self-register/finish', { timeout: 60_000 });
  await page.getByRole('link', { name: 'Open profile' }).click();
  await expect(page.getByRole('heading', { name: `Amina ${lastName}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Occupation' })).toContainText('NTN-7654321');

  // Edit profile: the registration's steps on the stored record, saved as version 2.
  await page.getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page).toHaveURL(/\/customer-profiles\/edit-profile\/setup-profile\/[0-9a-f-]+$/);
  await expect(page).toHaveTitle('Sanad | Edit Customer Setup Profile');
  await expect(page.getByRole('heading', { name: 'Edit Customer Setup Profile' })).toBeVisible();
  await expect(textbox(page, 'Last name')).toHaveValue(lastName);
  await expect(textbox(page, 'Tax ID')).toHaveValue('NTN-7654321');
  await textbox(page, 'Middle name').fill('Bibi');
  await textbox(page, 'Tax ID').fill('NTN-1112223');
  await screenshot(page, 'edit-profile-setup-1440');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Customer Account Info' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Customer Additional Info' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Preview Details' })).toBeVisible();
  await expect(page).toHaveTitle('Sanad | Preview Details');
  await expect(page.getByRole('region', { name: 'Personal details' })).toContainText('Bibi');
  await screenshot(page, 'edit-profile-preview-1440');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/customer-profiles\/edit-profile\/finish\//, { timeout: 60_000 });
  await expect(page.getByRole('heading', { name: 'Profile saved' })).toBeVisible();
  await expect(page.getByTestId('saved-version')).toHaveText('2');
  await page.getByRole('link', { name: 'Open profile' }).click();
  await expect(page.getByRole('heading', { name: `Amina Bibi ${lastName}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Occupation' })).toContainText('NTN-1112223');
  await expect(page.getByText('Version 2')).toBeVisible();
  await expect(page.getByText(/Changed: .*basicInfo\.middleName/)).toBeVisible();
  await screenshot(page, 'edit-profile-saved-profile-1440');
});

test.describe('on a phone', () => {
  test('the onboarding configuration and edit profile fit a phone (390 px)', async ({ page }) => {
    await signIn(page, 'admin');
    await expectSignedIn(page);
    // The newest customer of the list (the list is a table from a tablet up), then a phone.
    await page.setViewportSize(DESKTOP);
    await page.goto('/customer-profiles');
    const profile = await page.getByRole('table', { name: 'Customers' }).getByRole('link').first().getAttribute('href');
    expect(profile).toMatch(/\/customer-profiles\/customer-information\//);
    await page.setViewportSize(PHONE);
    await page.goto('/configuration/on-boarding-configuration');
    await expect(page.getByRole('heading', { name: 'Journey and links' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'onboarding-config-390');

    await page.goto(profile ?? '/customer-profiles');
    await page.getByRole('link', { name: 'Edit Profile' }).click();
    await expect(page.getByRole('heading', { name: 'Edit Customer Setup Profile' })).toBeVisible();
    await expect(page.getByText(/^Step 3 of 7: Setup Profile$/)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'edit-profile-setup-390');
    for (const title of ['Edit Customer Account Info', 'Edit Customer Additional Info', 'Preview Details']) {
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'edit-profile-preview-390');
  });
});
