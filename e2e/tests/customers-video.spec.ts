import { expect, test } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../environment';
import { fakeCameraArgs, hasSharedFace, SHARED_FACE } from '../fake-camera';
import { chooseFile, expectSignedIn, screenshot, signIn } from '../support';

// Uploading the clip and checking it (face detection on every sampled frame) takes a while on a busy machine.
test.describe.configure({ timeout: 180_000 });

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...fakeCameraArgs()],
  },
});

test('records the liveness challenge, shows the verdicts with a retry, and keeps the clip in the draft', async ({ page }) => {
  test.skip(!hasSharedFace, `needs the shared face image ${SHARED_FACE} (set SANAD_SHARED_DATA to the shared data folder)`);
  await page.setViewportSize(PHONE);
  await signIn(page, 'admin');
  await expectSignedIn(page);
  await page.goto('/self-register/upload-document');
  await page.evaluate(() => sessionStorage.clear());
  await page.goto('/self-register/upload-document');

  // Step 1: the face photo as the document front, so the video is compared with it.
  await chooseFile(page, 'Front side', SHARED_FACE);
  await page.getByRole('button', { name: 'Read document' }).click();
  await expect(page.getByText(/Uploaded: img1/).or(page.getByRole('alert'))).toBeVisible({ timeout: 90_000 });
  const hasFront = await page.getByText(/Uploaded: img1/).isVisible();

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL('/self-register/record-video');
  await expect(page.getByRole('button', { name: 'Skip video' })).toBeVisible();
  await screenshot(page, 'customers-video-390-ready');

  await page.getByRole('button', { name: 'Start recording' }).click();
  // The server's challenge is shown while counting down and recording.
  const instruction = page.getByRole('status').filter({ hasText: 'Instruction for the customer' });
  await expect(instruction).toContainText(/Turn your head/i);
  await expect(page.getByText(/Recording · \d+s/)).toBeVisible({ timeout: 10_000 });
  await screenshot(page, 'customers-video-390-recording');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeEnabled({ timeout: 10_000 });
  await page.getByRole('button', { name: 'Stop' }).click();

  // A still photo does not turn its head: the verdict says so and offers a retry.
  await expect(page.getByText(/^Liveness (passed|failed)$/)).toBeVisible({ timeout: 120_000 });
  await expect(page.getByText('Liveness failed')).toBeVisible();
  await expect(page.getByText(/turn their head/)).toBeVisible();
  if (hasFront)
    await expect(page.getByText(/^(Face matches the document|Face does not match the document|No face to compare)$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeEnabled();
  await screenshot(page, 'customers-video-390-verdict');

  const video = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('customer') ?? '{}') as { draft?: { video?: unknown } }).draft?.video,
  );
  expect(video).toMatchObject({ status: 'checked', live: false, file: { fileName: expect.stringMatching(/\.enc$/) as unknown } });

  await page.setViewportSize(DESKTOP);
  await screenshot(page, 'customers-video-1440-verdict');

  // Staff may go on without a video: liveness stays pending.
  await page.getByRole('button', { name: 'Skip video' }).click();
  await expect(page).toHaveURL('/self-register/setup-profile');
  const skipped = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('customer') ?? '{}') as { draft?: { video?: unknown } }).draft?.video,
  );
  expect(skipped).toMatchObject({ status: 'skipped', file: null });
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByText('Video skipped')).toBeVisible();
  await screenshot(page, 'customers-video-1440-skipped');
});
