import { expect, test, type Page } from '@playwright/test';
import { expectSignedIn, screenshot, signIn } from '../support';

async function sidebarLabels(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  return nav.locator(':scope a, :scope button').allInnerTexts();
}

test('shows an administrator every link whose page exists, and none that would end on a 404', async ({ page }) => {
  await signIn(page, 'admin');
  await expectSignedIn(page);
  expect(await sidebarLabels(page)).toEqual([
    'Insights',
    'Configurations',
    'Upload Delta',
    'Team Members',
    'Users',
    'Notifications',
    'System Logs',
  ]);
  await expect(page.getByRole('link', { name: 'Configurations' })).toHaveAttribute('href', '/configuration');
  // Their pages come with later work; the entries appear once the routes exist.
  for (const label of ['Profiles', 'Bulk Onboarding', 'Packages', 'Customer Verification', 'Developer Tools']) {
    await expect(page.getByRole('navigation', { name: 'Main' }).getByText(label, { exact: true })).toHaveCount(0);
  }
  await expect(page.getByRole('link', { name: 'Upgrade' })).toHaveCount(0);
  await screenshot(page, 'shell-admin');
});

test('shows a user only the links their permissions allow', async ({ page }) => {
  await signIn(page, 'dashboard');
  await expectSignedIn(page);
  expect(await sidebarLabels(page)).toEqual(['Insights']);
  await expect(page.getByRole('link', { name: 'Notifications' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Upgrade' })).toHaveCount(0);
});

test('gives a role with some configuration pages the Configurations entry', async ({ page }) => {
  await signIn(page, 'riskOfficer');
  await expectSignedIn(page);
  expect(await sidebarLabels(page)).toEqual(['Configurations']);
});

test('hides onboarding and profile entries while their pages do not exist, for KYB and KYC accounts', async ({ page }) => {
  for (const account of ['kyb', 'kyc'] as const) {
    await signIn(page, account);
    await expectSignedIn(page);
    expect(await sidebarLabels(page)).toEqual(['Insights']);
    await page.evaluate(() => localStorage.clear());
  }
});

test('hides System Logs from a lite account', async ({ page }) => {
  await signIn(page, 'lite');
  await expectSignedIn(page);
  expect(await sidebarLabels(page)).toEqual(['Insights']);
});
