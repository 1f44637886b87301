import { expect, test, type Page } from '@playwright/test';
import { expectSignedIn, screenshot, signIn } from '../support';

async function sidebarLabels(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  return nav.locator(':scope a, :scope button').allInnerTexts();
}

test('shows an administrator every link', async ({ page }) => {
  await signIn(page, 'admin');
  await expectSignedIn(page);
  const labels = await sidebarLabels(page);
  for (const label of [
    'Insights',
    'Profiles',
    'Bulk Onboarding',
    'Configurations',
    'Upload Delta',
    'Packages',
    'Team Members',
    'Users',
    'Customer Verification',
    'Notifications',
    'System Logs',
    'Developer Tools',
  ]) {
    expect(labels).toContain(label);
  }
  await screenshot(page, 'shell-admin');
});

test('shows a user only the links their permissions allow', async ({ page }) => {
  await signIn(page, 'dashboard');
  await expectSignedIn(page);
  expect(await sidebarLabels(page)).toEqual(['Insights']);
  await expect(page.getByRole('link', { name: 'Notifications' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Upgrade' })).toHaveCount(0);
});

test('gives a KYB account onboarding dropdowns and sends Profiles to temp customers', async ({ page }) => {
  await signIn(page, 'kyb');
  await expectSignedIn(page);
  await expect(page.getByRole('link', { name: 'Profiles' })).toHaveAttribute('href', '/customer-profiles/temp-customers');
  await page.getByRole('button', { name: 'Deep Link Onboarding' }).click();
  await expect(page.getByRole('link', { name: 'Company Onboarding' }).first()).toHaveAttribute('href', '/register-company');
  await expect(page.getByRole('link', { name: 'Individual Onboarding' }).first()).toHaveAttribute('href', '/register-customer');
  await screenshot(page, 'shell-kyb');
});

test('gives a KYC account plain onboarding links', async ({ page }) => {
  await signIn(page, 'kyc');
  await expectSignedIn(page);
  await expect(page.getByRole('link', { name: 'Deep Link Onboarding' })).toHaveAttribute('href', '/register-customer');
  await expect(page.getByRole('link', { name: 'Self Service Onboarding' })).toHaveAttribute('href', '/self-register/upload-document');
  await expect(page.getByRole('link', { name: 'Profiles' })).toHaveAttribute('href', '/customer-profiles');
});

test('hides System Logs and deep-link onboarding from a lite account', async ({ page }) => {
  await signIn(page, 'lite');
  await expectSignedIn(page);
  const labels = await sidebarLabels(page);
  expect(labels).toContain('Self Service Onboarding');
  expect(labels).not.toContain('System Logs');
  expect(labels).not.toContain('Deep Link Onboarding');
});
