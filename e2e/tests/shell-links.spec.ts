import { expect, test, type Page } from '@playwright/test';
import type { AccountName } from '../environment';
import { expectSignedIn, signIn } from '../support';

// Visits every page once per account; a busy machine needs the time.
test.describe.configure({ timeout: 300_000 });

/** The navigation the shell renders: sidebar, header menus, the configuration home and its navigation, Upgrade. */
const SHELL_LINKS = [
  'nav[aria-label="Main"] a[href]',
  'nav[aria-label="Section"] a[href]',
  'nav[aria-label="Configuration"] a[href]',
  '[data-testid="configuration-home"] a[href]',
  'header a[href]',
  '[data-testid="trial-banner"] a[href]',
].join(', ');

async function shellLinks(page: Page): Promise<string[]> {
  // Dropdowns of the sidebar show their links only when open.
  for (const dropdown of await page.locator('nav[aria-label="Main"] button[aria-expanded="false"]').all()) await dropdown.click();
  const hrefs = await page.locator(SHELL_LINKS).evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.filter((href) => href.startsWith('/'));
}

/** The page at `path` opened without a 404, an error page or an error thrown in the browser. */
async function expectRealPage(page: Page, path: string, errors: string[]): Promise<void> {
  await page.goto(path);
  await expectSignedIn(page);
  await expect(page.locator('#main')).not.toContainText('Loading');
  expect({ path, notFound: await page.getByRole('heading', { name: '404' }).count() }).toEqual({ path, notFound: 0 });
  expect({ path, failed: await page.getByRole('heading', { name: 'There is something wrong' }).count() }).toEqual({ path, failed: 0 });
  expect({ path, errors }).toEqual({ path, errors: [] });
}

/** Walks every link the shell shows this account, from the pages those links open, until no new one turns up. */
async function walkShell(page: Page, account: AccountName): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signIn(page, account);
  await expectSignedIn(page);
  const seen = new Set<string>();
  const queue = [new URL(page.url()).pathname, '/configuration'];
  while (queue.length > 0) {
    const path = queue.shift() ?? '/';
    if (seen.has(path)) continue;
    seen.add(path);
    await expectRealPage(page, path, errors);
    for (const href of await shellLinks(page)) if (!seen.has(href)) queue.push(href);
  }
  await page.getByTestId('profile-menu').click();
  await expect(page.getByRole('menuitem')).toHaveText(['Update Profile', 'Change Password', 'Sign Out']);
  return [...seen];
}

test('every link the shell shows an administrator leads to a real page', async ({ page }) => {
  const visited = await walkShell(page, 'admin');
  for (const path of [
    '/users',
    '/customer-profiles',
    '/customer-verification',
    '/self-register/upload-document',
    '/self-register-company/upload-document',
    '/register-company',
    '/configuration/sanad-engine/risk',
    '/configuration/simulate',
    '/configuration/screening-list',
    '/system-logs',
  ]) {
    expect(visited).toContain(path);
  }
});

test('every link the shell shows a risk officer leads to a real page, and only to the pages the role opens', async ({ page }) => {
  const visited = await walkShell(page, 'riskOfficer');
  // The logo leads to the dashboard, which takes a role without it to its first page.
  expect(visited.toSorted()).toEqual([
    '/configuration',
    '/configuration/sanad-engine/risk',
    '/configuration/simulate',
    '/insights/activity-dashboard',
  ]);
});

test('the configuration home lists what the role opens, grouped, and every configuration page shows the same navigation', async ({
  page,
}) => {
  await signIn(page, 'riskOfficer');
  await expectSignedIn(page);
  await page.getByRole('link', { name: 'Configurations' }).click();
  await expect(page).toHaveURL('/configuration');
  const home = page.getByTestId('configuration-home');
  await expect(home.getByRole('heading', { level: 2 })).toHaveText(['Risk']);
  await expect(home.getByRole('link')).toHaveText([/^Risk engine/, /^Simulate/]);
  const navigation = page.getByRole('navigation', { name: 'Configuration' });
  await expect(navigation.getByRole('link')).toHaveText(['Overview', 'Risk engine', 'Simulate']);
  await navigation.getByRole('link', { name: 'Simulate' }).click();
  await expect(page).toHaveURL('/configuration/simulate');
  await expect(navigation.getByRole('link', { name: 'Simulate' })).toHaveAttribute('aria-current', 'page');
});
