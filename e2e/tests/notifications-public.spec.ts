import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNTS, PASSWORD, SUPPORT_EMAIL, type AccountName } from '../environment';
import { waitForMail } from '../mail-sink';
import { expectSignedIn, screenshot, signIn } from '../support';
import { makePdf, makePng } from '@sanad/test-support/sample-files';

interface ApiSession {
  token: string;
  dataSegmentId: string;
}

async function apiSignIn(request: APIRequestContext, account: AccountName): Promise<ApiSession> {
  const response = await request.post('/api/users/login', { data: { email: ACCOUNTS[account].email, password: PASSWORD } });
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: { accessToken: string } };
  const claims = JSON.parse(Buffer.from(data.accessToken.split('.')[1] ?? '', 'base64url').toString()) as { dataSegment: { _id: string } };
  return { token: data.accessToken, dataSegmentId: claims.dataSegment._id };
}

/** Notifications come from events; an announcement by an administrator is the quickest one to cause. */
async function announce(
  request: APIRequestContext,
  admin: ApiSession,
  title: string,
  description: string,
  category: 'general' | 'external' = 'general',
) {
  const response = await request.post('/api/configurations/notifications/broadcast', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { dataSegmentId: admin.dataSegmentId, title, description, category },
  });
  expect(response.ok()).toBe(true);
}

