import { expect as baseExpect, test, type Page } from '@playwright/test';
import { ACCOUNTS, PASSWORD } from '../environment';
import { expectSignedIn, screenshot, signIn } from '../support';

// Registering screens and rates the customer on the server; a busy machine needs the time.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
/** A period before any run: every widget shows its empty state. */
const EMPTY_PERIOD = 'from=2020-01-01&to=2020-01-31';

/** Letters only: names refuse digits. */
function uniqueName(prefix: string): string {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return `${prefix}${stamp
    .slice(-7)
    .split('')
    .map((digit) => String.fromCharCode(97 + Number(digit)))
    .join('')}`;
}

async function adminToken(page: Page): Promise<string> {
  const login = await page.request.post('/api/users/login', { data: { email: ACCOUNTS.admin.email, password: PASSWORD } });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
}

/** A Qatari customer registered through the API, and a registration link sent to another person. */
async function seed(page: Page, customerName: string, invitedName: string): Promise<void> {
  const token = await adminToken(page);
  const stamp = `${Date.now()}`.slice(-8);
  const registered = await page.request.post('/api/customers/self-register', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      basicInfo: {
        firstName: customerName,
        lastName: 'Statistic',
        dateOfBirth: '1986-05-14',
        nationalityId: 'QA',
        countryOfResidenceId: 'QA',
        genderId: 'male',
      },
      identityInfo: { type: 'passport', number: `QA${stamp}` },
      occupationInfo: { workTypeId: 'freelancer', industryId: 'construction' },
      pepDeclaration: { anyPublicPos: false, everPublicPosition: false, conviction: false },
      contactInfo: { email: `${customerName.toLowerCase()}@e2e.test`, phoneNumber: `+97455${stamp.slice(-6)}` },
      accountInfo: { products: ['savings-account'], isf2f: true },
    },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const sent = await page.request.post('/api/customers/temp-customers', {
    headers: { authorization: `Bearer ${token}` },
    data: { firstName: invitedName, lastName: 'Tracked', email: `${invitedName.toLowerCase()}@e2e.test`, channel: 'email' },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
}

/** No sideways scroll once the layout has settled after a resize (tables and charts measure their width). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);
}

test('customer statistics count the segment customers, export CSV and XLSX, and show empty periods', async ({ page }) => {
  const customerName = uniqueName('Qadir');
  await seed(page, customerName, uniqueName('Inaya'));
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin');
  await expectSignedIn(page);

  // The Insights menu leads to both pages.
  await page.goto('/insights/activity-dashboard');
  await expect(page.getByRole('link', { name: 'Verification Tracker' })).toBeVisible();
  await page.getByRole('link', { name: 'Customer Statistics' }).click();
  await expect(page).toHaveURL(/\/insights\/customer-statistics/);
  await expect(page.getByRole('heading', { name: 'Customer Statistics', level: 1 })).toBeVisible();
  const nationality = page.locator('.mantine-Card-root', { has: page.getByRole('heading', { name: 'Nationality' }) });
  await expect(nationality).toContainText('Qatar');
  await expect(page.getByRole('img', { name: 'New individual and company customers per day' })).toBeVisible();
  await screenshot(page, 'insights-statistics-1440');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
  const csv = await download;
  expect(csv.suggestedFilename()).toMatch(/^customer-statistics-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click();
  expect((await xlsxDownload).suggestedFilename()).toMatch(/\.xlsx$/);

  await page.setViewportSize(PHONE);
  await expect(nationality).toContainText('Qatar');
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'insights-statistics-390');

  await page.goto(`/insights/customer-statistics?${EMPTY_PERIOD}`);
  await expect(page.getByText('No customers in this period').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'insights-statistics-390-empty');
});

test('the verification tracker shows journeys in flight, the steps, and an empty period', async ({ page }) => {
  const invitedName = uniqueName('Inaya');
  await seed(page, uniqueName('Qadir'), invitedName);
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin');
  await expectSignedIn(page);
  await page.goto('/insights/sanad-verification-tracker');
  await expect(page.getByRole('heading', { name: 'Verification Tracker', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Journeys by step' })).toContainText('Link not opened');
  const journeys = page.getByRole('table', { name: 'Journeys in flight' });
  await page.getByRole('textbox', { name: 'Search' }).fill(invitedName);
  await page.getByRole('textbox', { name: 'Search' }).press('Enter');
  await expect(journeys.getByRole('row', { name: new RegExp(`${invitedName} Tracked`) })).toContainText('Link not opened');
  // The search scrolled the page; the screenshot starts from the top.
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'insights-tracker-1440');

  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'insights-tracker-390');

  await page.goto(`/insights/sanad-verification-tracker?${EMPTY_PERIOD}`);
  await expect(page.getByText('No registration links were sent in this period')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'insights-tracker-390-empty');
});

test('the activity dashboard shows onboarding and review figures, and a role without the statistics cannot open them', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin');
  await expectSignedIn(page);
  await page.goto('/insights/activity-dashboard');
  await expect(page.getByText('Customers onboarded').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Onboarding and review' })).toBeVisible();
  await screenshot(page, 'insights-activity-1440');

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, 'dashboard');
  await expectSignedIn(page);
  await page.goto('/insights/customer-statistics');
  await expect(page).toHaveURL(/\/insights(\/activity-dashboard)?$/);
  await expect(page.getByRole('link', { name: 'Customer Statistics' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Verification Tracker' })).toHaveCount(0);
});
