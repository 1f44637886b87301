import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, PASSWORD } from '../environment';
import { expectSignedIn, readNewestCode, screenshot, signIn } from '../support';

const NEW_PASSWORD = 'E2e-newpass2';
// ALTCHA solves its proof of work in the browser at the production work factor.
const CAPTCHA_TIMEOUT = 45_000;

/** A request held back until the test opens the gate, to look at the screen while it waits. */
async function holdRequests(page: Page, pattern: string): Promise<{ open: () => void; bodies: unknown[] }> {
  const resolvers: Array<() => void> = [];
  const opened = new Promise<void>((resolve) => {
    resolvers.push(resolve);
  });
  const bodies: unknown[] = [];
  await page.route(pattern, async (route) => {
    bodies.push(route.request().postDataJSON());
    await opened;
    await route.continue();
  });
  return { open: () => resolvers.forEach((resolve) => resolve()), bodies };
}

async function openProfileMenuItem(page: Page, item: 'Update Profile' | 'Change Password'): Promise<void> {
  await page.getByTestId('profile-menu').click();
  await page.getByRole('menuitem', { name: item }).click();
  await expect(page.getByRole('dialog', { name: item })).toBeVisible();
}

/** Types the mailed code, submits it and waits for the captcha dialog that precedes submission. */
async function submitCode(page: Page, code: string): Promise<void> {
  const otpDialog = page.getByRole('dialog', { name: 'Two-Factor Authentication' });
  await otpDialog.getByLabel('OTP').fill(code);
  await otpDialog.getByRole('button', { name: 'Submit OTP' }).click();
}

test('changes the password with the code dialog and captcha, signs out after 2 seconds and ends every session', async ({ page }) => {
  test.setTimeout(120_000);
  const account = ACCOUNTS.password;
  const otherSession = await page.request.post('/api/users/login', { data: { email: account.email, password: PASSWORD } });
  const otherToken = ((await otherSession.json()) as { data: { accessToken: string } }).data.accessToken;

  await signIn(page, 'password');
  await expectSignedIn(page);
  await openProfileMenuItem(page, 'Change Password');
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await dialog.getByTestId('password-history-hint').hover();
  await expect(page.getByRole('tooltip')).toHaveText('You cannot reuse any of your last 10 passwords');
  await screenshot(page, 'change-password-dialog');

  // The form is checked before any code is asked for.
  await dialog.getByLabel('Old Password').fill(PASSWORD);
  await dialog.getByLabel('New Password').fill('short1!');
  await dialog.getByLabel('Confirm Password').fill('short1!');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Password must contain at least one uppercase letter');
  await dialog.getByLabel('New Password').fill(NEW_PASSWORD);
  await dialog.getByLabel('Confirm Password').fill(`${NEW_PASSWORD}x`);
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Confirm password must match the new password');
  await screenshot(page, 'change-password-validation');

  await dialog.getByLabel('Confirm Password').fill(NEW_PASSWORD);
  const requestedAt = Date.now();
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  const otpDialog = page.getByRole('dialog', { name: 'Two-Factor Authentication' });
  await expect(otpDialog).toBeVisible();
  await expect(otpDialog.getByText(/You can resend the code in \d+ seconds/)).toBeVisible();
  const code = await readNewestCode(account.email, requestedAt);

  await otpDialog.getByLabel('OTP').fill(code.slice(0, 5));
  await otpDialog.getByRole('button', { name: 'Submit OTP' }).click();
  await expect(otpDialog.getByText('OTP should not be less than 6 digits')).toBeVisible();
  await screenshot(page, 'otp-dialog-validation');

  await submitCode(page, code);
  const success = page.getByRole('dialog', { name: 'Change Password' }).getByText('Your Password is changed successfully');
  await expect(success).toBeVisible({ timeout: CAPTCHA_TIMEOUT });
  const shownAt = Date.now();
  await screenshot(page, 'change-password-success');

  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible({ timeout: 10_000 });
  expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1_500);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // Every session of the user ended on the server, not only this browser's.
  const verify = await page.request.get('/api/users/verify-token', { headers: { authorization: `Bearer ${otherToken}` } });
  expect(verify.status()).toBe(401);

  await signIn(page, 'password', NEW_PASSWORD);
  await expectSignedIn(page);
});

test('updates the profile through the code dialog and captcha, and the header shows the new name', async ({ page }) => {
  test.setTimeout(120_000);
  const account = ACCOUNTS.profile;
  await signIn(page, 'profile');
  await expectSignedIn(page);
  await openProfileMenuItem(page, 'Update Profile');
  const dialog = page.getByRole('dialog', { name: 'Update Profile' });
  await expect(dialog.getByLabel('Email')).toHaveValue(account.email);
  await screenshot(page, 'update-profile-dialog');

  await dialog.getByLabel('First Name').fill('');
  await dialog.getByLabel('Last Name').fill('x'.repeat(51));
  await dialog.getByRole('button', { name: 'Update Profile' }).click();
  // Only the first error is shown as the message.
  await expect(dialog.getByRole('alert')).toHaveText('First name is required');
  await dialog.getByLabel('First Name').fill('Renamed');
  await dialog.getByRole('button', { name: 'Update Profile' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Last name must not be more than 50 characters');
  await screenshot(page, 'update-profile-validation');

  await dialog.getByLabel('Last Name').fill('Person');
  const requestedAt = Date.now();
  await dialog.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByRole('dialog', { name: 'Two-Factor Authentication' })).toBeVisible();
  const code = await readNewestCode(account.email, requestedAt);
  await screenshot(page, 'otp-dialog');

  await submitCode(page, code);
  await expect(page.getByText('Your profile is updated successfully')).toBeVisible({ timeout: CAPTCHA_TIMEOUT });
  await expect(page.getByRole('dialog', { name: 'Update Profile' })).toBeHidden();
  await expect(page.getByTestId('profile-menu')).toContainText('Renamed Person');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}') as { firstName: string; lastName: string });
  expect(stored).toMatchObject({ firstName: 'Renamed', lastName: 'Person' });
  await screenshot(page, 'update-profile-success');
});

