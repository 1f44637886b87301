import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { seriousViolations } from '../axe';
import { MAIL_DIR, waitForMail } from '../mail-sink';
import { choose, expectNoSidewaysScroll, screenshot, signIn, signSignaturePanel, verifyContactByCode } from '../support';

// Completing a registration screens and rates the customer on the server; a busy machine needs the time.
test.describe.configure({ timeout: 240_000 });

const PHONE = { width: 390, height: 844 };

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** A customer opens their link on a phone, signed in to nothing. */
async function phone(browser: Browser): Promise<Page> {
  // The accessibility scans inject axe-core, which the app's content security policy would refuse.
  const context = await browser.newContext({ viewport: PHONE, bypassCSP: true });
  return context.newPage();
}

test('staff send a deep link, the customer completes it on a phone (continuing on a second device), and staff see the customer', async ({
  page,
  browser,
}) => {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const lastName = `Deeplink${stamp.slice(-6)}`;
  const email = `noor.${stamp}@e2e.test`;
  const idNumber = `42101${stamp.slice(-8)}`;

  // Staff: Deep Link Onboarding, step 1 (setup profile), then finish.
  await page.setViewportSize(PHONE);
  await signIn(page, 'admin');
  await page.waitForURL((url) => url.pathname !== '/');
  await page.goto('/register-customer');
  await expect(page.getByRole('heading', { name: 'Deep Link Onboarding' })).toBeVisible();
  await expect(page.getByText('Step 1 of 2: Setup profile')).toBeVisible();
  await textbox(page, 'First name').fill('Noor');
  await textbox(page, 'Last name').fill(lastName);
  await textbox(page, 'Email').fill(email);
  await screenshot(page, 'deep-link-390-staff-1-setup-profile');
  await expectNoSidewaysScroll(page);
  const sentAt = Date.now();
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page).toHaveURL('/register-customer/finish');
  await expect(page.getByRole('heading', { name: 'Link sent' })).toBeVisible();
  await expect(page.getByTestId('temp-status')).toHaveText('Sent');
  await screenshot(page, 'deep-link-390-staff-2-finish');

  // The e-mail arrives through the outbox and the loopback SMTP sink.
  const mail = await waitForMail(email, 'Complete your registration', 60_000);
  expect(Date.now()).toBeGreaterThanOrEqual(sentAt);
  const text = mail.text.replace(/=\r?\n/g, '');
  const found = /https?:\/\/[^\s"<>]+\/([0-9a-f-]{36})\/([A-Za-z0-9_-]{43})\/deep-register/.exec(text);
  expect(found).not.toBeNull();
  const linkPath = new URL(found?.[0] ?? '').pathname;

  // The customer, on a phone: no sign-in, no sidebar.
  const customer = await phone(browser);
  await customer.goto(linkPath);
  await expect(customer.getByRole('heading', { name: 'Complete your registration' })).toBeVisible();
  await expect(customer.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(customer.getByText('Step 1 of 7: Upload document')).toBeVisible();
  await screenshot(customer, 'deep-link-390-customer-1-upload-document');
  expect(await seriousViolations(customer)).toEqual([]);
  await expectNoSidewaysScroll(customer);
  await customer.getByRole('button', { name: 'Next' }).click();
  await expect(customer).toHaveURL(`${linkPath}/record-video`);
  await expect(customer.getByRole('button', { name: 'Start recording' })).toBeVisible();
  await screenshot(customer, 'deep-link-390-customer-2-record-video');
  expect(await seriousViolations(customer)).toEqual([]);
  // The camera journey is tested on its own (customers-video.spec.ts): here the video is left for later.
  await customer.getByRole('button', { name: 'Next' }).click();
  await expect(customer).toHaveURL(`${linkPath}/setup-profile`);
  // What staff entered is already filled in.
  await expect(textbox(customer, 'First name')).toHaveValue('Noor');
  await expect(textbox(customer, 'Last name')).toHaveValue(lastName);
  await expect(textbox(customer, 'Email')).toHaveValue(email);
  await textbox(customer, 'Father name').fill('Imran Siddiqui');
  await customer.getByLabel('Date of birth').fill('1991-07-22');
  await choose(customer, 'Nationality', 'Pakistan');
  await choose(customer, 'Country of residence', 'Pakistan');
  await choose(customer, 'ID type', 'National ID card');
  await textbox(customer, 'ID number').fill(idNumber);
  await choose(customer, 'Work type', 'Salaried (private sector)');
  await textbox(customer, 'Phone number').fill('+92 321 7654321');
  // The contact is proved with a one-time code before the step can be left.
  await customer.getByRole('button', { name: 'Next' }).click();
  await expect(customer.getByText('Please verify your email with the OTP we send to it before you continue').first()).toBeVisible();
  await expect(customer).toHaveURL(`${linkPath}/setup-profile`);
  await verifyContactByCode(customer, email);
  await screenshot(customer, 'deep-link-390-customer-3-setup-profile');
  expect(await seriousViolations(customer)).toEqual([]);
  await customer.getByRole('button', { name: 'Next' }).click();
  await expect(customer).toHaveURL(`${linkPath}/account-info`);
  await customer.context().close();

  // A second device with only the link continues where the first stopped (saved on the server).
  const second = await phone(browser);
  await second.goto(linkPath);
  await expect(second).toHaveURL(`${linkPath}/account-info`);
  await expect(second.getByText('Step 4 of 7: Account info')).toBeVisible();
  await second.getByRole('combobox', { name: 'Products' }).click();
  await second.getByRole('option', { name: 'Savings account', exact: true }).click();
  await second.keyboard.press('Escape');
  await screenshot(second, 'deep-link-390-customer-4-account-info');
  expect(await seriousViolations(second)).toEqual([]);
  await second.getByRole('button', { name: 'Next' }).click();
  await expect(second).toHaveURL(`${linkPath}/additional-info`);
  await expect(second.getByText('Step 5 of 7: Additional info')).toBeVisible();
  await screenshot(second, 'deep-link-390-customer-5-additional-info');
  expect(await seriousViolations(second)).toEqual([]);
  await second.getByRole('button', { name: 'Next' }).click();
  await expect(second).toHaveURL(`${linkPath}/preview`);
  // The first device's answers came with the link.
  await expect(second.getByRole('region', { name: 'Personal details' })).toContainText(lastName);
  await expect(second.getByRole('region', { name: 'Identity' })).toContainText(idNumber);
  await screenshot(second, 'deep-link-390-customer-6-preview');
  expect(await seriousViolations(second)).toEqual([]);
  await expectNoSidewaysScroll(second);
  // The customer signs on their phone: the panel is required, drawn with a finger (here the mouse).
  await second.getByRole('button', { name: 'Submit registration' }).click();
  await expect(second.getByText('Signature is required').first()).toBeVisible();
  await signSignaturePanel(second, `Amina ${lastName}`, 'Self');
  await screenshot(second, 'deep-link-390-customer-6-signed');
  expect(await seriousViolations(second)).toEqual([]);
  await expectNoSidewaysScroll(second);
  await second.getByRole('button', { name: 'Submit registration' }).click();
  await expect(second).toHaveURL(`${linkPath}/finish`, { timeout: 90_000 });
  await expect(second.getByRole('heading', { name: 'Thank you, your registration is complete' })).toBeVisible();
  const sanadId = (await second.getByTestId('sanad-id').innerText()).trim();
  expect(sanadId).toMatch(/^SND-\d+$/);
  await screenshot(second, 'deep-link-390-customer-7-finish');
  expect(await seriousViolations(second)).toEqual([]);

  // The link is used up: opened again, it shows one clear page and nothing of the registration.
  const third = await phone(browser);
  await third.goto(linkPath);
  await expect(third.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
  await expect(third.getByText(lastName)).toHaveCount(0);
  await screenshot(third, 'deep-link-390-customer-used-link');

  // Staff: the temp customer is completed and leads to the registered customer.
  await page.goto('/customer-profiles/temp-customers');
  await expect(page.getByRole('heading', { name: 'Temp Customers' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search' }).fill(lastName);
  await page.getByRole('textbox', { name: 'Search' }).press('Enter');
  const table = page.getByRole('table', { name: 'Temp customers' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Completed');
  await expect(table).toContainText(sanadId);
  await screenshot(page, 'deep-link-390-staff-3-temp-customers');
  await table.getByRole('link', { name: `Noor ${lastName}` }).click();
  await expect(page).toHaveURL(/\/customer-profiles\/temp-customer-information\//);
  await expect(page.getByTestId('temp-status')).toHaveText('Completed');
  await expect(page.getByRole('button', { name: 'Resend link' })).toHaveCount(0);
  await screenshot(page, 'deep-link-390-staff-4-temp-customer');
  await page.getByTestId('temp-customer-sanad-id').click();
  await expect(page.getByRole('heading', { name: `Noor ${lastName}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Identity' })).toContainText(idNumber);
  await screenshot(page, 'deep-link-390-staff-5-customer');
});

test("at 1440 px: staff send a link, revoke it, and the customer's link then shows one clear page", async ({ page, browser }) => {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const lastName = `Widelink${stamp.slice(-6)}`;
  const email = `omar.${stamp}@e2e.test`;
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin');
  const nav = page.getByRole('navigation', { name: 'Main' });
  // The administrator's account is a KYB one: the entry is a dropdown with the individual onboarding in it.
  await nav.getByRole('button', { name: 'Deep Link Onboarding' }).click();
  await nav.getByRole('link', { name: 'Individual Onboarding' }).click();
  await expect(page).toHaveURL('/register-customer');
  await textbox(page, 'First name').fill('Omar');
  await textbox(page, 'Last name').fill(lastName);
  await textbox(page, 'Email').fill(email);
  await screenshot(page, 'deep-link-1440-staff-1-setup-profile');
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('heading', { name: 'Link sent' })).toBeVisible();
  await screenshot(page, 'deep-link-1440-staff-2-finish');
  const mail = await waitForMail(email, 'Complete your registration', 60_000);
  const found = /https?:\/\/[^\s"<>]+\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{43}\/deep-register/.exec(mail.text.replace(/=\r?\n/g, ''));
  const linkPath = new URL(found?.[0] ?? '').pathname;

  const customer = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await customer.goto(linkPath);
  await expect(customer.getByRole('heading', { name: 'Upload document' })).toBeVisible();
  await screenshot(customer, 'deep-link-1440-customer-1-upload-document');

  await page.getByRole('link', { name: 'Open the temp customer' }).click();
  await expect(page.getByTestId('temp-status')).toHaveText('Opened');
  await page.getByRole('button', { name: 'Revoke link' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke link' }).click();
  await expect(page.getByTestId('temp-status')).toHaveText('Revoked');
  await screenshot(page, 'deep-link-1440-staff-3-temp-customer-revoked');
  await page.goto('/customer-profiles/temp-customers');
  await expect(page.getByRole('table', { name: 'Temp customers' })).toBeVisible();
  await screenshot(page, 'deep-link-1440-staff-4-temp-customers');

  // The customer's next step is refused: the page becomes the one clear page.
  await customer.getByRole('button', { name: 'Next' }).click();
  await expect(customer.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
  await screenshot(customer, 'deep-link-1440-customer-revoked');
});

test('a wrong token shows one clear page and nothing else', async ({ browser }) => {
  const customer = await phone(browser);
  await customer.goto('/00000000-0000-4000-8000-000000000000/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/deep-register');
  await expect(customer.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
  await expect(customer.getByRole('button', { name: 'Next' })).toHaveCount(0);
});

/** The HTML part of the newest e-mail to `to`, decoded from the .eml the sink wrote (base64 or quoted-printable, UTF-8). */
function newestHtmlTo(to: string): string {
  const raws = readdirSync(MAIL_DIR)
    .filter((file) => file.endsWith('.eml'))
    .toSorted()
    .map((file) => readFileSync(path.join(MAIL_DIR, file), 'utf8'))
    .filter((raw) => new RegExp(`^X-Envelope-To: ${to.replace(/[.+]/g, '\\$&')}\\s*$`, 'mi').test(raw));
  const raw = raws.at(-1) ?? '';
  for (const part of raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
    if (!/content-type:\s*text\/html/i.test(head)) continue;
    const body = rest.join('\n\n').replace(/\r?\n--[^\r\n]*--\s*$/, '');
    if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8');
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return '';
}

test('staff send the link in Arabic: the e-mail reads right to left', async ({ page }) => {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `rania.${stamp}@e2e.test`;
  await page.setViewportSize(PHONE);
  await signIn(page, 'admin');
  await page.waitForURL((url) => url.pathname !== '/');
  await page.goto('/register-customer');
  await expect(page.getByText('Step 1 of 2: Setup profile')).toBeVisible();
  await textbox(page, 'First name').fill('Rania');
  await textbox(page, 'Last name').fill(`Arabic${stamp.slice(-6)}`);
  await textbox(page, 'Email').fill(email);
  await choose(page, 'Language of the message', 'Arabic (العربية)');
  await screenshot(page, 'deep-link-390-staff-arabic-message');
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('heading', { name: 'Link sent' })).toBeVisible();
  await waitForMail(email, '', 60_000);
  const html = newestHtmlTo(email);
  expect(html).toContain('<div lang="ar" dir="rtl"');
  expect(html).toContain('أكمل تسجيلك');
  expect(html).toMatch(/\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{43}\/deep-register/);
});
