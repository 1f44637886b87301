import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { expectSignedIn, screenshot, signIn } from '../support';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on loopback (the e2e server's address guard admits 127.0.0.1 only). */
let server: Server;
let receiverUrl = '';
const received: Received[] = [];

test.beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sanad-events`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function revealed(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Copy it now')).toBeVisible();
  const value = (await dialog.getByTestId('revealed-secret').innerText()).trim();
  return value;
}

test('a developer creates an API key (shown once), a webhook, sends a test event and sees its delivery', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin');
  await expectSignedIn(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Developer Tools' }).click();
  await expect(page).toHaveURL(/\/developers$/);
  await expect(page.getByRole('heading', { name: 'Call the API with a key' })).toBeVisible();
  await expect(page.getByText('Verify a webhook in Python')).toBeVisible();
  await screenshot(page, 'developers-guide-1440');

  // Application access: the key is shown once, then only its code key.
  await page.getByRole('tab', { name: 'Application Access' }).click();
  await expect(page).toHaveURL(/\/developers\/application-access$/);
  await page.getByRole('button', { name: 'Add application access' }).click();
  const form = page.getByRole('dialog', { name: 'Add application access' });
  await form.getByLabel('Title').fill('Core banking');
  await form.getByLabel('Bundle ID').fill('com.bank.core');
  await form.getByLabel('alerts:read').check();
  await form.getByRole('button', { name: 'Create and show key' }).click();
  const apiKey = await revealed(page);
  expect(apiKey).toMatch(/^snd_[0-9a-f]{16}\.[A-Za-z0-9_-]{43}$/);
  await screenshot(page, 'developers-key-once-1440');
  await page.getByRole('button', { name: 'I have copied it' }).click();
  const keys = page.getByRole('table', { name: 'Application access' });
  await expect(keys.getByText('Core banking')).toBeVisible();
  await expect(keys.getByText(apiKey.split('.')[0] ?? '')).toBeVisible();
  await expect(page.getByText(apiKey)).toHaveCount(0);
  await screenshot(page, 'developers-application-access-1440');

  // Webhooks: create, send a test event, see it delivered and signed.
  await page.getByRole('tab', { name: 'Webhooks' }).click();
  await expect(page).toHaveURL(/\/developers\/webhooks$/);
  await page.getByRole('button', { name: 'Add webhook' }).click();
  const hookForm = page.getByRole('dialog', { name: 'Add webhook' });
  await hookForm.getByLabel('Title').fill('Case tool');
  await hookForm.getByLabel('Endpoint URL').fill('https://10.0.0.8/events');
  await hookForm.getByRole('button', { name: 'Create and show secret' }).click();
  await expect(hookForm.getByText(/private, loopback or link-local address/).first()).toBeVisible();
  await hookForm.getByLabel('Endpoint URL').fill(receiverUrl);
  await chooseOption(page, 'Trigger point', 'Customer created');
  await hookForm.getByRole('button', { name: 'Create and show secret' }).click();
  const secret = await revealed(page);
  expect(secret).toMatch(/^whsec_/);
  await page.getByRole('button', { name: 'I have copied it' }).click();

  const hooks = page.getByRole('table', { name: 'Webhooks' });
  await expect(hooks.getByText('Case tool')).toBeVisible();
  await hooks.getByRole('button', { name: 'Actions for Case tool' }).click();
  await page.getByRole('menuitem', { name: 'Send test event' }).click();
  await expect(page.getByText('Test event queued; it appears in the delivery log once sent')).toBeVisible();
  await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1);

  const [delivery] = received;
  const signed = `${String(delivery?.headers['webhook-id'])}.${String(delivery?.headers['webhook-timestamp'])}.${delivery?.body ?? ''}`;
  const expected = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
    .update(signed)
    .digest('base64');
  expect(String(delivery?.headers['webhook-signature'])).toBe(`v1,${expected}`);
  expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({ type: 'webhook.test' });

  await hooks.getByRole('button', { name: 'Actions for Case tool' }).click();
  await page.getByRole('menuitem', { name: 'Delivery log' }).click();
  const log = page.getByRole('dialog', { name: 'Delivery log: Case tool' });
  await expect(log.getByText('Delivered')).toBeVisible({ timeout: 15_000 });
  await log.getByRole('button', { name: /webhook\.test/ }).click();
  await expect(log.getByText('HTTP 200 · 1 attempt')).toBeVisible();
  await expect(log.getByText('{"received":true}')).toBeVisible();
  await screenshot(page, 'developers-delivery-log-1440');
  await log.getByRole('button', { name: 'Resend' }).click();
  await expect.poll(() => received.length, { timeout: 30_000 }).toBe(2);
  expect(received[1]?.headers['webhook-id']).toBe(received[0]?.headers['webhook-id']);
  await page.keyboard.press('Escape');
  await screenshot(page, 'developers-webhooks-1440');
});

test('the Developer Tools pages fit a phone screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin');
  await expectSignedIn(page);
  for (const [path, name] of [
    ['/developers', 'developers-guide-390'],
    ['/developers/application-access', 'developers-application-access-390'],
    ['/developers/webhooks', 'developers-webhooks-390'],
    ['/developers/api-reference', 'developers-api-reference-390'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Developer Tools', level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, name);
  }
  await page.goto('/developers/webhooks');
  await page.getByRole('button', { name: 'Actions for Case tool' }).click();
  await page.getByRole('menuitem', { name: 'Delivery log' }).click();
  await expect(page.getByRole('dialog', { name: 'Delivery log: Case tool' }).getByText('webhook.test').first()).toBeVisible();
  await screenshot(page, 'developers-delivery-log-390');
});

test('the API reference lists every v1 operation with its scope and fields, read from the served OpenAPI document', async ({ page }) => {
  await signIn(page, 'admin');
  await expectSignedIn(page);
  await page.goto('/developers');
  await page.getByRole('tab', { name: 'API Reference' }).click();
  await expect(page).toHaveURL(/\/developers\/api-reference$/);
  const document = (await (await page.request.get('/api/v1/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
  const count = Object.values(document.paths).reduce((sum, methods) => sum + Object.keys(methods).length, 0);
  const operations = page.getByRole('button', { name: /^(GET|POST|PUT|DELETE) \/api\/v1\// });
  await expect(operations).toHaveCount(count);
  await page.getByRole('button', { name: 'POST /api/v1/onboarding-links' }).click();
  await expect(page.getByText('onboarding-links:write')).toBeVisible();
  const request = page.getByRole('table', { name: 'Request' });
  await expect(request.getByRole('row', { name: /channel/ })).toContainText('one of: email, sms');
  await screenshot(page, 'developers-api-reference-1440');
});
