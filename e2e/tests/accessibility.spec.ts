import { expect, test } from '@playwright/test';
import { seriousViolations } from '../axe';
import { waitForMail } from '../mail-sink';
import { expectSignedIn, signIn } from '../support';

// The scan injects axe-core, which the app's CSP would otherwise (rightly) refuse.
test.use({ bypassCSP: true });

test('the login page has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the signed-in shell has no serious or critical accessibility violations', async ({ page }) => {
  await signIn(page, 'admin');
  await expectSignedIn(page);
  await expect(page.getByRole('heading', { name: 'Total actions' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the configuration home and a 404 inside the shell have no serious or critical accessibility violations', async ({ page }) => {
  await signIn(page, 'admin');
  await expectSignedIn(page);
  await page.goto('/configuration');
  await expect(page.getByRole('navigation', { name: 'Configuration' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the Change Password and Two-Factor Authentication dialogs have no serious or critical accessibility violations', async ({ page }) => {
  await signIn(page, 'admin');
  await expectSignedIn(page);
  await page.getByTestId('profile-menu').click();
  await page.getByRole('menuitem', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await expect(dialog).toBeVisible();
  // Scan once the opening transition has finished: mid-fade colours are blended with the backdrop.
  await expect(dialog).toHaveCSS('opacity', '1');
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByLabel('Old Password').fill('Admin-pass1');
  await dialog.getByLabel('New Password').fill('Admin-pass2');
  await dialog.getByLabel('Confirm Password').fill('Admin-pass2');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  const codeDialog = page.getByRole('dialog', { name: 'Two-Factor Authentication' });
  await expect(codeDialog).toBeVisible();
  await expect(codeDialog).toHaveCSS('opacity', '1');
  expect(await seriousViolations(page)).toEqual([]);
});

test('the administration screens and password pages have no serious or critical accessibility violations', async ({ page }) => {
  for (const path of ['/users/forgot-password', '/users/reset-password/made-up-token', '/users/create-password/made-up-token']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect({ path, violations: await seriousViolations(page) }).toEqual({ path, violations: [] });
  }
  await signIn(page, 'admin');
  await expectSignedIn(page);
  for (const path of ['/users', '/users/roles', '/users/data-segments', '/team-members']) {
    await page.goto(path);
    await expect(page.getByText(/Showing \d+ to \d+ of \d+ records|No records found/).first()).toBeVisible();
    expect({ path, violations: await seriousViolations(page) }).toEqual({ path, violations: [] });
  }
});

// The scan includes colour contrast: the red of a refused field and of the code dialog's error must read at AA (4.5:1).
test("a public registration's refused fields and a refused code have no serious or critical accessibility violations", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `contrast.${stamp}@e2e.test`;
  await signIn(page, 'admin');
  await expectSignedIn(page);
  await page.goto('/register-customer');
  await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Noor');
  await page.getByRole('textbox', { name: 'Last name', exact: true }).fill(`Contrast${stamp.slice(-6)}`);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send link' }).click();
  const mail = await waitForMail(email, 'Complete your registration', 60_000);
  const found = /https?:\/\/[^\s"<>]+\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{43}\/deep-register/.exec(mail.text.replace(/=\r?\n/g, ''));
  const linkPath = new URL(found?.[0] ?? '').pathname;

  const customer = await (await browser.newContext({ bypassCSP: true })).newPage();
  await customer.goto(linkPath);
  for (const step of ['record-video', 'setup-profile']) {
    await customer.getByRole('button', { name: 'Next' }).click();
    await expect(customer).toHaveURL(`${linkPath}/${step}`);
  }
  await customer.getByRole('button', { name: 'Next' }).click();
  await expect(customer.getByText('Date of birth is required')).toBeVisible();
  expect(await seriousViolations(customer)).toEqual([]);

  await customer.getByRole('button', { name: 'Send code' }).click();
  const otpDialog = customer.getByRole('dialog', { name: 'Two-Factor Authentication' });
  await expect(otpDialog).toBeVisible({ timeout: 45_000 });
  await expect(otpDialog).toHaveCSS('opacity', '1');
  await otpDialog.getByLabel('OTP').fill('123');
  await otpDialog.getByRole('button', { name: 'Submit OTP' }).click();
  await expect(otpDialog.getByText('OTP should not be less than 6 digits')).toBeVisible();
  expect(await seriousViolations(customer)).toEqual([]);
  await customer.context().close();
});
