import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { makePng } from '@sanad/test-support/sample-files';
import { ROOT } from '../environment';
import { waitForMail } from '../mail-sink';
import { chooseFile, expectNoSidewaysScroll, screenshot, signIn } from '../support';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A logo image on disk for the file chooser: a coloured bar of the given size. */
function logoFile(name: string, rgb: [number, number, number]): string {
  const folder = path.join(ROOT, 'test-results', 'branding');
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, name);
  writeFileSync(file, makePng(160, 48, rgb));
  return file;
}

/** A button's background colour, with the pointer moved off it so its hover shade does not count. */
async function backgroundOf(page: Page, name: string): Promise<string> {
  await page.mouse.move(1, 1);
  return page.getByRole('button', { name, exact: true }).evaluate((element) => getComputedStyle(element).backgroundColor);
}

test('the operator changes the primary colour and the logo; the app takes them without a reload', async ({ page }) => {
  await page.setViewportSize(WIDE);
  await signIn(page, 'admin');
  await page.waitForURL((url) => url.pathname !== '/');
  await page.goto('/configuration');
  await page
    .getByTestId('configuration-home')
    .getByRole('link', { name: /Branding/ })
    .click();
  await expect(page).toHaveURL('/configuration/branding');
  await expect(page.getByRole('heading', { name: 'Branding', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Configuration' }).getByRole('link', { name: 'Branding' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // A colour that is not #RRGGBB is refused in the form.
  const primary = page.getByRole('textbox', { name: 'Primary colour' });
  await primary.fill('blue');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').getByText('Use a colour in the form #RRGGBB')).toBeVisible();

  await primary.fill('#1D4ED8');
  await expect(page.getByTestId('branding-preview').getByRole('button', { name: 'Primary button' })).toHaveCSS(
    'background-color',
    'rgb(29, 78, 216)',
  );
  await chooseFile(page, 'Light logo', logoFile('operator-logo.png', [29, 78, 216]));
  await expect(page.getByRole('img', { name: 'Light logo preview' })).toBeVisible();
  await screenshot(page, 'branding-1440-1-edit');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Branding saved successfully')).toBeVisible();

  // Applied at once: the theme's primary colour and the header's logo, no reload.
  await expect.poll(() => backgroundOf(page, 'Save')).toBe('rgb(29, 78, 216)');
  const headerLogo = page.getByRole('banner').getByRole('img', { name: 'Logo' });
  await expect(headerLogo).toBeVisible();
  await expect(headerLogo).toHaveAttribute('src', /^\/api\/files\/logo\/.+\.enc$/);
  await screenshot(page, 'branding-1440-2-saved');

  // A new page load keeps it (cached display settings), and so does a phone.
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByRole('banner').getByRole('img', { name: 'Logo' })).toBeVisible();
  await expect.poll(() => backgroundOf(page, 'Save')).toBe('rgb(29, 78, 216)');
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'branding-390-saved');

  // Back to the defaults, so the other browser tests see Sanad's own brand.
  await page.getByRole('button', { name: 'Reset to defaults' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Branding saved successfully')).toBeVisible();
  await expect.poll(() => backgroundOf(page, 'Save')).toBe('rgb(11, 110, 79)');
  await expect(page.getByRole('banner').getByRole('img', { name: 'Logo' })).toHaveCount(0);
});

test("a segment's labeling shows its client logo and name on its public deep-register page", async ({ page, browser }) => {
  await page.setViewportSize(WIDE);
  await signIn(page, 'labeler');
  await page.waitForURL((url) => url.pathname !== '/');
  await page.goto('/configuration');
  await page
    .getByTestId('configuration-home')
    .getByRole('link', { name: /Labeling/ })
    .click();
  await expect(page).toHaveURL('/configuration/labeling');
  await expect(page.getByRole('heading', { name: 'Labeling', level: 1 })).toBeVisible();

  await page.getByRole('textbox', { name: 'Name shown to customers' }).fill('Crescent Microfinance Bank');
  await page.getByRole('textbox', { name: 'Support e-mail' }).fill('help@crescent.example');
  await chooseFile(page, 'Client logo', logoFile('client-logo.png', [190, 30, 45]));
  await expect(page.getByRole('img', { name: 'Client logo preview' })).toBeVisible();
  await expect(page.getByTestId('labeling-preview')).toContainText('Crescent Microfinance Bank');
  await screenshot(page, 'labeling-1440-edit');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Labeling saved successfully')).toBeVisible();
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Name shown to customers' })).toHaveValue('Crescent Microfinance Bank');
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'labeling-390-saved');

  // A deep link of that segment, sent as staff do.
  const email = `crescent.${Date.now()}@e2e.test`;
  await page.goto('/register-customer');
  await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Hina');
  await page.getByRole('textbox', { name: 'Last name', exact: true }).fill('Labelled');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('heading', { name: 'Link sent' })).toBeVisible();
  const mail = await waitForMail(email, 'Complete your registration', 60_000);
  const found = /https?:\/\/[^\s"<>]+\/([0-9a-f-]{36})\/([A-Za-z0-9_-]{43})\/deep-register/.exec(mail.text.replace(/=\r?\n/g, ''));
  expect(found).not.toBeNull();
  const linkPath = new URL(found?.[0] ?? '').pathname;

  for (const [viewport, name] of [
    [PHONE, 'labeling-390-deep-register'],
    [WIDE, 'labeling-1440-deep-register'],
  ] as const) {
    const context = await browser.newContext({ viewport });
    const customer = await context.newPage();
    await customer.goto(linkPath);
    const label = customer.getByTestId('client-label');
    await expect(label).toBeVisible();
    await expect(label).toContainText('Crescent Microfinance Bank');
    await expect(label.getByRole('img', { name: 'Crescent Microfinance Bank' })).toHaveAttribute('src', /^\/api\/files\/logo\/.+\.enc$/);
    await expect(label.getByRole('link', { name: 'help@crescent.example' })).toHaveAttribute('href', 'mailto:help@crescent.example');
    await expect(customer.getByText('Sanad', { exact: true })).toHaveCount(0);
    await expectNoSidewaysScroll(customer);
    await screenshot(customer, name);
    await context.close();
  }
});
