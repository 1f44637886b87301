import { expect, test, type Page } from '@playwright/test';
import { PASSWORD } from '../environment';
import { prepareOwnServer, type OwnServer } from '../own-server';
import { screenshot } from '../support';

/**
 * The built-in mailbox needs a server without a mail server, unlike the shared test server: this
 * file starts its own, on the embedded database, with no SMTP_URL.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const ADMIN_EMAIL = 'mailbox-admin@e2e.test';
let own: OwnServer;
let baseUrl = '';

test.beforeAll(async () => {
  own = await prepareOwnServer('mailbox', ADMIN_EMAIL, ['SMTP_URL']);
  baseUrl = own.baseUrl;
  await own.start();
});

test.afterAll(() => own.stop());

const signInAsAdmin = (page: Page) => own.signInAsAdmin(page);

test('says at start-up where the mail goes without a mail server', () => {
  expect(own.output()).toContain(`read invitations and codes in the built-in mailbox at ${baseUrl}/mailbox`);
});

test('an invitation made without a mail server can be read in the mailbox, and its link sets the password', async ({ page, browser }) => {
  await signInAsAdmin(page);
  const email = `mailbox.invitee.${Date.now()}@e2e.test`;
  await page.goto(`${baseUrl}/users`);
  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add user' });
  await dialog.getByLabel('First name').fill('Mona');
  await dialog.getByLabel('Last name').fill('Mailbox');
  await dialog.getByLabel('Email').fill(email);
  await page.getByRole('combobox', { name: 'Role', exact: true }).click();
  await page.getByRole('option', { name: 'Checker', exact: true }).click();
  await dialog.getByRole('button', { name: 'Invite user' }).click();
  await expect(page.getByText('the e-mail waits in the built-in Mailbox')).toBeVisible();

  await page.getByTestId('profile-menu').click();
  await page.getByRole('menuitem', { name: 'Mailbox' }).click();
  await expect(page).toHaveURL(`${baseUrl}/mailbox`);
  const row = page.getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: 'You are invited to Sanad' }).click();
  const message = page.getByRole('dialog', { name: 'You are invited to Sanad' });
  const link = message.getByRole('link', { name: /\/users\/create-password\// });
  await expect(link).toBeVisible();
  await screenshot(page, 'mailbox-invitation');
  const href = (await link.getAttribute('href')) ?? '';
  expect(href.startsWith(`${baseUrl}/users/create-password/`)).toBe(true);

  // The administrator passes the link on; the invitee opens it in their own browser.
  const invitee = await browser.newPage();
  await invitee.goto(href);
  await expect(invitee.getByRole('heading', { name: 'Set your password' })).toBeVisible();
  await invitee.close();
});

test("the administrator's own one-time code is in the mailbox, and the code dialog points there", async ({ page }) => {
  await signInAsAdmin(page);
  await page.getByTestId('profile-menu').click();
  await page.getByRole('menuitem', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await dialog.getByLabel('Old Password').fill(PASSWORD);
  await dialog.getByLabel('New Password').fill('E2e-pass2');
  await dialog.getByLabel('Confirm Password').fill('E2e-pass2');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  const codeDialog = page.getByRole('dialog', { name: 'Two-Factor Authentication' });
  await expect(codeDialog.getByRole('link', { name: 'open the Mailbox in a new tab' })).toHaveAttribute('href', '/mailbox');

  const mailbox = await page.context().newPage();
  await mailbox.goto(`${baseUrl}/mailbox`);
  const row = mailbox.getByRole('row').filter({ hasText: ADMIN_EMAIL });
  await row.first().getByRole('button').click();
  await expect(mailbox.getByRole('dialog').getByText(/\b\d{6}\b/)).toBeVisible();
});
