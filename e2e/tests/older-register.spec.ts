import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../axe';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../environment';
import { fakeCameraArgs, hasSharedFace } from '../fake-camera';
import { waitForMail } from '../mail-sink';
import { choose, expectNoSidewaysScroll, screenshot, signIn, signSignaturePanel, verifyContactByCode } from '../support';

// Solving the captcha, checking the video and completing (screened and rated on the server) take a while on a busy machine.
test.describe.configure({ timeout: 300_000 });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...fakeCameraArgs()] } });

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** Turns the older public form on or off in the onboarding configuration screen of the active segment. */
async function setPublicForm(page: Page, isOpen: boolean, shot?: string): Promise<void> {
  await page.goto('/configuration/on-boarding-configuration');
  const toggle = page.getByRole('switch', { name: /Open the registration form without a link/ });
  await expect(toggle).toBeVisible({ timeout: 30_000 });
  if ((await toggle.isChecked()) === isOpen) return;
  await toggle.setChecked(isOpen);
  if (shot) await screenshot(page, shot);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Onboarding configuration saved successfully').first()).toBeVisible();
}

/** The start screen: the captcha solves itself (ALTCHA at the production work factor), then the visitor starts. */
async function startWithCaptcha(page: Page): Promise<void> {
  const startButton = page.getByRole('button', { name: 'Start registration' });
  await expect(startButton).toBeEnabled({ timeout: 45_000 });
  await startButton.click();
}

