import { expect, test, type Page } from '@playwright/test';
import { expectSignedIn, screenshot, signIn } from '../support';

test.describe.configure({ timeout: 180_000 });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** Runs a simulation, so the result's level badges and tables are on the page. */
async function simulate(page: Page): Promise<void> {
  await page.goto('/configuration/simulate');
  await page.getByRole('combobox', { name: 'Country of residence' }).fill('Iran');
  await page.getByRole('option', { name: 'Iran' }).click();
  await page.getByRole('radiogroup', { name: 'Holds a prominent public position' }).getByText('Yes').click();
  await page.getByRole('button', { name: 'Run simulation' }).click();
  await expect(page.getByTestId('simulated-level')).toBeVisible();
}

/** The pages the issue names, each with what shows it has loaded. */
const PAGES: ReadonlyArray<{ name: string; open: (page: Page) => Promise<void> }> = [
  {
    name: 'shell',
    open: async (page) => {
      await page.goto('/insights/activity-dashboard');
      await expect(page.getByRole('heading', { name: 'Total actions' })).toBeVisible();
    },
  },
  {
    name: 'configuration-home',
    open: async (page) => {
      await page.goto('/configuration');
      await expect(page.getByTestId('configuration-home').getByRole('link').first()).toBeVisible();
    },
  },
  {
    name: 'users',
    open: async (page) => {
      await page.goto('/users');
      await expect(page.getByText(/Showing \d+ to \d+ of \d+ records/)).toBeVisible();
    },
  },
  {
    name: 'data-segments',
    open: async (page) => {
      await page.goto('/users/data-segments');
      await expect(page.getByText(/Showing \d+ to \d+ of \d+ records/)).toBeVisible();
    },
  },
  { name: 'simulate', open: simulate },
  {
    name: 'risk-rating',
    open: async (page) => {
      await page.goto('/configuration/sanad-engine/risk-rating');
      await expect(page.getByRole('table', { name: 'Override rules' })).toBeVisible();
    },
  },
];

/** The label of every badge on the page whose text does not fit inside it (cut with an ellipsis or clipped). */
async function truncatedBadges(page: Page): Promise<string[]> {
  return page.locator('.mantine-Badge-root').evaluateAll((badges) =>
    badges
      .filter((badge) => badge instanceof HTMLElement && badge.offsetParent !== null)
      .flatMap((badge) => {
        const label = badge.querySelector('.mantine-Badge-label');
        if (!(label instanceof HTMLElement)) return [];
        const isCut = label.scrollWidth > label.clientWidth + 1 || badge.scrollWidth > badge.clientWidth + 1;
        return isCut ? [label.textContent ?? ''] : [];
      }),
  );
}

for (const [size, viewport] of [
  ['1440', DESKTOP],
  ['390', PHONE],
] as const) {
  test(`no badge is cut and nothing runs off the screen at ${size} px; screenshots of each page`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, 'admin');
    await expectSignedIn(page);
    for (const { name, open } of PAGES) {
      await open(page);
      expect({ page: name, truncated: await truncatedBadges(page) }).toEqual({ page: name, truncated: [] });
      // The header never runs off the screen; the shell's own pages do not either (other pages' columns are their own).
      const header = await page.locator('header').evaluate((element) => element.scrollWidth - element.clientWidth);
      expect({ page: name, header }).toEqual({ page: name, header: 0 });
      if (name === 'shell' || name === 'configuration-home') {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect({ page: name, overflow }).toEqual({ page: name, overflow: 0 });
      }
      await screenshot(page, `${name}-${size}`);
    }
  });
}

test('on a phone the profile menu, Change Password, Sign Out and the segment switcher can be reached and used', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, 'admin');
  await expect(page.getByTestId('profile-menu')).toBeInViewport();

  await page.getByTestId('profile-menu').click();
  await page.getByRole('menuitem', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Old Password')).toBeInViewport();
  await screenshot(page, 'change-password-390');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  const switcher = page.getByRole('combobox', { name: 'Active data segment' });
  await expect(switcher).toBeInViewport();
  await screenshot(page, 'burger-menu-390');
  const before = await switcher.inputValue();
  await switcher.click();
  const other = page.getByRole('option').filter({ hasNotText: before }).first();
  const otherName = (await other.innerText()).trim();
  await other.click();
  await expect(switcher).toHaveValue(otherName);
  await switcher.click();
  await page.getByRole('option', { name: before, exact: true }).click();
  await expect(switcher).toHaveValue(before);

  await page.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL('/users');
  await expect(page.getByRole('navigation', { name: 'Main' })).not.toBeInViewport();

  await page.getByTestId('profile-menu').click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});
