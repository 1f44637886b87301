import { expect, test, type Browser, type Page } from '@playwright/test';
import { PERMISSION_LABELS } from '@sanad/contracts/permission-labels';
import { expectNoSidewaysScroll, expectSignedIn, screenshot, signIn, waitForMailLink } from '../support';

// Each test invites and activates accounts through e-mail, which takes a while on a busy machine.
test.describe.configure({ timeout: 120_000 });

/** A unique address per run, so tests never collide with accounts of an earlier test. */
const uniqueEmail = (name: string) => `${name}.${Date.now()}.${Math.floor(Math.random() * 1000)}@e2e.test`;

async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function sidebarLabels(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  return nav.locator(':scope a, :scope button').allInnerTexts();
}

/** Invites a user from the System Users screen, as an administrator signed in on `page`. */
async function inviteUser(
  page: Page,
  person: { firstName: string; lastName: string; email: string; role: string },
  shot?: string,
): Promise<void> {
  await page.goto('/users');
  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add user' });
  await dialog.getByLabel('First name').fill(person.firstName);
  await dialog.getByLabel('Last name').fill(person.lastName);
  await dialog.getByLabel('Email').fill(person.email);
  await chooseOption(page, 'Role', person.role);
  if (shot) await screenshot(page, shot);
  await dialog.getByRole('button', { name: 'Invite user' }).click();
  await expect(page.getByText('User created successfully. An invitation has been sent by e-mail')).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** Opens the invitation link in a fresh browser, sets the password and lands signed in. */
async function acceptInvitation(browser: Browser, email: string, password: string, since: number, shot?: string): Promise<Page> {
  const { path } = await waitForMailLink(email, 'users/create-password', since);
  const page = await browser.newPage();
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Set your password' })).toBeVisible();
  await expect(page).toHaveTitle('Sanad | Set Password');
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByTestId('password-history-hint').hover();
  await expect(page.getByRole('tooltip')).toHaveText('Your new password cannot be any of your last 10 passwords');
  if (shot) await screenshot(page, shot);
  await page.getByRole('button', { name: 'Activate account' }).click();
  await expectSignedIn(page);
  return page;
}

async function signOutOf(page: Page): Promise<void> {
  await page.getByTestId('profile-menu').click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
}

async function signInWith(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email or username').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('invites a user by e-mail, who sets a password on the create-password page and signs in', async ({ page, browser }) => {
  await signIn(page, 'admin');
  await expectSignedIn(page);
  const email = uniqueEmail('invitee');
  const since = Date.now();
  await inviteUser(page, { firstName: 'Imran', lastName: 'Invitee', email, role: 'Checker' }, 'users-invite-form');
  await page.getByRole('textbox', { name: 'Search' }).fill(email);
  await page.getByRole('textbox', { name: 'Search' }).press('Enter');
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row.getByText('Pending')).toBeVisible();
  // Who sent the invitation, by full name: the first administrator, not 'System'.
  await expect(row.getByRole('cell', { name: 'System Administrator', exact: true })).toBeVisible();
  await expect(page.getByText('Showing 1 to 1 of 1 records')).toBeVisible();
  // A pending account is sent its invitation again or archived; it becomes active only by accepting it.
  await row.getByRole('button', { name: 'Actions for Imran Invitee' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Edit', 'Resend invitation', 'Archive']);
  await screenshot(page, 'users-pending-actions');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('combobox', { name: 'Rows per page' })).toBeDisabled();

  const invitee = await acceptInvitation(browser, email, 'Welcome1!', since, 'users-create-password');
  await expect(invitee.getByTestId('role-name')).toHaveText('Checker');
  await signOutOf(invitee);
  await signInWith(invitee, email, 'Welcome1!');
  await expectSignedIn(invitee);

  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: email }).getByText('Active')).toBeVisible();
  await screenshot(page, 'users-list');
});

