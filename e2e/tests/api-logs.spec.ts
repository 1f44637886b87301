import { expect, test } from '@playwright/test';
import { expectSignedIn, screenshot, signIn } from '../support';

test('a developer calls the API with a new key and finds each call, refused ones too, in API logs', async ({ page }) => {
  // Creating a key, three calls and the log page take longer than one page's default on a busy machine.
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin');
  await expectSignedIn(page);

  // A key with customers:read only (the form's default scope), shown once.
  await page.goto('/developers/application-access');
  await page.getByRole('button', { name: 'Add application access' }).click();
  const form = page.getByRole('dialog', { name: 'Add application access' });
  const title = `Logs app ${Date.now().toString(36)}`;
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Bundle ID').fill('com.bank.logs');
  await form.getByRole('button', { name: 'Create and show key' }).click();
  const apiKey = (await page.getByRole('dialog').getByTestId('revealed-secret').innerText()).trim();
  await page.getByRole('button', { name: 'I have copied it' }).click();

  // Calls from outside the app, as an integrator's server would make them.
  const headers = { authorization: `Bearer ${apiKey}` };
  const listed = await page.request.get('/api/v1/customers?limit=5', { headers });
  expect(listed.status()).toBe(200);
  expect(listed.headers()['ratelimit-limit']).toBeTruthy();
  const missing = await page.request.get('/api/v1/customers/00000000-0000-4000-8000-000000000000', { headers });
  expect(missing.status()).toBe(404);
  const refused = await page.request.post('/api/v1/customers', { headers, data: {} });
  expect(refused.status()).toBe(403);

  // The guide leads to the API logs.
  await page.goto('/developers');
  await page.getByRole('link', { name: 'Open API logs' }).click();
  await expect(page).toHaveURL(/\/developers\/api-logs$/);
  await expect(page.getByRole('tab', { name: 'API Logs' })).toHaveAttribute('aria-selected', 'true');
  const table = page.getByRole('table', { name: 'API logs' });
  await expect(table.getByText('/api/v1/customers/00000000-0000-4000-8000-000000000000')).toBeVisible();
  await expect(table.getByText(title)).toHaveCount(3);
  await screenshot(page, 'api-logs-1440');

  // Only the refusals, then the one that was not found, with its answer.
  await page.getByRole('combobox', { name: 'Status', exact: true }).click();
  await page.getByRole('option', { name: '4xx', exact: true }).click();
  await expect(table.getByText(title)).toHaveCount(2);
  await page.getByRole('combobox', { name: 'Method', exact: true }).click();
  await page.getByRole('option', { name: 'GET', exact: true }).click();
  await expect(table.getByText(title)).toHaveCount(1);
  await table.getByRole('button', { name: /^Details of GET \/api\/v1\/customers\/0000/ }).click();
  const drawer = page.getByRole('dialog', { name: 'API log entry' });
  await expect(drawer.getByText('404', { exact: true })).toBeVisible();
  await expect(drawer.getByLabel('Response body')).toContainText('NOT_FOUND');
  await expect(drawer.getByText(apiKey)).toHaveCount(0);
  await screenshot(page, 'api-logs-detail-1440');
  await drawer.getByRole('button', { name: 'Close' }).click();

  // Export the filtered entries, as for system logs.
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(page.getByText('Export started; the file will be ready shortly')).toBeVisible();
  const exports = page.getByRole('table', { name: 'Recent API-log exports' });
  await expect(exports.getByRole('button', { name: 'Download' }).or(exports.getByText('Pending')).first()).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table.getByText(title)).toHaveCount(1);
  await screenshot(page, 'api-logs-390');
  const hasOverflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
  expect(hasOverflow).toBe(false);
});