test('a signed-out visitor registers through the older public form in six steps on a phone, and staff see the customer', async ({
  page,
  browser,
}) => {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const lastName = `Publicform${stamp.slice(-6)}`;
  const email = `huda.${stamp}@e2e.test`;
  const idNumber = `42201${stamp.slice(-8)}`;

  // Staff open the segment's registration form in the onboarding configuration.
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin');
  await expect(page.getByRole('combobox', { name: 'Active data segment' })).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => page.evaluate(() => localStorage.getItem('dataSegmentId') ?? '')).not.toBe('');
  const segment = await page.evaluate(() => localStorage.getItem('dataSegmentId') ?? '');
  await setPublicForm(page, true, 'older-register-1440-configuration');

  try {
    const context = await browser.newContext({ viewport: PHONE, bypassCSP: true });
    const customer = await context.newPage();
    const base = `/${segment}/register`;
    await customer.goto(base);
    // The start screen: a captcha before any journey exists; no sidebar, no sign-in.
    await expect(customer.getByRole('heading', { name: 'Complete your registration' })).toBeVisible();
    await expect(customer.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(customer.getByRole('button', { name: 'Start registration' })).toBeEnabled({ timeout: 45_000 });
    await screenshot(customer, 'older-register-390-0-start');
    expect(await seriousViolations(customer)).toEqual([]);
    await startWithCaptcha(customer);

    // Step 1: upload document (the index); the token is never in the address.
    await expect(customer.getByText('Step 1 of 6: Upload document')).toBeVisible({ timeout: 30_000 });
    expect(new URL(customer.url()).pathname).toBe(base);
    await screenshot(customer, 'older-register-390-1-upload-document');
    expect(await seriousViolations(customer)).toEqual([]);
    await expectNoSidewaysScroll(customer);
    await customer.getByRole('button', { name: 'Next' }).click();

    // Step 2: record video, with the fake camera when the shared face image is there.
    await expect(customer).toHaveURL(`${base}/record-video`);
    await expect(customer.getByText('Step 2 of 6: Record video')).toBeVisible();
    await expect(customer.getByRole('button', { name: 'Start recording' })).toBeVisible();
    if (hasSharedFace) {
      await customer.getByRole('button', { name: 'Start recording' }).click();
      await expect(customer.getByRole('button', { name: 'Stop' })).toBeEnabled({ timeout: 20_000 });
      await customer.getByRole('button', { name: 'Stop' }).click();
      await expect(customer.getByText(/^Liveness (passed|failed)$/)).toBeVisible({ timeout: 120_000 });
    }
    await screenshot(customer, 'older-register-390-2-record-video');
    await customer.getByRole('button', { name: 'Next' }).click();

    // Step 3: setup profile; a reload continues the journey (the token is in the tab's session storage).
    await expect(customer).toHaveURL(`${base}/setup-profile`);
    await customer.reload();
    await expect(customer.getByText('Step 3 of 6: Setup profile')).toBeVisible({ timeout: 30_000 });
    await textbox(customer, 'First name').fill('Huda');
    await textbox(customer, 'Last name').fill(lastName);
    await customer.getByLabel('Date of birth').fill('1992-05-17');
    await choose(customer, 'Nationality', 'Pakistan');
    await choose(customer, 'Country of residence', 'Pakistan');
    await choose(customer, 'ID type', 'National ID card');
    await textbox(customer, 'ID number').fill(idNumber);
    await textbox(customer, 'Phone number').fill('+92 321 1234567');
    await textbox(customer, 'Email').fill(email);
    await textbox(customer, 'Confirm email').fill(email);
    // The contact is proved with a one-time code (its own captcha) before the step can be left.
    await verifyContactByCode(customer, email);
    await screenshot(customer, 'older-register-390-3-setup-profile');
    expect(await seriousViolations(customer)).toEqual([]);
    await customer.getByRole('button', { name: 'Next' }).click();

    // Step 4: account info, then straight to the preview (no additional-info).
    await expect(customer).toHaveURL(`${base}/account-info`);
    await expect(customer.getByText('Step 4 of 6: Account info')).toBeVisible();
    await customer.getByRole('combobox', { name: 'Products' }).click();
    await customer.getByRole('option', { name: 'Savings account', exact: true }).click();
    await customer.keyboard.press('Escape');
    await screenshot(customer, 'older-register-390-4-account-info');
    await customer.getByRole('button', { name: 'Next' }).click();

    // Step 5: preview with the Signature Panel.
    await expect(customer).toHaveURL(`${base}/preview`);
    await expect(customer.getByText('Step 5 of 6: Preview')).toBeVisible();
    await expect(customer.getByRole('region', { name: 'Personal details' })).toContainText(lastName);
    // Each section leads back to its step, but there is no additional-info step to go to.
    await expect(customer.getByRole('link', { name: 'Edit Personal details' })).toBeVisible();
    await expect(customer.getByRole('link', { name: 'Edit Additional information' })).toHaveCount(0);
    await signSignaturePanel(customer, `Huda ${lastName}`, 'Self');
    await screenshot(customer, 'older-register-390-5-preview');
    expect(await seriousViolations(customer)).toEqual([]);
    await expectNoSidewaysScroll(customer);
    await customer.getByRole('button', { name: 'Submit registration' }).click();

    // Step 6: finish, with the reference.
    await expect(customer).toHaveURL(`${base}/finish`, { timeout: 120_000 });
    await expect(customer.getByRole('heading', { name: 'Thank you, your registration is complete' })).toBeVisible();
    const sanadId = (await customer.getByTestId('sanad-id').innerText()).trim();
    expect(sanadId).toMatch(/^SND-\d+$/);
    await screenshot(customer, 'older-register-390-6-finish');
    expect(await seriousViolations(customer)).toEqual([]);
    await expectNoSidewaysScroll(customer);

    // The same form on a wide screen: a new tab has no journey and starts at the captcha.
    const wide = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await wide.goto(`${base}/preview`);
    await startWithCaptcha(wide);
    await expect(wide).toHaveURL(`${base}/upload-document`);
    await expect(wide.getByRole('heading', { name: 'Upload document' })).toBeVisible({ timeout: 30_000 });
    await screenshot(wide, 'older-register-1440-1-upload-document');
    await wide.context().close();
    await context.close();

    // Staff find the customer among the public registrations, and the profile says how they came.
    const found = await page.evaluate(
      async ({ keyword }) => {
        const answer = await fetch(
          `/api/customers?dataSegmentId=${localStorage.getItem('dataSegmentId') ?? ''}&source=public-register&keyword=${keyword}`,
          { headers: { authorization: `Bearer ${localStorage.getItem('token') ?? ''}` } },
        );
        return ((await answer.json()) as { data: Array<{ _id: string }> }).data;
      },
      { keyword: sanadId },
    );
    expect(found).toHaveLength(1);
    await page.goto(`/customer-profiles/customer-information/${found[0]?._id ?? ''}`);
    await expect(page.getByRole('heading', { name: `Huda ${lastName}`, level: 1 })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('region', { name: 'Identity' })).toContainText(idNumber);
    await expect(page.getByText('Public registration').first()).toBeVisible();
    await screenshot(page, 'older-register-1440-staff-customer');
  } finally {
    await setPublicForm(page, false);
  }
});