test("limits the sidebar to a new role's permissions for the user who holds it", async ({ page, browser }) => {
  await signIn(page, 'admin');
  await expectSignedIn(page);
  await page.getByRole('link', { name: 'Users' }).click();
  await page.getByRole('tab', { name: 'Roles' }).click();
  await expect(page).toHaveURL('/users/roles');
  await expect(page.getByRole('tab', { name: 'Roles' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveTitle('Sanad | Roles');

  const title = `Roles Reader ${Date.now()}`;
  await page.getByRole('button', { name: 'Add role' }).click();
  const editor = page.getByRole('dialog', { name: 'Add role' });
  for (const group of ['Insights', 'Customer profiles', 'Configurations', 'System user', 'System logs', 'Status review']) {
    await expect(editor.getByRole('checkbox', { name: `Select all ${group}` })).toBeVisible();
  }
  await editor.getByLabel('Title').fill(title);
  await editor.getByRole('checkbox', { name: 'Select all Status review' }).check();
  await editor.getByRole('checkbox', { name: 'Select all Status review' }).uncheck();
  // Each permission shows its name and what it allows, never its code.
  await expect(editor.getByText('view-activity-dashboard', { exact: true })).toHaveCount(0);
  await expect(editor.getByText(PERMISSION_LABELS['view-roles'].description)).toBeVisible();
  for (const permission of ['view-activity-dashboard', 'view-notifications', 'view-roles'] as const) {
    await editor.getByRole('checkbox', { name: PERMISSION_LABELS[permission].label, exact: true }).check();
  }
  await expect(editor.getByRole('checkbox', { name: 'Select all Insights' })).toHaveAttribute('data-indeterminate', 'true');
  await editor.getByLabel('Title').scrollIntoViewIfNeeded();
  await screenshot(page, 'roles-editor');
  await editor.getByRole('button', { name: 'Add role' }).click();
  await expect(page.getByText('Role created successfully')).toBeVisible();
  await page.getByRole('textbox', { name: 'Search' }).fill(title);
  await page.getByRole('textbox', { name: 'Search' }).press('Enter');
  await expect(page.getByRole('row').filter({ hasText: title }).getByRole('cell', { name: '0', exact: true })).toBeVisible();
  await screenshot(page, 'roles-list');

  const email = uniqueEmail('reader');
  const since = Date.now();
  await inviteUser(page, { firstName: 'Rida', lastName: 'Reader', email, role: title });

  // The list narrowed to the new role's holders: the choice is kept in the address like the page and search.
  // (Where the choices span data segments, each role is named with its company.)
  await page.getByRole('combobox', { name: 'Filter by role', exact: true }).click();
  await page.getByRole('option', { name: new RegExp(`^${title}( \\(|$)`) }).click();
  await expect(page).toHaveURL(/[?&]roleId=[0-9a-f-]{36}/);
  await expect(page.getByText('Showing 1 to 1 of 1 records')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: email })).toBeVisible();
  await screenshot(page, 'users-role-filter');
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: email })).toBeVisible();
  await expect(page.getByText('Showing 1 to 1 of 1 records')).toBeVisible();
  await page.getByRole('combobox', { name: 'Filter by role', exact: true }).click();
  await page.getByRole('option', { name: 'All roles', exact: true }).click();
  await expect(page).not.toHaveURL(/roleId=/);

  const reader = await acceptInvitation(browser, email, 'Reader12!', since);
  expect(await sidebarLabels(reader)).toEqual(['Insights', 'Users', 'Notifications']);
  await reader.getByRole('link', { name: 'Users' }).click();
  await expect(reader).toHaveURL('/users/roles');
  await expect(reader.getByRole('tab')).toHaveText(['Roles']);
  await expect(reader.getByRole('button', { name: 'Add role' })).toHaveCount(0);
  await screenshot(reader, 'sidebar-custom-role');
});

