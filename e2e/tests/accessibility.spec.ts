import { expect, test } from '@playwright/test';
import { seriousViolations } from '../axe';
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
