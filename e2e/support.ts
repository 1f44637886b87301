import { expect, type Page } from '@playwright/test';
import path from 'node:path';
import { ACCOUNTS, PASSWORD, ROOT, type AccountName } from './environment';

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