test('archives and activates a user through a confirmation that neither Esc nor the backdrop closes', async ({ page, browser }) => {
  await signIn(page, 'admin');
  await expectSignedIn(page);
  const email = uniqueEmail('toggled');
  const since = Date.now();
  await inviteUser(page, { firstName: 'Tariq', lastName: 'Toggled', email, role: 'Analyst' });
  const member = await acceptInvitation(browser, email, 'Toggle12!', since);

  await page.getByRole('textbox', { name: 'Search' }).fill(email);
  await page.getByRole('textbox', { name: 'Search' }).press('Enter');
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row.getByText('Active')).toBeVisible();

  await row.getByRole('button', { name: 'Actions for Tariq Toggled' }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  const dialog = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(dialog).toContainText('Are you sure you want to archive Tariq Toggled?');
  await page.keyboard.press('Escape');
  await page.mouse.click(8, 8);
  await expect(dialog).toBeVisible();
  await screenshot(page, 'users-confirm-archive');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Active')).toBeVisible();

  await row.getByRole('button', { name: 'Actions for Tariq Toggled' }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await dialog.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText('User archived successfully')).toBeVisible();
  await expect(row.getByText('Archived')).toBeVisible();
  // Archiving ended the member's session: their next navigation goes to the login page.
  await member.goto('/insights/activity-dashboard');
  await expect(member.getByRole('button', { name: 'Sign in' })).toBeVisible();

  await row.getByRole('button', { name: 'Actions for Tariq Toggled' }).click();
  await page.getByRole('menuitem', { name: 'Activate' }).click();
  await expect(dialog).toContainText('Are you sure you want to activate Tariq Toggled?');
  await dialog.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText('User activated successfully')).toBeVisible();
  await expect(row.getByText('Active')).toBeVisible();
  await signInWith(member, email, 'Toggle12!');
  await expectSignedIn(member);
});

test('resets a forgotten password with the e-mailed link', async ({ page, browser }) => {
  await signIn(page, 'admin');
  await expectSignedIn(page);
  const email = uniqueEmail('forgetful');
  const invited = Date.now();
  await inviteUser(page, { firstName: 'Farah', lastName: 'Forgetful', email, role: 'Analyst' });
  const first = await acceptInvitation(browser, email, 'Original1!', invited);
  await first.close();

  const guest = await browser.newPage();
  await guest.goto('/');
  await guest.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(guest).toHaveURL('/users/forgot-password');
  await expect(guest).toHaveTitle('Sanad | Forgot Password');
  const asked = Date.now();
  await guest.getByLabel('Email').fill(email);
  await guest.getByRole('button', { name: 'Send reset link' }).click();
  await expect(guest.getByRole('status')).toHaveText(
    'If an account exists for this email address, a password reset link has been sent to it',
  );
  await screenshot(guest, 'forgot-password');

  const { path } = await waitForMailLink(email, 'users/reset-password', asked);
  await guest.goto(path);
  await expect(guest.getByRole('heading', { name: 'Reset password' })).toBeVisible();
  await guest.getByLabel('New password').fill('Original1!');
  await guest.getByLabel('Confirm password').fill('Original1!');
  await guest.getByRole('button', { name: 'Reset password' }).click();
  await expect(guest.getByRole('alert')).toHaveText('You cannot reuse any of your last 10 passwords');
  await guest.getByLabel('Confirm password').fill('Mismatch1!');
  await guest.getByLabel('New password').fill('Renewed12!');
  await guest.getByRole('button', { name: 'Reset password' }).click();
  await expect(guest.getByRole('alert')).toHaveText('Passwords do not match');
  await guest.getByLabel('Confirm password').fill('Renewed12!');
  await screenshot(guest, 'reset-password');
  await guest.getByRole('button', { name: 'Reset password' }).click();
  await expect(guest.getByRole('status')).toHaveText('Your password has been reset successfully. You can now sign in');

  // The link is used up: opening it again says so at once, before anything is typed.
  await guest.goto(path);
  await expect(guest.getByRole('alert')).toHaveText('This link is invalid or has expired');
  await expect(guest.getByLabel('New password')).toHaveCount(0);
  await screenshot(guest, 'reset-password-used-link');
  await guest.getByRole('link', { name: 'Back to sign in' }).click();
  await signInWith(guest, email, 'Renewed12!');
  await expectSignedIn(guest);
});

