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
    'Profiles',
    'Individual Profiles',
    'Company Profiles',
    'Deep Link Onboarding',
    'Individual Onboarding',
    'Company Onboarding',
    'Self Service Onboarding',
    'Individual Onboarding',
    'Company Onboarding',
    'Bulk Onboarding',
    'Configurations',
    'Upload Delta',
    'Team Members',
    'Users',
    'Customer Verification',
    'Notifications',
    'System Logs',
    'Developer Tools',
  ]);
  await expect(page.getByRole('link', { name: 'Developer Tools' })).toHaveAttribute('href', '/developers');
  await expect(page.getByRole('link', { name: 'Configurations' })).toHaveAttribute('href', '/configuration');
  // The administrator's account is a KYB one: Profiles opens on the individual and the company profiles.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Profiles' }).click();
  await expect(page.getByRole('link', { name: 'Individual Profiles' })).toHaveAttribute('href', '/customer-profiles');
  await expect(page.getByRole('link', { name: 'Company Profiles' })).toHaveAttribute('href', '/company-profiles');
  await expect(page.getByRole('link', { name: 'Bulk Onboarding' })).toHaveAttribute('href', '/bulk-customers-onboarding');
  // The administrator's account is a KYB one: dropdowns with the individual and the company onboarding.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Self Service Onboarding' }).click();
  await expect(nav.getByRole('link', { name: 'Individual Onboarding' }).filter({ visible: true })).toHaveAttribute(
    'href',
    '/self-register/upload-document',
  );
  await expect(nav.getByRole('link', { name: 'Company Onboarding' }).filter({ visible: true })).toHaveAttribute(
    'href',
    '/self-register-company/upload-document',
  );
  // Their pages come with later work; the entries appear once the routes exist.
  await expect(page.getByRole('link', { name: 'Customer Verification' })).toHaveAttribute('href', '/customer-verification');
  for (const label of ['Packages']) {
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

test('leads a KYC account to Profiles and the onboardings, and a KYB account without view-customer-profile to its temp customers', async ({
  page,
}) => {
  await signIn(page, 'kyc');
  await expectSignedIn(page);
  expect(await sidebarLabels(page)).toEqual(['Insights', 'Profiles', 'Deep Link Onboarding', 'Self Service Onboarding']);
  await expect(page.getByRole('link', { name: 'Profiles' })).toHaveAttribute('href', '/customer-profiles');
  await expect(page.getByRole('link', { name: 'Deep Link Onboarding' })).toHaveAttribute('href', '/register-customer');
  await expect(page.getByRole('link', { name: 'Self Service Onboarding' })).toHaveAttribute('href', '/self-register/upload-document');
  await page.evaluate(() => localStorage.clear());

  // Without view-customer-profile but with view-deeplink-sent, Profiles leads to the temp customers.
  await signIn(page, 'kyb');
  await expectSignedIn(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Profiles' })).toHaveAttribute('href', '/customer-profiles/temp-customers');
  await nav.getByRole('button', { name: 'Self Service Onboarding' }).click();
  await expect(nav.getByRole('link', { name: 'Individual Onboarding' }).filter({ visible: true })).toHaveAttribute(
    'href',
    '/self-register/upload-document',
  );
  await expect(nav.getByRole('link', { name: 'Company Onboarding' }).filter({ visible: true })).toHaveAttribute(
    'href',
    '/self-register-company/upload-document',
  );
});

test('hides System Logs from a lite account', async ({ page }) => {
  await signIn(page, 'lite');
  await expectSignedIn(page);
  expect(await sidebarLabels(page)).toEqual(['Insights', 'Self Service Onboarding']);
});
