import { expect, test } from '@playwright/test';
import { expectSignedIn, screenshot, signIn } from '../support';

test('warns 14 to 16 minutes before expiry and extends the session on confirmation', async ({ page }) => {
  await page.clock.install();
  await signIn(page, 'admin');
  await expectSignedIn(page);
  const dialog = page.getByRole('dialog', { name: 'Your session is about to expire' });

  await page.clock.fastForward('40:00');
  await expect(dialog).toHaveCount(0);

  const expiryBefore = Number(await page.evaluate(() => localStorage.getItem('tokenExpiry')));
  await page.clock.fastForward('05:00');
  await expect(dialog).toBeVisible();
  await screenshot(page, 'session-expiry-alert');

  await dialog.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(dialog).toBeHidden();
  const expiryAfter = Number(await page.evaluate(() => localStorage.getItem('tokenExpiry')));
  expect(expiryAfter).toBeGreaterThan(expiryBefore);
});