async function markAllRead(request: APIRequestContext, account: AccountName) {
  const session = await apiSignIn(request, account);
  await request.post('/api/configurations/notifications', {
    headers: { authorization: `Bearer ${session.token}` },
    data: { markAllRead: true },
  });
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

test.describe('notifications', () => {
  test('the bell shows the unread count, opens a notification in its detail popup and marks all read', async ({ page, request }) => {
    await markAllRead(request, 'reader');
    const admin = await apiSignIn(request, 'admin');
    await announce(
      request,
      admin,
      'Screening lists updated',
      'The UN consolidated list was imported this morning.\n\nNo new matches were found in your customer base.',
    );
    await announce(request, admin, 'Scheduled maintenance', 'The service may be unavailable between 00:00 and 06:00 on Sunday.');
    await announce(request, admin, 'Release notes', 'https://example.org/sanad/release-notes', 'external');

    await signIn(page, 'reader');
    await expectSignedIn(page);
    await expect(bell(page)).toHaveAccessibleName('Notifications, 3 unread');
    await expect(page.getByTestId('notification-count')).toContainText('3');
    await screenshot(page, 'notifications-bell-badge');

    await bell(page).click();
    const dialog = page.getByRole('dialog', { name: 'Notifications (3 unread)' });
    await expect(dialog).toBeVisible();
    const items = dialog.getByRole('list', { name: 'Notifications' }).getByRole('button');
    await expect(items).toHaveCount(3);
    await expect(items.first()).toContainText('Release notes');
    await expect(items.first()).toContainText(/\d+ seconds? ago|\d+ minutes? ago/);
    await screenshot(page, 'notifications-dialog');

    await items.filter({ hasText: 'Screening lists updated' }).click();
    const detail = page.getByRole('dialog', { name: 'Notification', exact: true });
    await expect(detail.getByRole('heading', { name: 'Screening lists updated' })).toBeVisible();
    const pane = detail.getByTestId('notification-detail-pane');
    // Measure once the popup's opening transition (a slight scale) has finished.
    await expect(detail).toHaveCSS('opacity', '1');
    expect((await pane.boundingBox())?.height).toBeCloseTo(260, 0);
    await screenshot(page, 'notification-detail');
    await detail.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog', { name: 'Notifications (2 unread)' })).toBeVisible();
    await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');

    await page
      .getByRole('dialog', { name: /Notifications/ })
      .getByRole('button', { name: /Release notes/ })
      .click();
    const link = page
      .getByRole('dialog', { name: 'Notification', exact: true })
      .getByRole('link', { name: 'https://example.org/sanad/release-notes' });
    await expect(link).toHaveAttribute('href', 'https://example.org/sanad/release-notes');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await page.getByRole('dialog', { name: 'Notification', exact: true }).getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    await expect(page.getByTestId('notification-count')).not.toContainText(/\d/);
    await screenshot(page, 'notifications-dialog-all-read');
  });

  test('the /notifications page lists them newest first, filters unread ones and marks all read', async ({ page, request }) => {
    await markAllRead(request, 'reader');
    const admin = await apiSignIn(request, 'admin');
    await announce(
      request,
      admin,
      'Quarterly risk review due',
      'Review the risk ratings of high-risk customers before the end of the quarter.',
    );
    await announce(request, admin, 'New team member', 'Sara Malik joined the compliance team.');

    await signIn(page, 'reader');
    await expectSignedIn(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Notifications' }).click();
    await expect(page).toHaveURL('/notifications');
    await expect(page).toHaveTitle('Sanad | Notifications');
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    await expect(page.getByText('2 unread')).toBeVisible();
    const table = page.getByRole('table', { name: 'Notifications' });
    await expect(table.getByRole('row').nth(1)).toContainText('New team member');
    await expect(table.getByRole('row').nth(2)).toContainText('Quarterly risk review due');
    await screenshot(page, 'notifications-page');

    await page.getByRole('combobox', { name: 'Show' }).click();
    await page.getByRole('option', { name: 'Unread' }).click();
    await expect(page).toHaveURL(/status=unread/);
    await expect(table.getByRole('row')).toHaveCount(3);

    await table.getByRole('button', { name: 'Open Quarterly risk review due' }).click();
    await expect(page.getByRole('dialog', { name: 'Notification', exact: true })).toContainText('Review the risk ratings');
    await page.getByRole('dialog', { name: 'Notification', exact: true }).getByRole('button', { name: 'Close' }).click();
    await expect(page.getByText('1 unread')).toBeVisible();

    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(page.getByText('All notifications marked as read')).toBeVisible();
    await expect(page.getByText('All caught up')).toBeVisible();
    await expect(page.getByText('No notifications yet')).toBeVisible();
    await screenshot(page, 'notifications-page-all-read');
  });
});

test.describe('public pages', () => {
  test('signs up for a trial with the captcha solved in the browser, and the activation e-mail arrives', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Start a free trial' }).click();
    await expect(page).toHaveURL('/signup');
    await expect(page).toHaveTitle('Sanad | Sign Up');
    await page.getByRole('button', { name: 'Sign up' }).waitFor();
    await page.getByLabel('Company name').fill('Multan Money Exchange');
    await page.getByLabel('Contact name').fill('Zainab Qureshi');
    await page.getByLabel('Email').fill('zainab@multan-exchange.test');
    await page.getByLabel('Phone number').fill('+92 61 4567890');
    // The ALTCHA widget fetches a challenge from our API and solves it; only then can the form be sent.
    await expect(page.getByRole('button', { name: 'Sign up' })).toBeEnabled({ timeout: 30_000 });
    await screenshot(page, 'signup-form');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'Thank you for signing up. Please check your e-mail for a link to set your password and activate your account.',
    );
    await screenshot(page, 'signup-done');

    const mail = await waitForMail('zainab@multan-exchange.test', 'Activate your Sanad trial account');
    expect(mail.text).toContain('Multan Money Exchange');
    expect(mail.text).toMatch(/\/users\/create-password\/[A-Za-z0-9_-]{43}/);
  });

  test('shows the first validation error on sign-up before calling the server', async ({ page }) => {
    await page.goto('/signup');
    await expect(page.getByRole('button', { name: 'Sign up' })).toBeEnabled({ timeout: 30_000 });
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('alert')).toHaveText('Company name is required');
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  });

  test('sends a contact message to support', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Contact us' }).click();
    await expect(page).toHaveURL('/contact-us');
    await expect(page).toHaveTitle('Sanad | Contact Us');
    await page.getByLabel('Name').fill('Imran Siddiqui');
    await page.getByLabel('Email').fill('imran@example.test');
    await page.getByLabel('Subject').fill('Question about bulk onboarding');
    await page.getByLabel('Message').fill('Can we upload 10,000 customers in one file?');
    await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Thank you for contacting us' })).toBeVisible();
    await screenshot(page, 'contact-us-sent');
    const mail = await waitForMail(SUPPORT_EMAIL, 'Question about bulk onboarding');
    expect(mail.text).toContain('imran@example.test');
    expect(mail.text).toContain('Can we upload 10,000 customers in one file?');
  });

  test('the legal popups ignore the backdrop and hide the footer while open', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByTestId('legal-footer');
    await expect(footer).toBeVisible();
    await footer.getByRole('button', { name: 'Terms of Service' }).click();
    const terms = page.getByRole('dialog', { name: 'Terms of Service' });
    await expect(terms).toBeVisible();
    await expect(footer).toHaveCount(0);
    for (const figure of [
      '20 pounds',
      '00:00-06:00',
      '60 days',
      '14 days',
      '3 months',
      '12 months',
      '5 years',
      '6 months',
      '30 days',
      'exclude value added tax',
      'law of England and Wales',
    ]) {
      await expect(terms).toContainText(figure);
    }
    await screenshot(page, 'legal-terms');
    await page.mouse.click(8, 8);
    await expect(terms).toBeVisible();
    await terms.getByRole('button', { name: 'Close' }).click();
    await expect(footer).toBeVisible();

    await signIn(page, 'reader');
    await expectSignedIn(page);
    const shellFooter = page.getByTestId('legal-footer');
    await shellFooter.getByRole('button', { name: 'Privacy Policy' }).click();
    const privacy = page.getByRole('dialog', { name: 'Privacy Policy' });
    await expect(privacy).toContainText('last updated August 2021');
    for (const text of [
      'United Kingdom',
      'United Arab Emirates',
      'Pakistan',
      'Malaysia',
      'Marketing and Communications',
      'within one month',
      'biometric data',
    ]) {
      await expect(privacy).toContainText(text);
    }
    await expect(page.getByTestId('legal-footer')).toHaveCount(0);
    await page.mouse.click(8, 8);
    await expect(privacy).toBeVisible();
    await screenshot(page, 'legal-privacy');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('legal-footer')).toBeVisible();
  });
});

