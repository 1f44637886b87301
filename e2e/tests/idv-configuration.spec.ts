import { expect, test } from '@playwright/test';
import { expectSignedIn, screenshot, signIn } from '../support';

test('saves the identity verification settings and shows them after a reload', async ({ page }) => {
  await signIn(page, 'admin');
  await expectSignedIn(page);
  await page.goto('/configuration/idv-configuration');
  await expect(page).toHaveTitle('Sanad | IDV Configuration');
  await expect(page.getByRole('heading', { name: 'Accepted documents' })).toBeVisible();
  await screenshot(page, 'idv-configuration');

  await page.getByLabel('Use the calibrated face-match threshold').uncheck();
  await page.getByLabel('Face-match threshold (0–100)').fill('72');
  await page.getByLabel('Warn this many days before expiry').fill('45');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Identity verification settings saved')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Face-match threshold (0–100)')).toHaveValue('72');
  await expect(page.getByLabel('Warn this many days before expiry')).toHaveValue('45');
});
