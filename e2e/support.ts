import { expect, type Page } from '@playwright/test';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ACCOUNTS, PASSWORD, ROOT, type AccountName } from './environment';
import { MAIL_DIR } from './mail-sink';

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

export async function expectSignedIn(page: Page): Promise<void> {
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

/** Full-page screenshots go to test-results/screenshots for people to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(ROOT, 'test-results', 'screenshots', `${name}.png`), fullPage: true });
}

/** Picks a file through the upload control as a user would: click it, answer the file chooser. */
export async function chooseFile(page: Page, label: string, file: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: label }).click();
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
    const files = existsSync(MAIL_DIR) ? readdirSync(MAIL_DIR).filter((file) => file.endsWith('.eml')).toSorted().toReversed() : [];
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
