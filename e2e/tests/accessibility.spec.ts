import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { expectSignedIn, signIn } from '../support';

const require = createRequire(import.meta.url);
const axePath = require.resolve('axe-core/axe.min.js');

// The scan injects axe-core, which the app's CSP would otherwise (rightly) refuse.
test.use({ bypassCSP: true });

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations;
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

test('the login page has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the signed-in shell has no serious or critical accessibility violations', async ({ page }) => {
  await signIn(page, 'admin');
  await expectSignedIn(page);
  await expect(page.getByRole('heading', { name: 'Total actions' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the administration screens and password pages have no serious or critical accessibility violations', async ({ page }) => {
  for (const path of ['/users/forgot-password', '/users/reset-password/made-up-token', '/users/create-password/made-up-token']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect({ path, violations: await seriousViolations(page) }).toEqual({ path, violations: [] });
  }
  await signIn(page, 'admin');
  await expectSignedIn(page);
  for (const path of ['/users', '/users/roles', '/users/data-segments', '/team-members']) {
    await page.goto(path);
    await expect(page.getByText(/Showing \d+ to \d+ of \d+ records|No records found/).first()).toBeVisible();
    expect({ path, violations: await seriousViolations(page) }).toEqual({ path, violations: [] });
  }
});