test('shows the captcha dialog, which cannot be dismissed, whose solution submits under the global loading flag', async ({ page }) => {
  test.setTimeout(120_000);
  const account = ACCOUNTS.profile;
  await signIn(page, 'profile');
  await expectSignedIn(page);
  // Hold back the captcha challenge so the dialog can be looked at before it solves itself.
  const challenge = await holdRequests(page, '**/api/captcha/challenge');

  await openProfileMenuItem(page, 'Update Profile');
  const requestedAt = Date.now();
  await page.getByRole('dialog', { name: 'Update Profile' }).getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByRole('dialog', { name: 'Two-Factor Authentication' })).toBeVisible();
  await submitCode(page, await readNewestCode(account.email, requestedAt));

  const captcha = page.getByRole('dialog', { name: 'Verify you are human' });
  await expect(captcha).toBeVisible();
  await expect(captcha.getByRole('button', { name: /close/i })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(captcha).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Two-Factor Authentication' })).toBeVisible();
  await screenshot(page, 'captcha-dialog');

  // Passing the captcha triggers the submission; the global loading flag covers the screen meanwhile.
  const update = await holdRequests(page, '**/api/users/update-profile/*');
  challenge.open();
  await expect(page.getByTestId('global-loading')).toBeVisible({ timeout: CAPTCHA_TIMEOUT });
  await expect(captcha).toBeHidden();
  expect(Object.keys((update.bodies[0] ?? {}) as object).toSorted()).toEqual([
    '_id',
    'captcha',
    'email',
    'firstName',
    'lastName',
    'otp',
    'token',
  ]);
  await screenshot(page, 'global-loading');
  update.open();
  await expect(page.getByText('Your profile is updated successfully')).toBeVisible();
  await expect(page.getByTestId('global-loading')).toHaveCount(0);
});

test("offers 'Resend Code' when the countdown ends, and the new code works", async ({ page }) => {
  test.setTimeout(120_000);
  const account = ACCOUNTS.profile;
  await page.clock.install();
  await signIn(page, 'profile');
  await expectSignedIn(page);
  await openProfileMenuItem(page, 'Update Profile');
  const firstRequestAt = Date.now();
  await page.getByRole('dialog', { name: 'Update Profile' }).getByRole('button', { name: 'Update Profile' }).click();
  const otpDialog = page.getByRole('dialog', { name: 'Two-Factor Authentication' });
  await expect(otpDialog.getByText('You can resend the code in 120 seconds')).toBeVisible();
  const firstCode = await readNewestCode(account.email, firstRequestAt);

  await page.clock.fastForward('01:00');
  await expect(otpDialog.getByText(/You can resend the code in (59|60) seconds/)).toBeVisible();
  await page.clock.fastForward('01:00');
  await expect(otpDialog.getByText('Your OTP code is expired, please click resend OTP')).toBeVisible();
  await expect(otpDialog.getByRole('button', { name: 'Resend Code' })).toBeVisible();
  await expect(otpDialog.getByRole('button', { name: 'Submit OTP' })).toHaveCount(0);
  await screenshot(page, 'otp-dialog-expired');

  const resentAt = Date.now();
  await otpDialog.getByRole('button', { name: 'Resend Code' }).click();
  await expect(otpDialog.getByText('You can resend the code in 120 seconds')).toBeVisible();
  await expect(otpDialog.getByText('Your OTP code is expired, please click resend OTP')).toHaveCount(0);
  await expect(otpDialog.getByRole('button', { name: 'Submit OTP' })).toBeVisible();
  const secondCode = await readNewestCode(account.email, resentAt);
  expect(secondCode).toMatch(/^\d{6}$/);

  // The dialog now carries the new request's token: the superseded first code does not match it.
  if (firstCode !== secondCode) {
    await submitCode(page, firstCode);
    await expect(otpDialog.getByRole('alert')).toHaveText('The OTP code is incorrect', { timeout: CAPTCHA_TIMEOUT });
  }
  await submitCode(page, secondCode);
  await expect(page.getByText('Your profile is updated successfully')).toBeVisible({ timeout: CAPTCHA_TIMEOUT });
});

test('closes Update Profile and Change Password with Esc', async ({ page }) => {
  await signIn(page, 'profile');
  await expectSignedIn(page);
  for (const item of ['Update Profile', 'Change Password'] as const) {
    await openProfileMenuItem(page, item);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: item })).toBeHidden();
  }
  // The header's menu at phone width belongs to the shell; the dialog itself must fit there.
  await openProfileMenuItem(page, 'Update Profile');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'update-profile-390');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Update Profile' })).toBeHidden();
});