test('a visitor closes the form after verifying their e-mail and continues on another device from the link e-mailed to them', async ({
  page,
  browser,
}) => {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const lastName = `Continued${stamp.slice(-6)}`;
  const email = `sana.${stamp}@e2e.test`;

  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin');
  await expect(page.getByRole('combobox', { name: 'Active data segment' })).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => page.evaluate(() => localStorage.getItem('dataSegmentId') ?? '')).not.toBe('');
  const segment = await page.evaluate(() => localStorage.getItem('dataSegmentId') ?? '');
  await setPublicForm(page, true);

  try {
    const base = `/${segment}/register`;
    // The first device: a phone, up to the verified contact.
    const first = await browser.newContext({ viewport: PHONE, bypassCSP: true });
    const phone = await first.newPage();
    await phone.goto(base);
    await expect(phone.getByText(/we send you a link to continue on another device/)).toBeVisible();
    await startWithCaptcha(phone);
    await expect(phone.getByText('Step 1 of 6: Upload document')).toBeVisible({ timeout: 30_000 });
    await phone.getByRole('button', { name: 'Next' }).click();
    await expect(phone).toHaveURL(`${base}/record-video`);
    if (hasSharedFace) {
      await phone.getByRole('button', { name: 'Start recording' }).click();
      await expect(phone.getByRole('button', { name: 'Stop' })).toBeEnabled({ timeout: 20_000 });
      await phone.getByRole('button', { name: 'Stop' }).click();
      await expect(phone.getByText(/^Liveness (passed|failed)$/)).toBeVisible({ timeout: 120_000 });
    }
    await phone.getByRole('button', { name: 'Next' }).click();
    await expect(phone.getByText('Step 3 of 6: Setup profile')).toBeVisible({ timeout: 30_000 });
    await textbox(phone, 'First name').fill('Sana');
    await textbox(phone, 'Last name').fill(lastName);
    await phone.getByLabel('Date of birth').fill('1990-03-02');
    await choose(phone, 'Nationality', 'Pakistan');
    await choose(phone, 'Country of residence', 'Pakistan');
    await choose(phone, 'ID type', 'National ID card');
    await textbox(phone, 'ID number').fill(`42301${stamp.slice(-8)}`);
    await textbox(phone, 'Phone number').fill('+92 321 7654321');
    await textbox(phone, 'Email').fill(email);
    await textbox(phone, 'Confirm email').fill(email);
    await verifyContactByCode(phone, email);
    const leftAt = Date.now();
    await phone.getByRole('button', { name: 'Next' }).click();
    // Leaving setup-profile sends the verified address the continue link, and the page says where it went.
    await expect(phone).toHaveURL(`${base}/account-info`);
    await expect(phone.getByTestId('continue-link-sent')).toContainText(`sa***@e2e.test`);
    await screenshot(phone, 'older-register-390-continue-link-sent');
    expect(await seriousViolations(phone)).toEqual([]);
    // The tab is closed: its session storage, and the token in it, are gone.
    await first.close();

    // The e-mail arrives through the outbox and the loopback SMTP sink.
    const mail = await waitForMail(email, 'Continue your registration', 60_000);
    expect(Date.now()).toBeGreaterThanOrEqual(leftAt);
    const found = new RegExp(`https?://[^\\s"<>]+(/${segment}/register#continue=[A-Za-z0-9_-]{43})`).exec(mail.text.replace(/=\r?\n/g, ''));
    expect(found?.[1]).toBeTruthy();

    // Another device (a new browser context, nothing shared) opens it: the same journey, at its next step.
    const second = await browser.newContext({ viewport: DESKTOP, bypassCSP: true });
    const laptop = await second.newPage();
    await laptop.goto(found?.[1] ?? '');
    await expect(laptop).toHaveURL(`${base}/account-info`, { timeout: 30_000 });
    await expect(laptop.getByRole('heading', { name: 'Account info', level: 2 })).toBeVisible();
    // The token left the address at once.
    expect(new URL(laptop.url()).hash).toBe('');
    await screenshot(laptop, 'older-register-1440-continued-account-info');
    // What the phone saved is there.
    await laptop.getByRole('button', { name: 'Back' }).click();
    await expect(laptop).toHaveURL(`${base}/setup-profile`);
    await expect(textbox(laptop, 'Last name')).toHaveValue(lastName);
    await expect(textbox(laptop, 'Email')).toHaveValue(email);
    await second.close();

    // Knowing only the form's address gives a stranger nothing of the journey: a new one, after a captcha.
    const stranger = await (await browser.newContext({ viewport: PHONE })).newPage();
    await stranger.goto(`${base}/account-info`);
    await expect(stranger.getByRole('button', { name: 'Start registration' })).toBeVisible({ timeout: 30_000 });
    await expect(stranger.getByText('Step 4 of 6: Account info')).toHaveCount(0);
    await stranger.context().close();
  } finally {
    await setPublicForm(page, false);
  }
});

test('a closed registration form shows one clear page after the captcha', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE });
  const visitor = await context.newPage();
  await visitor.goto('/00000000-0000-4000-8000-000000000000/register');
  await startWithCaptcha(visitor);
  await expect(visitor.getByText('This registration is not open. Ask the organisation for a registration link.')).toBeVisible();
  await screenshot(visitor, 'older-register-390-closed');
  await context.close();
});
