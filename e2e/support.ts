import { expect, type Page } from '@playwright/test';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ACCOUNTS, PASSWORD, ROOT, type AccountName } from './environment';
import { MAIL_DIR, type StoredMail } from './mail-sink';

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

/**
 * The newest e-mail to `address` that arrived after `since` (epoch ms) and matches `matching`,
 * waiting for it to come through the outbox; its raw text with quoted-printable soft breaks joined.
 */
export async function readNewestMail(address: string, options: { since?: number; matching?: RegExp; timeoutMs?: number } = {}): Promise<string> {
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  for (;;) {
    const files = existsSync(MAIL_DIR) ? readdirSync(MAIL_DIR).toSorted().toReversed() : [];
    for (const file of files) {
      const mail = JSON.parse(readFileSync(path.join(MAIL_DIR, file), 'utf8')) as StoredMail;
      const text = mail.raw.replace(/=\r?\n/g, '');
      if (mail.receivedAt > (options.since ?? 0) && mail.to.includes(address.toLowerCase()) && (!options.matching || options.matching.test(text))) return text;
    }
    if (Date.now() > deadline) throw new Error(`no matching e-mail to ${address} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const CODE_LINE = /code to [a-z ]+ is: (\d{6})/;

/** The one-time code in the newest e-mail carrying one to `address` after `since`. */
export async function readNewestCode(address: string, since = 0): Promise<string> {
  const code = CODE_LINE.exec(await readNewestMail(address, { since, matching: CODE_LINE }))?.[1];
  if (!code) throw new Error(`no code was mailed to ${address}`);
  return code;
}
