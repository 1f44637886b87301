import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS } from '../environment';
import { PROVIDER_LABEL, PROVIDER_PERSON, PROVIDER_STRANGER } from '../identity-provider';
import { expectSignedIn, screenshot } from '../support';

const issuer = () => {
  const value = process.env.SANAD_E2E_OIDC_ISSUER;
  if (!value) throw new Error('global setup did not start the identity provider');
  return value;
};

/** Clicks 'Sign in with …' on Sanad's login page and fills the provider's own login form. */
async function signInAtProvider(page: Page, login: string, screenshotName?: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('link', { name: `Sign in with ${PROVIDER_LABEL}` }).click();
  await expect(page).toHaveURL(new RegExp(`^${issuer()}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  if (screenshotName) await screenshot(page, screenshotName);
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

test('signs in through the national digital identity provider, and signs out at the provider too', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: `Sign in with ${PROVIDER_LABEL}` })).toBeVisible();
  await screenshot(page, 'oidc-login');

  await signInAtProvider(page, PROVIDER_PERSON.login, 'oidc-provider-login');
  await expect(page).toHaveURL('/insights/activity-dashboard');
  await expectSignedIn(page);
  await expect(page.getByRole('heading', { name: 'Total actions' })).toBeVisible();
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('token'),
    expiry: localStorage.getItem('tokenExpiry'),
    user: localStorage.getItem('user'),
  }));
  expect(stored.token).toBeTruthy();
  expect(Number(stored.expiry)).toBeGreaterThan(Date.now());
  expect(JSON.parse(stored.user ?? '{}')).toMatchObject({ email: ACCOUNTS.oidc.email });
  await screenshot(page, 'oidc-activity-dashboard');

  await page.getByTestId('profile-menu').click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(new RegExp(`^${issuer()}/session/end`));
  await expect(page.getByRole('button', { name: 'Yes, sign me out' })).toBeVisible();
  await screenshot(page, 'oidc-provider-logout');
  const response = await page.request.get('/api/users/verify-token', { headers: { authorization: `Bearer ${stored.token}` } });
  expect(response.status()).toBe(401);

  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: `Sign in with ${PROVIDER_LABEL}` })).toBeVisible();
  // Back on the login page, which keeps only the display settings it loads itself.
  const left = await page.evaluate(() => ({
    token: localStorage.getItem('token'),
    expiry: localStorage.getItem('tokenExpiry'),
    user: localStorage.getItem('user'),
  }));
  expect(left).toEqual({ token: null, expiry: null, user: null });
  await screenshot(page, 'oidc-signed-out');
});

test('tells a person Sanad does not know why they are back on the login page', async ({ page }) => {
  await signInAtProvider(page, PROVIDER_STRANGER.login);
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('alert')).toHaveText(
    'Your digital identity is not linked to a Sanad account, please contact your administrator',
  );
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await screenshot(page, 'oidc-unknown-person');
});
