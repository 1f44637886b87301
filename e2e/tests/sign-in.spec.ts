import { expect, test } from '@playwright/test';
import { ACCOUNTS } from '../environment';
import { expectSignedIn, screenshot, signIn } from '../support';

test('signs in and lands on the activity dashboard', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Sanad | Login');
  await screenshot(page, 'login');
  await signIn(page, 'admin');
  await expect(page).toHaveURL('/insights/activity-dashboard');
  await expect(page).toHaveTitle('Sanad | Activity Dashboard');
  await expectSignedIn(page);
  await expect(page.getByTestId('role-name')).toHaveText('Administrator');
  await expect(page.getByRole('heading', { name: 'Total actions' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Sign-ins and total actions per day' })).toBeVisible();
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('token'),
    expiry: localStorage.getItem('tokenExpiry'),
    user: localStorage.getItem('user'),
  }));
  expect(stored.token).toBeTruthy();
  expect(Number(stored.expiry)).toBeGreaterThan(Date.now());
  expect(JSON.parse(stored.user ?? '{}')).toMatchObject({ email: ACCOUNTS.admin.email, roleName: 'Administrator' });
  await screenshot(page, 'activity-dashboard');
});

test("shows the server's message for a wrong password and stays on the login page", async ({ page }) => {
  await signIn(page, 'admin', 'Wrong-pass9');
  await expect(page.getByRole('alert')).toHaveText('Invalid email/username or password');
  await expect(page).toHaveURL('/');
  await screenshot(page, 'login-wrong-password');
});

test('asks for both fields before calling the server', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Email or username is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
});

test('signs out, ending the session on the server and clearing local storage', async ({ page }) => {
  await signIn(page, 'admin');
  await expectSignedIn(page);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await page.getByTestId('profile-menu').click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/');
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  const response = await page.request.get('/api/users/verify-token', { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(401);
});

test('exports the activity dashboard as CSV', async ({ page }) => {
  await signIn(page, 'admin');
  await expectSignedIn(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^activity-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
});

test('lays the guest pages out at desktop and phone widths without sideways scrolling', async ({ page }) => {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const [path, heading] of [
      ['/', 'Sign in'],
      ['/signup', 'Start your free trial'],
      ['/contact-us', 'Contact us'],
      ['/users/forgot-password', 'Forgot password'],
      ['/users/reset-password/made-up-token', 'Reset password'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      if (path === '/users/reset-password/made-up-token') {
        await expect(page.getByRole('alert')).toHaveText('This link is invalid or has expired');
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(
        page,
        `guest${path === '/' ? '-login' : path.replaceAll('/', '-').replace(/-made-up-token$/, '-invalid-link')}-${width}`,
      );
    }
  }
});

test('offers no trial where sign-up is off, and /signup says why instead of showing a form', async ({ page }) => {
  // The browser tests' server takes sign-ups; answer as an installation that does not.
  await page.route('**/api/users/signup/settings', (route) =>
    route.fulfill({ json: { status: true, message: 'Fetched successfully', data: { isOpen: false } } }),
  );
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Contact us' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start a free trial' })).toHaveCount(0);
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Sign-up is not available', level: 1 })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(
    'Sign-up is not available on this installation. Ask your administrator for an invitation.',
  );
  await expect(page.getByRole('button', { name: 'Sign up' })).toHaveCount(0);
  await screenshot(page, 'signup-closed');
});
