import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { ACCOUNTS, PASSWORD, type AccountName } from '../environment';
import { expectSignedIn, screenshot, signIn } from '../support';

// Registering screens and rates on the server, and three people review in turn: a busy machine needs the time.
test.describe.configure({ timeout: 240_000 });

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

async function apiToken(request: APIRequestContext, account: AccountName): Promise<string> {
  const response = await request.post('/api/users/login', { data: { email: ACCOUNTS[account].email, password: PASSWORD } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { accessToken: string } }).data.accessToken;
}

/** A person on the segment's own watch list, then registered as a customer: registration raises an on-boarding alert. */
async function listedCustomer(request: APIRequestContext): Promise<{ sanadId: string; fullName: string }> {
  const token = await apiToken(request, 'admin');
  const headers = { authorization: `Bearer ${token}` };
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  // Letters only: a name that no earlier run has listed or registered.
  const lastName = `Durrani${stamp.slice(-6).replace(/\d/g, (digit) => String.fromCharCode(97 + Number(digit)))}`;
  const listed = await request.post('/api/screening-data/sanad-list', {
    headers,
    data: { name: `Zarghun ${lastName}`, dateOfBirth: '1969-03-14', nationality: 'PK', reason: 'Smuggling' },
  });
  expect(listed.ok(), await listed.text()).toBe(true);
  const registered = await request.post('/api/customers/self-register', {
    headers,
    data: {
      submissionKey: crypto.randomUUID(),
      basicInfo: { firstName: 'Zarghun', lastName, dateOfBirth: '1969-03-14', nationalityId: 'PK', countryOfResidenceId: 'PK' },
      identityInfo: { type: 'id', number: `35202${stamp.slice(-8)}` },
      occupationInfo: { workTypeId: 'salaried', industryId: 'education' },
      pepDeclaration: { anyPublicPos: false, everPublicPosition: false, conviction: false },
      contactInfo: { email: `zarghun.${stamp}@e2e.test`, phoneNumber: `+92300${stamp.slice(-7)}` },
      accountInfo: { products: ['savings'], isf2f: true },
    },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const customer = ((await registered.json()) as { data: { sanadId: string; fullName: string; alerts: unknown[] } }).data;
  expect(customer.alerts).toHaveLength(1);
  return customer;
}

async function reviewer(browser: Browser, account: AccountName): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await signIn(page, account);
  await expectSignedIn(page);
  return page;
}

/** Initiates the review, chooses the decision, gives the reason and submits, reading the spec's messages. */
async function review(page: Page, decision: string, reason: string, shot?: string): Promise<void> {
  await page.getByRole('button', { name: 'Initiate review' }).click();
  await expect(page.getByText('Review has been initiated successfully')).toBeVisible();
  await page.getByRole('radio', { name: decision, exact: true }).check();
  await page.getByRole('textbox', { name: 'Reason' }).fill(reason);
  if (shot) await screenshot(page, shot);
  await page.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByText('Review has been submitted successfully')).toBeVisible();
}

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

test('a maker, a checker and an approver take an on-boarding alert to a decision and the customer is approved', async ({
  browser,
  request,
}) => {
  const customer = await listedCustomer(request);
  const [maker, checker, approver] = await Promise.all([
    reviewer(browser, 'alertMaker'),
    reviewer(browser, 'alertChecker'),
    reviewer(browser, 'alertApprover'),
  ]);

  // The maker finds the alert from the Insights header menu, whose Alerts item counts what waits for them.
  await maker.goto('/insights/alerts');
  await expect(maker.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible();
  await expect(maker.getByTestId('menu-count-alerts')).toHaveText(/^([1-9]\d?|99\+)$/);
  await maker.getByRole('textbox', { name: 'Search' }).fill(customer.sanadId);
  await maker.getByRole('textbox', { name: 'Search' }).press('Enter');
  const table = maker.getByRole('table', { name: 'Alerts' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('on boarding');
  await expect(table).toContainText('Black-list');
  await screenshot(maker, 'alerts-1440-list');
  await table.getByRole('link', { name: customer.sanadId }).click();
  await expect(maker.getByRole('heading', { name: `Alert on ${customer.sanadId}` })).toBeVisible();
  const alertUrl = maker.url();
  await expect(maker.getByRole('region', { name: 'Customer' })).toContainText(customer.fullName);
  await expect(maker.getByText(/Name screening found 1 hit/)).toBeVisible();

  // The checker cannot start before the maker.
  await checker.goto(alertUrl);
  await expect(checker.getByText("Waiting for the maker's review.")).toBeVisible();
  await expect(checker.getByRole('button', { name: 'Initiate review' })).toHaveCount(0);

  await review(maker, 'Approve', 'Namesake: date of birth differs from the listed entry', 'alerts-1440-maker-review');
  await expect(maker.getByText('Awaiting checker').first()).toBeVisible();
  await expect(maker.getByTestId('kyc-status')).toHaveText('Pending');

  await checker.reload();
  await review(checker, 'Confirm', 'Checked the documents and the screening evidence');
  await expect(checker.getByText('Awaiting approver').first()).toBeVisible();
  await expect(checker.getByTestId('kyc-status')).toHaveText('Pending');

  await approver.goto(alertUrl);
  await review(approver, 'Approve', 'Approved after maker and checker review');
  await expect(approver.getByTestId('kyc-status')).toHaveText('approved');
  await expect(approver.getByText('Decided:')).toBeVisible();
  const log = approver.getByRole('region', { name: 'Alert log' });
  for (const step of ['Alert raised', 'Review initiated (lock) (maker)', 'Approve (maker)', 'Confirmed (checker)', 'Approve (approver)'])
    await expect(log.getByText(step, { exact: true })).toBeVisible();
  await screenshot(approver, 'alerts-1440-decided');

  // The customer's page shows the decision.
  await approver.getByRole('region', { name: 'Customer' }).getByRole('link', { name: customer.sanadId }).click();
  await expect(approver).toHaveURL(/\/customer-profiles\/customer-information\//);
  await expect(approver.getByText('approved', { exact: true }).first()).toBeVisible();

  // The same alert on a phone: everything fits the width.
  await approver.setViewportSize(PHONE);
  await approver.goto(alertUrl);
  await expect(approver.getByRole('heading', { name: `Alert on ${customer.sanadId}` })).toBeVisible();
  await noSidewaysScroll(approver);
  await screenshot(approver, 'alerts-390-decided');
  await maker.setViewportSize(PHONE);
  await maker.goto(`/insights/alerts?keyword=${customer.sanadId}`);
  await expect(maker.getByRole('table', { name: 'Alerts' })).toContainText('Approved');
  await noSidewaysScroll(maker);
  await screenshot(maker, 'alerts-390-list');
});
