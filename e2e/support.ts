import { expect, type Page } from '@playwright/test';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ACCOUNTS, PASSWORD, ROOT, type AccountName } from './environment';
import { MAIL_DIR, type ReceivedMail } from './mail-sink';

export async function signIn(page: Page, account: AccountName, password = PASSWORD): Promise<void> {
  await page.goto('/');
  await fillSignIn(page, account, password);
}

/** Fills the sign-in form on the page as it is (keeping a remembered redirect). */
export async function fillSignIn(page: Page, account: AccountName, password = PASSWORD): Promise<void> {
  await page.getByLabel('Email or username').fill(ACCOUNTS[account].email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signed in: the shell's main navigation is drawn. Signing in checks an Argon2 hash and loads the
 * shell's first data; on a busy two-core CI machine that has taken more than the usual 10 seconds.
 */
export async function expectSignedIn(page: Page): Promise<void> {
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 30_000 });
}

/** Full-page screenshots go to test-results/screenshots for people to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(ROOT, 'test-results', 'screenshots', `${name}.png`), fullPage: true });
}

/** Picks a file through the upload control as a user would: click it, answer the file chooser. */
export async function chooseFile(page: Page, label: string, file: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: label, exact: true }).click();
  await (await chooser).setFiles(file);
}

const CODE_LINE = /code to [a-z ]+ is: (\d{6})/;

/**
 * The one-time code in the newest e-mail to `address` that arrived after `since` (epoch ms),
 * waiting for it to come through the outbox. The sink names each file `<arrival ms>-<seq>-<to>.eml`.
 */
export async function readNewestCode(address: string, since = 0, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = existsSync(MAIL_DIR)
      ? readdirSync(MAIL_DIR)
          .filter((file) => file.endsWith('.eml'))
          .toSorted()
          .toReversed()
      : [];
    for (const file of files) {
      if (Number(file.split('-')[0]) <= since) break;
      const raw = readFileSync(path.join(MAIL_DIR, file), 'utf8').replace(/=\r?\n/g, '');
      const to = /^X-Envelope-To: (.*)$/m.exec(raw)?.[1]?.trim().toLowerCase();
      const code = CODE_LINE.exec(raw)?.[1];
      if (to === address.toLowerCase() && code) return code;
    }
    if (Date.now() > deadline) throw new Error(`no code was mailed to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Waits for the newest e-mail to `address` received after `since` (epoch ms) and returns the
 * first link in it whose path contains `linkPath` (e.g. users/create-password), as a path. The
 * sink names each file `<arrival ms>-<seq>-<to>.eml`.
 */
export async function waitForMailLink(
  address: string,
  linkPath: string,
  since: number,
  timeoutMs = 30_000,
): Promise<{ mail: ReceivedMail; path: string }> {
  const deadline = Date.now() + timeoutMs;
  const wanted = address.toLowerCase();
  while (Date.now() < deadline) {
    const files = existsSync(MAIL_DIR)
      ? readdirSync(MAIL_DIR)
          .filter((file) => file.endsWith('.eml'))
          .toSorted()
          .toReversed()
      : [];
    for (const file of files) {
      if (Number(file.split('-')[0]) < since) break;
      const raw = readFileSync(path.join(MAIL_DIR, file), 'utf8');
      const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      const to = /^X-Envelope-To: (.*)$/m.exec(raw)?.[1]?.trim().toLowerCase() ?? '';
      if (!to.split(',').includes(wanted)) continue;
      const match = new RegExp(`https?://[^\\s"<>]+/${linkPath}/[A-Za-z0-9_-]+`).exec(text);
      if (match) return { mail: { to, subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '', text }, path: new URL(match[0]).pathname };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no e-mail to ${address} with a ${linkPath} link arrived`);
}

/**
 * Draws a signature on the Signature Panel's pad with the mouse, in two strokes, and waits until it is
 * saved; a form builder signature field's pad is named by the field's label.
 */
export async function drawSignature(page: Page, padName = 'Signature pad'): Promise<void> {
  const pad = page.getByRole('img', { name: padName });
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('The signature pad is not on the page');
  const at = (x: number, y: number) => [box.x + box.width * x, box.y + box.height * y] as const;
  const strokes = [
    [at(0.1, 0.6), at(0.2, 0.3), at(0.3, 0.7), at(0.4, 0.35), at(0.5, 0.65)],
    [at(0.55, 0.5), at(0.7, 0.4), at(0.85, 0.6)],
  ];
  for (const stroke of strokes) {
    const [first, ...rest] = stroke;
    if (!first) continue;
    await page.mouse.move(...first);
    await page.mouse.down();
    for (const point of rest) await page.mouse.move(...point, { steps: 6 });
    await page.mouse.up();
  }
  await expect(page.getByRole('status').filter({ hasText: 'Signature saved' })).toBeVisible({ timeout: 20_000 });
}

/** Signs the Signature Panel: draws, then gives the name and position and agrees to sign electronically. */
export async function signSignaturePanel(page: Page, name: string, position = 'Account holder'): Promise<void> {
  await drawSignature(page);
  const panel = page.getByRole('group', { name: /Signature Panel/ });
  await panel.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await panel.getByRole('textbox', { name: 'Position', exact: true }).fill(position);
  await panel.getByRole('checkbox', { name: /electronically signing this form/ }).check();
}

/**
 * Proves a public registration's contact as the customer does: 'Send code', the captcha solves
 * itself in the browser, the code is read from the mail sink and submitted in the code dialog.
 */
export async function verifyContactByCode(page: Page, address: string): Promise<void> {
  const requestedAt = Date.now();
  await page.getByRole('button', { name: 'Send code' }).click();
  const otpDialog = page.getByRole('dialog', { name: 'Two-Factor Authentication' });
  // ALTCHA's proof of work runs at the production work factor.
  await expect(otpDialog).toBeVisible({ timeout: 45_000 });
  await expect(otpDialog.getByText(/You can resend the code in \d+ seconds/)).toBeVisible();
  const code = await readNewestCode(address, requestedAt - 1000, 60_000);
  await otpDialog.getByLabel('OTP').fill(code);
  await otpDialog.getByRole('button', { name: 'Submit OTP' }).click();
  await expect(page.getByTestId('contact-verified')).toBeVisible();
}

/** Picks an option of a combobox by the field's label. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Nothing on the page is wider than the window (a phone must never scroll sideways). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  // Polled: the layout settles a moment after a resize or a reload.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);
}