test('creates a data segment and switches the active segment from the header', async ({ page }) => {
  await signIn(page, 'admin');
  await expectSignedIn(page);
  await page.goto('/users/data-segments');
  await expect(page.getByRole('tab', { name: 'Data Segments' })).toHaveAttribute('aria-selected', 'true');
  const company = `Crescent Exchange ${Date.now()}`;
  await page.getByRole('button', { name: 'Add data segment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add data segment' });
  await dialog.getByLabel('Client (company name)').fill(company);
  await dialog.getByLabel('Contact person').fill('Sara Qureshi');
  // A trial starts with the trial's onboardings, never none.
  await expect(dialog.getByLabel('Tier (profiles assigned)')).toHaveValue('25');
  await dialog.getByLabel('Tier (profiles assigned)').fill('250');
  await dialog.getByLabel('Next review (years)').fill('2');
  await dialog.getByLabel('Sales lead').fill('Omar');
  await screenshot(page, 'data-segment-form');
  await dialog.getByRole('button', { name: 'Add data segment' }).click();
  await expect(page.getByText('Data segment created successfully')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: company });
  await expect(row.getByText('Trial')).toBeVisible();
  await expect(row.getByText('2 years')).toBeVisible();
  await screenshot(page, 'data-segments');

  const switcher = page.getByRole('combobox', { name: 'Active data segment' });
  await expect(switcher).toBeVisible();
  await switcher.click();
  await page.getByRole('option', { name: company }).click();
  await expect(switcher).toHaveValue(company);
  await page.getByRole('tab', { name: 'Roles' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Compliance Officer' })).toBeVisible();
  await screenshot(page, 'segment-switcher');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Active data segment' })).toHaveValue(company);
});

test('lists team members and adds one', async ({ page }) => {
  await signIn(page, 'admin');
  await expectSignedIn(page);
  await page.getByRole('link', { name: 'Team Members' }).click();
  await expect(page).toHaveURL('/team-members');
  await page.getByRole('button', { name: 'Add team member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add team member' });
  const email = uniqueEmail('member');
  await dialog.getByLabel('First name').fill('Tahir');
  await dialog.getByLabel('Last name').fill('Teammate');
  await dialog.getByLabel('Email').fill(email);
  await chooseOption(page, 'Role', 'Analyst');
  await dialog.getByRole('button', { name: 'Add and invite' }).click();
  await expect(page.getByText('Team member added successfully. An invitation has been sent by e-mail')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: email }).getByText('Pending')).toBeVisible();
  await waitForMailLink(email, 'team-member/create-password', 0);
  await screenshot(page, 'team-members');
});

/** Badge labels in the visible table whose text is cut (shown with an ellipsis). */
async function clippedBadges(page: Page): Promise<string[]> {
  return page
    .locator('table .mantine-Badge-label')
    .evaluateAll((labels) => labels.filter((label) => label.scrollWidth > label.clientWidth + 1).map((label) => label.textContent ?? ''));
}

for (const width of [1440, 390]) {
  test(`shows whole status badges and search hints on Users and Data segments at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, 'admin');
    await expectSignedIn(page);
    for (const [path, name] of [
      ['/users', 'users'],
      ['/users/data-segments', 'data-segments'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
      expect(await clippedBadges(page)).toEqual([]);
      const search = page.getByRole('textbox', { name: 'Search' });
      const placeholderFits = await search.evaluate((input: HTMLInputElement) => {
        const context = document.createElement('canvas').getContext('2d');
        if (!context) return false;
        const style = getComputedStyle(input);
        context.font = `${style.fontSize} ${style.fontFamily}`;
        const room = input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
        return context.measureText(input.placeholder).width <= room;
      });
      expect(placeholderFits).toBe(true);
      if (path === '/users') await expect(page.getByRole('combobox', { name: 'Filter by role', exact: true })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await screenshot(page, `${name}-${width}`);
    }
  });
}