test.describe('trial banner', () => {
  test('shows the used onboardings out of the tier for a trial segment only', async ({ page }) => {
    await signIn(page, 'trial');
    await expectSignedIn(page);
    const banner = page.getByTestId('trial-banner');
    await expect(banner).toContainText('Trial account');
    await expect(banner).toContainText('0 of 25 onboardings used');
    await screenshot(page, 'trial-banner');

    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await signIn(page, 'reader');
    await expectSignedIn(page);
    await expect(page.getByRole('heading', { name: 'Total actions' })).toBeVisible();
    await expect(page.getByTestId('trial-banner')).toHaveCount(0);
  });
});

/** A short real WebM, recorded from a canvas by the browser itself, so the player has something to play. */
async function recordWebm(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 180;
    const context = canvas.getContext('2d');
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start();
    for (let frame = 0; frame < 25; frame += 1) {
      if (context) {
        context.fillStyle = '#0B6E4F';
        context.fillRect(0, 0, 320, 180);
        context.fillStyle = '#fff';
        context.font = '28px sans-serif';
        context.fillText(`Getting started ${frame}`, 24, 100);
      }
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    recorder.stop();
    await stopped;
    return [...new Uint8Array(await new Blob(chunks).arrayBuffer())];
  });
  return Buffer.from(bytes);
}

