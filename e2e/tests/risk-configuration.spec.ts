import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { expectSignedIn, screenshot, signIn } from '../support';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: Array<{ target: string[] }>;
}

async function seriousViolations(page: Page): Promise<Array<{ id: string; targets: string[] }>> {
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } })
      .axe;
    return (await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })).violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, targets: violation.nodes.flatMap((node) => node.target) }));
}

async function openEnginePage(page: Page, name: string, title: string): Promise<void> {
  await page.goto(`/configuration/sanad-engine/${name}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveTitle(`Sanad | ${title}`);
}

async function versionNumber(page: Page): Promise<number> {
  const badge = page.getByTestId('config-version');
  await expect(badge).toHaveText(/^Version \d+$/);
  return Number((await badge.innerText()).replace('Version ', ''));
}

async function search(page: Page, keyword: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Search' });
  await box.fill(keyword);
  await box.press('Enter');
}

test.describe('as a compliance officer holding sanad-engine and initiate-simulation-process', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'riskOfficer');
    await expectSignedIn(page);
  });

  test('lists every engine page in its own navigation and explains each default', async ({ page }) => {
    await openEnginePage(page, 'risk', 'Risk factors');
    const nav = page.getByRole('navigation', { name: 'Engine pages' });
    await expect(nav.getByRole('link')).toHaveCount(23);
    await expect(page.getByRole('table', { name: 'Risk factors' }).getByRole('row')).toHaveCount(11);
    await screenshot(page, 'risk-engine-factors');

    await nav.getByRole('link', { name: 'Country' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Country' })).toBeVisible();
    await expect(page.getByText('Sources of the default scores')).toBeVisible();
    await expect(page.getByText(/as of 24 Oct 2025/).first()).toBeVisible();
    await search(page, 'Iran');
    await page.getByRole('button', { name: 'Why Iran scores 100' }).click();
    await expect(page.getByText(/Listed: FATF High-Risk Jurisdictions subject to a Call for Action/)).toBeVisible();
    await screenshot(page, 'risk-engine-country-why');
  });

  test('edits a country score and shows the new configuration version', async ({ page }) => {
    await openEnginePage(page, 'country', 'Country');
    const before = await versionNumber(page);
    await search(page, 'Pakistan');
    await page.getByRole('button', { name: 'Edit Pakistan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Pakistan' });
    await expect(dialog.getByLabel('Code')).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Score' }).fill('35');
    await screenshot(page, 'risk-engine-country-edit');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Country updated successfully. Configuration version ${before + 1} is now in force`)).toBeVisible();
    await expect(page.getByTestId('config-version')).toHaveText(`Version ${before + 1}`);
    await expect(page.getByRole('table', { name: 'country values' }).getByRole('row', { name: /Pakistan/ })).toContainText('35');
  });

  test('archives and activates a value after the confirmation', async ({ page }) => {
    await openEnginePage(page, 'gender', 'Gender');
    const table = page.getByRole('table', { name: 'gender values' });
    const row = table.getByRole('row', { name: /Prefer not to say/ });

    await row.getByRole('button', { name: 'Archive Prefer not to say' }).click();
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await expect(confirm).toContainText('Are you sure you want to archive Prefer not to say?');
    await page.keyboard.press('Escape');
    await expect(confirm).toBeVisible();
    await screenshot(page, 'risk-engine-archive-confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toContainText('Active');

    await row.getByRole('button', { name: 'Archive Prefer not to say' }).click();
    await confirm.getByRole('button', { name: 'Archive' }).click();
    await expect(page.getByText(/Gender value archived successfully/)).toBeVisible();
    await expect(row).toContainText('Archived');

    await row.getByRole('button', { name: 'Activate Prefer not to say' }).click();
    await expect(confirm).toContainText('Are you sure you want to activate Prefer not to say?');
    await confirm.getByRole('button', { name: 'Activate' }).click();
    await expect(page.getByText(/Gender value activated successfully/)).toBeVisible();
    await expect(row).toContainText('Active');
  });

  test('imports a good CSV, refuses a bad one naming its rows, and exports the table', async ({ page }) => {
    await openEnginePage(page, 'industry', 'Industry');
    const fileInput = page.locator('input[type=file]');

    await fileInput.setInputFiles({
      name: 'bad-industries.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('code,title,score\ncrypto-atm,Crypto ATMs,70\ngambling,Gambling,150\n,No code,10\n'),
    });
    const refused = page.getByRole('alert').filter({ hasText: 'The file was not imported; nothing in it was applied' });
    await expect(refused).toContainText('Row 3: Score must be a number from 0 to 100');
    await expect(refused).toContainText('Row 4: Code is required');
    await search(page, 'crypto-atm');
    await expect(page.getByText('No records found').first()).toBeVisible();
    await screenshot(page, 'risk-engine-import-refused');

    await fileInput.setInputFiles({
      name: 'industries.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('code,title,score,overrideTo\ncrypto-atm,Crypto ATM operators,75,high\n'),
    });
    await expect(page.getByText(/Imported 1 new and 0 changed rows\. Configuration version \d+ is now in force/)).toBeVisible();
    await expect(page.getByRole('table', { name: 'industry values' }).getByRole('row', { name: /Crypto ATM operators/ })).toContainText(
      '75',
    );

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^sanad-engine-industry-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toBe('"code","title","score","overrideTo","status","reason","source"');
    expect(csv).toContain('"crypto-atm","Crypto ATM operators","75","high","active"');
  });

  test('shows the other engine pages', async ({ page }) => {
    await openEnginePage(page, 'risk-rating', 'Risk rating');
    await expect(page.getByRole('textbox', { name: 'Medium from', exact: true })).toHaveValue('30');
    await page.getByRole('button', { name: 'Re-rate all customers' }).click();
    // The run is confirmed first, with the number of customers it will touch.
    const confirmation = page.getByRole('dialog', { name: 'Re-rate all customers?' });
    await expect(confirmation).toContainText(/This re-rates [\d,]+ customers?|has no customers yet/);
    await confirmation.getByRole('button', { name: 'Re-rate', exact: true }).click();
    await expect(page.getByText('Completed', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('table', { name: 'Override rules' })).toContainText('Company registry: accounts overdue');
    await screenshot(page, 'risk-engine-risk-rating');

    for (const [name, title] of [
      ['name-screen-score', 'Name screening score'],
      ['risk-level-review', 'Risk level review'],
      ['PEP', 'PEP declaration'],
      ['variant-words', 'Variant words'],
    ] as const) {
      await openEnginePage(page, name, title);
      await expect(page.getByText('Loading...')).toHaveCount(0);
      await screenshot(page, `risk-engine-${name}`);
    }
  });

  test('simulates a PEP living in a FATF-listed country: high, with the risk table and the override table, and saves nothing', async ({
    page,
  }) => {
    await page.goto('/configuration/simulate');
    await expect(page.getByRole('heading', { level: 1, name: 'Simulate a rating' })).toBeVisible();
    await expect(page.getByText('Screened against the lists; its hits are added to the ones entered below')).toBeVisible();

    await page.getByRole('combobox', { name: 'Nationalities' }).fill('Pakistan');
    await page.getByRole('option', { name: 'Pakistan' }).click();
    await page.getByRole('combobox', { name: 'Country of residence' }).fill('Iran');
    await page.getByRole('option', { name: 'Iran' }).click();
    await page.getByRole('combobox', { name: 'Work type' }).fill('Business owner');
    await page.getByRole('option', { name: /Business owner/ }).click();
    await page.getByRole('radiogroup', { name: 'Holds a prominent public position' }).getByText('Yes').click();
    await page.getByRole('button', { name: 'Run simulation' }).click();

    await expect(page.getByTestId('simulated-level')).toHaveText('High Risk');
    await expect(page.getByText('Required', { exact: true })).toBeVisible();
    const riskTable = page.getByRole('table', { name: 'Risk table' });
    await expect(riskTable.getByRole('row', { name: /Country of residence/ })).toContainText('Iran');
    const overrides = page.getByRole('table', { name: 'Override table' });
    await expect(overrides).toContainText('Iran');
    await expect(overrides).toContainText('Holds a prominent public position');
    await screenshot(page, 'risk-simulation-pep-iran');
  });

  test.describe('accessibility', () => {
    // The scan injects axe-core, which the app's CSP would otherwise (rightly) refuse.
    test.use({ bypassCSP: true });

    test('the country page, the risk-rating page and the simulation have no serious or critical violations', async ({ page }) => {
      await openEnginePage(page, 'country', 'Country');
      await expect(page.getByRole('table', { name: 'country values' }).getByRole('row')).toHaveCount(11);
      expect(await seriousViolations(page)).toEqual([]);
      await openEnginePage(page, 'risk-rating', 'Risk rating');
      await expect(page.getByRole('table', { name: 'Override rules' }).getByRole('row')).toHaveCount(9);
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto('/configuration/simulate');
      await expect(page.getByRole('button', { name: 'Run simulation' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});

test('keeps the engine pages from a user without sanad-engine', async ({ page }) => {
  await signIn(page, 'dashboard');
  await expectSignedIn(page);
  await page.goto('/configuration/sanad-engine/country');
  await expect(page).toHaveURL(/\/insights/);
  await expect(page.getByRole('heading', { level: 1, name: 'Country' })).toHaveCount(0);
});
