import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNTS, PASSWORD } from '../environment';
import { expectSignedIn, screenshot, signIn } from '../support';

// Registering screens and rates on the server: a busy machine needs the time.
test.describe.configure({ timeout: 180_000 });

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.post('/api/users/login', { data: { email: ACCOUNTS.admin.email, password: PASSWORD } });
  expect(response.ok()).toBe(true);
  return { authorization: `Bearer ${((await response.json()) as { data: { accessToken: string } }).data.accessToken}` };
}

/** A new customer with a manual alert on it; its Sanad ID. */
async function manualAlert(request: APIRequestContext, headers: Record<string, string>): Promise<string> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const lastName = `Slawala${stamp.slice(-6).replace(/\d/g, (digit) => String.fromCharCode(97 + Number(digit)))}`;
  const registered = await request.post('/api/customers/self-register', {
    headers,
    data: {
      submissionKey: crypto.randomUUID(),
      basicInfo: { firstName: 'Naveed', lastName, dateOfBirth: '1982-06-09', nationalityId: 'PK', countryOfResidenceId: 'PK' },
      identityInfo: { type: 'id', number: `35204${stamp.slice(-8)}` },
      occupationInfo: { workTypeId: 'salaried', industryId: 'education' },
      pepDeclaration: { anyPublicPos: false, everPublicPosition: false, conviction: false },
      contactInfo: { email: `naveed.${stamp}@e2e.test`, phoneNumber: `+92302${stamp.slice(-7)}` },
      accountInfo: { products: ['savings'], isf2f: true },
    },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const customer = ((await registered.json()) as { data: { _id: string; sanadId: string } }).data;
  const alert = await request.post('/api/alerts/', { headers, data: { customerId: customer._id, reason: 'Branch reported adverse news' } });
  expect(alert.ok(), await alert.text()).toBe(true);
  return customer.sanadId;
}

const rowOf = (page: Page, sanadId: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name: sanadId }) });

test('an alert past its SLA is highlighted in the list and found with the Overdue filter, on a desktop and a phone', async ({
  browser,
  request,
}) => {
  const headers = await adminHeaders(request);
  const defaults = (await (await request.get('/api/configurations/alerts', { headers })).json()) as { data: Record<string, unknown> };
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  try {
    // The administrator sets the manual alerts' SLA to 0 hours (due at once) on the onboarding configuration page.
    await signIn(page, 'admin');
    await expectSignedIn(page);
    await page.goto('/configuration/on-boarding-configuration');
    const card = page.getByRole('region', { name: 'Alert settings' });
    await expect(card.getByRole('textbox', { name: 'Manual SLA (hours)' })).toHaveValue('72', { timeout: 30_000 });
    await card.getByRole('textbox', { name: 'Manual SLA (hours)' }).fill('0');
    await card.getByRole('button', { name: 'Save alert settings' }).click();
    await expect(page.getByText('Alert settings have been saved successfully').first()).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'alerts-sla-1440-settings');

    const sanadId = await manualAlert(request, headers);
    await page.goto('/insights/alerts');
    await page.getByRole('combobox', { name: 'SLA', exact: true }).click();
    await page.getByRole('option', { name: 'Overdue', exact: true }).click();
    await expect(page).toHaveURL(/overdue=true/);
    const row = rowOf(page, sanadId);
    await expect(row).toBeVisible();
    await expect(row).toHaveAttribute('data-highlight', 'danger');
    await expect(row.getByText(/^Overdue by /)).toBeVisible();
    await screenshot(page, 'alerts-sla-1440-overdue');

    // Within SLA: the same alert is not listed.
    await page.getByRole('combobox', { name: 'SLA', exact: true }).click();
    await page.getByRole('option', { name: 'Within SLA', exact: true }).click();
    await expect(page).toHaveURL(/overdue=false/);
    await expect(page.getByRole('table', { name: 'Alerts' })).toBeVisible();
    await expect(rowOf(page, sanadId)).toHaveCount(0);

    // On a phone the filters fold away; the overdue alert still stands out.
    await page.setViewportSize(PHONE);
    await page.goto('/insights/alerts');
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('combobox', { name: 'SLA', exact: true }).click();
    await page.getByRole('option', { name: 'Overdue', exact: true }).click();
    const phoneRow = rowOf(page, sanadId);
    await expect(phoneRow).toHaveAttribute('data-highlight', 'danger');
    await phoneRow.getByText(/^Overdue by /).scrollIntoViewIfNeeded();
    await expect(phoneRow.getByText(/^Overdue by /)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    // The table keeps its sideways scroll at the badge; the page goes back to the top so the fixed header sits there.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'alerts-sla-390-overdue');
  } finally {
    // Back to the settings other browser tests expect.
    const restored = await request.put('/api/configurations/alerts', { headers, data: defaults.data });
    expect(restored.ok(), await restored.text()).toBe(true);
    await context.close();
  }
});