test.describe('user guide', () => {
  test('an administrator uploads guide files, and a userGuide account watches and downloads them', async ({ page }) => {
    await signIn(page, 'admin');
    await expectSignedIn(page);
    const video = await recordWebm(page);
    await page.goto('/configuration/user-guide');
    await expect(page.getByRole('heading', { name: 'User Guide files' })).toBeVisible();

    const choose = async (buttonName: string, name: string, mimeType: string, buffer: Buffer, message = 'The guide file was uploaded') => {
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: buttonName }).click();
      await (await chooser).setFiles({ name, mimeType, buffer });
      await expect(page.getByText(message).last()).toBeVisible();
    };
    await choose('Upload video for How to Get Started', 'getting-started.webm', 'video/webm', video);
    await choose('Upload thumbnail for How to Get Started', 'getting-started.png', 'image/png', makePng(320, 180));
    await choose(
      'Upload thumbnail for Onboarding Individuals and Companies',
      'onboarding.png',
      'image/png',
      makePng(320, 180, [184, 137, 43]),
    );
    await choose('Upload manual', 'Sanad manual.pdf', 'application/pdf', makePdf('Sanad user manual'));
    await choose('Upload thumbnail for Bulk Upload Onboarding', 'bulk.png', 'image/png', makePdf(), 'File format is not allowed');
    await screenshot(page, 'user-guide-settings');
    await page.locator('label').filter({ hasText: 'Lite account' }).click();
    await expect(page.getByText('Configurations, team members and system logs')).toBeVisible();
    await choose('Upload manual', 'Lite manual.pdf', 'application/pdf', makePdf('Sanad Lite manual'));

    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await signIn(page, 'guide');
    await expectSignedIn(page);
    await page.getByRole('button', { name: 'User Guide' }).click();
    const dialog = page.getByRole('dialog', { name: 'User Guide' });
    await expect(dialog).toBeVisible();
    // Measure once the opening transition (a slight scale) has finished.
    await expect(dialog).toHaveCSS('opacity', '1');
    expect((await dialog.getByTestId('guide-frame').boundingBox())?.height).toBeCloseTo(520, 0);
    const thumbnails = dialog.getByRole('list', { name: 'Guide videos' }).getByRole('button');
    await expect(thumbnails).toHaveText([
      /How to Get Started/,
      /Onboarding Individuals and Companies/,
      /Bulk Upload Onboarding/,
      /Handling Alerts and Reviewing Risk/,
      /Profiles, Permissions and Admin Tools/,
    ]);
    const player = dialog.locator('video');
    await expect(player).toHaveAttribute('src', /^blob:/);
    await expect(player).toHaveAttribute('poster', /\/api\/files\/logo\//);
    await expect.poll(() => player.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThan(0);
    await screenshot(page, 'user-guide-dialog');

    await thumbnails.nth(1).click();
    await expect(dialog.getByText('No video has been uploaded for this topic yet.')).toBeVisible();
    await screenshot(page, 'user-guide-dialog-no-video');

    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download Manual' }).click();
    expect((await download).suggestedFilename()).toBe('Sanad manual.pdf');
  });

  test('a lite account sees the lite videos and downloads its own manual', async ({ page }) => {
    await signIn(page, 'liteGuide');
    await expectSignedIn(page);
    await page.getByRole('button', { name: 'User Guide' }).click();
    const dialog = page.getByRole('dialog', { name: 'User Guide' });
    await expect(dialog.getByRole('list', { name: 'Guide videos' }).getByRole('button')).toHaveText([
      /Getting Started/,
      /How to onboard customers/,
      /Platform features/,
      /Configurations, team members and system logs/,
    ]);
    await expect(dialog.getByText('No video has been uploaded for this topic yet.')).toBeVisible();
    await expect(dialog).toHaveCSS('opacity', '1');
    await screenshot(page, 'user-guide-dialog-lite');
    // The User Guide button moves into the burger menu on a narrow screen; the open guide stays open.
    const size = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(dialog.getByRole('button', { name: 'Download Manual' })).toBeVisible();
    await screenshot(page, 'user-guide-dialog-lite-phone');
    if (size) await page.setViewportSize(size);
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download Manual' }).click();
    expect((await download).suggestedFilename()).toBe('Lite manual.pdf');
  });

  test('a user without the userGuide flag has no User Guide button', async ({ page }) => {
    await signIn(page, 'reader');
    await expectSignedIn(page);
    await expect(
      page.getByRole('button', { name: 'Total actions' }).or(page.getByRole('heading', { name: 'Total actions' })),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'User Guide' })).toHaveCount(0);
  });
});
