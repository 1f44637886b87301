import { expect, test } from '@playwright/test';
import { expectSignedIn, fillSignIn, screenshot, signIn } from '../support';

test('sends a signed-out visitor to login and back to the wanted page afterwards', async ({ page }) => {
  await page.goto('/insights/activity-dashboard?from=2026-01-01');
  await expect(page).toHaveURL('/?redirectTo=%2Finsights%2Factivity-dashboard%3Ffrom%3D2026-01-01');
  await fillSignIn(page, 'dashboard');
  await expect(page).toHaveURL('/insights/activity-dashboard?from=2026-01-01');
});

test('sends a signed-in user away from the login page to the activity dashboard', async ({ page }) => {
  await signIn(page, 'admin');
  await expectSignedIn(page);
  await page.goto('/');
  await expect(page).toHaveURL('/insights/activity-dashboard');
});

test("shows '403 Forbidden' to a user without any scopes", async ({ page }) => {
  await signIn(page, 'noScopes');
  await expect(page.getByRole('heading', { name: '403 Forbidden' })).toBeVisible();
  await screenshot(page, 'forbidden');
});

test('shows the 404 page for an unknown path, signed in or not', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(page).toHaveTitle('Sanad | Page Not Found');
  await screenshot(page, 'not-found');
  await signIn(page, 'admin');
  await expectSignedIn(page);
  await page.goto('/another/unknown/path');
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  // Inside the signed-in area the header and sidebar stay, so the way back is at hand.
  await expectSignedIn(page);
  await expect(page.getByTestId('profile-menu')).toBeVisible();
  await screenshot(page, 'not-found-signed-in');
});

test('tells a limited user which page they could not open, on the page they are taken to', async ({ page }) => {
  await signIn(page, 'dashboard');
  await expectSignedIn(page);
  await page.goto('/users/roles');
  await expect(page).toHaveURL('/insights');
  const notice = page.getByRole('status').filter({ hasText: 'You were sent to this page' });
  await expect(notice).toContainText('Your role does not open Roles (/users/roles)');
  await screenshot(page, 'access-notice');
  await page.getByRole('link', { name: 'Sanad home' }).click();
  await expect(page).toHaveURL('/insights/activity-dashboard');
  await expect(notice).toHaveCount(0);
});

test('treats a token that fails verification as signed out', async ({ page }) => {
  await signIn(page, 'admin');
  await expectSignedIn(page);
  await page.evaluate(() => localStorage.setItem('token', `${localStorage.getItem('token') ?? ''}tampered`));
  await page.goto('/insights');
  await expect(page).toHaveURL(/\/\?redirectTo=%2Finsights/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('scrolls to the top when moving to another route', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 400 });
  await signIn(page, 'admin');
  await expectSignedIn(page);
  await page.evaluate(() => window.scrollTo(0, 600));
  await page.getByRole('link', { name: 'Sanad home' }).click();
  await page.goto('/insights');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
