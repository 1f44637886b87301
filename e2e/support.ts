import { expect, type Page } from '@playwright/test';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ACCOUNTS, MAIL_DIR, PASSWORD, ROOT, type AccountName } from './environment';
import type { StoredMail } from './mail-sink';

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
 * Waits for the newest e-mail to `address` received after `since` (epoch ms) and returns the
 * first link in it whose path contains `linkPath` (e.g. users/create-password), as a path.
 */
export async function waitForMailLink(address: string, linkPath: string, since: number, timeoutMs = 30_000): Promise<{ mail: StoredMail; path: string }> {
  const deadline = Date.now() + timeoutMs;
  const wanted = address.toLowerCase();
  while (Date.now() < deadline) {
    const files = existsSync(MAIL_DIR) ? readdirSync(MAIL_DIR).filter((file) => file.endsWith('.json')).toSorted().toReversed() : [];
    for (const file of files) {
      const mail = JSON.parse(readFileSync(path.join(MAIL_DIR, file), 'utf8')) as StoredMail;
      if (mail.receivedAt < since || !mail.to.includes(wanted)) continue;
      const match = new RegExp(`https?://[^\\s]+/${linkPath}/[A-Za-z0-9_-]+`).exec(mail.text);
      if (match) return { mail, path: new URL(match[0]).pathname };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no e-mail to ${address} with a ${linkPath} link arrived`);
}
