import { expect, test, type Page } from '@playwright/test';
import { expectNoSidewaysScroll, expectSignedIn, screenshot, signIn } from '../support';

// Registering and every structure change screen and rate on the server; a busy machine needs the time.
test.describe.configure({ timeout: 240_000 });

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
// Waits after a write: screening and rating run before the answer, and the machine is shared.
const SLOW = { timeout: 90_000 };

/**
 * Every tab of the tab bar on screen whole, and the bar itself not scrolling sideways: on a phone
 * the five tabs wrap into rows rather than hide behind the bar's edge.
 */
async function expectEveryTabInReach(page: Page): Promise<void> {
  const bar = page.getByRole('tablist', { name: 'Company sections' });
  for (const tab of await bar.getByRole('tab').all()) await expect(tab).toBeInViewport({ ratio: 1 });
  expect(await bar.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
}

/** Adds a parent through the API as the signed-in user, answering the party ids of the structure by name. */
async function addParent(page: Page, companyId: string, body: Record<string, unknown>): Promise<Record<string, string>> {
  return page.evaluate(
    async ({ id, payload }) => {
      const token = localStorage.getItem('token') ?? '';
      const answer = await fetch(`/api/companies/${id}/parents`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      const json = (await answer.json()) as { data?: { parties: { _id: string; name: string }[] }; message: string };
      if (!answer.ok || !json.data) throw new Error(`${answer.status} ${json.message}`);
      return Object.fromEntries(json.data.parties.map((party) => [party.name, party._id]));
    },
    { id: companyId, payload: body },
  );
}

test('a company is registered, its two corporate shareholders and their owners recorded, and its UBOs and graph shown', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin');
  await expectSignedIn(page);
  const stamp = `${Date.now()}`.slice(-8);
  const legalName = `Layered Holdings ${stamp} LLC`;

  // Company Onboarding: setup-profile, then finish.
  await page.goto('/register-company');
  await expect(page.getByRole('heading', { name: 'Company Onboarding' })).toBeVisible(SLOW);
  await page.getByRole('button', { name: 'Register company' }).click();
  await expect(page.getByText('Legal name is required').first()).toBeVisible(SLOW);
  await page.getByRole('textbox', { name: 'Legal name', exact: true }).fill(legalName);
  await page.getByRole('textbox', { name: 'Registration number', exact: true }).fill(`CN-${stamp}`);
  await page.getByRole('textbox', { name: 'Former names' }).fill(`Layered Trading ${stamp} LLC`);
  await page.getByRole('textbox', { name: 'Expected activity' }).fill('Supplier payments, about AED 2m a month');
  await screenshot(page, 'companies-register-1440');
  await page.getByRole('button', { name: 'Register company' }).click();
  await expect(page).toHaveURL('/register-company/finish', SLOW);
  await expect(page.getByRole('heading', { name: `${legalName} is registered` })).toBeVisible();
  await page.getByRole('link', { name: 'Open the company' }).click();
  await expect(page).toHaveURL(/\/company-profiles\/company-information\/[0-9a-f-]{36}$/);
  const companyId = page.url().split('/').pop() ?? '';
  await expect(page.getByRole('heading', { name: legalName })).toBeVisible(SLOW);
  await expect(page.getByText('No director or authorised signatory is recorded')).toBeVisible();

  // The first corporate shareholder through the form.
  await page.getByRole('button', { name: 'Add parent' }).click();
  await page.getByText('Company / entity', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Alpha Holdings Ltd');
  await page.getByRole('combobox', { name: 'Roles' }).click();
  await page.getByRole('option', { name: 'Shareholder' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('textbox', { name: 'Shareholding (%)' }).fill('60');
  await page.getByRole('form', { name: 'Add a parent' }).getByRole('button', { name: 'Add parent' }).click();
  await expect(page.getByText('Parent added').first()).toBeVisible(SLOW);
  await expect(page.getByRole('table', { name: 'Parents' }).getByText('Alpha Holdings Ltd')).toBeVisible();

  // Over 100% at one level is refused with the reason.
  let ids = await addParent(page, companyId, {
    kind: 'person',
    name: 'Amal Director',
    email: `amal.${stamp}@e2e.test`,
    roles: ['director'],
  });
  const refused = await page.evaluate(async (id) => {
    const token = localStorage.getItem('token') ?? '';
    const answer = await fetch(`/api/companies/${id}/parents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'entity', name: 'Too Big SA', roles: ['shareholder'], shareholding: 50 }),
    });
    return { status: answer.status, body: await answer.text() };
  }, companyId);
  expect(refused.status).toBe(422);
  expect(refused.body).toContain('would add up to 110%; they cannot exceed 100%');

  // The second corporate shareholder and the four persons behind the two.
  ids = await addParent(page, companyId, { kind: 'entity', name: 'Beta Investments SA', roles: ['shareholder'], shareholding: 40 });
  const alpha = ids['Alpha Holdings Ltd'] ?? '';
  const beta = ids['Beta Investments SA'] ?? '';
  await addParent(page, companyId, { kind: 'person', name: 'Sara Khan', roles: ['shareholder'], shareholding: 50, ofPartyId: alpha });
  await addParent(page, companyId, { kind: 'person', name: 'Omar Haddad', roles: ['shareholder'], shareholding: 50, ofPartyId: alpha });
  await addParent(page, companyId, { kind: 'person', name: 'Lina Aziz', roles: ['shareholder'], shareholding: 70, ofPartyId: beta });
  await addParent(page, companyId, { kind: 'person', name: 'Yusuf Small', roles: ['shareholder'], shareholding: 30, ofPartyId: beta });

  await page.reload();
  const ownership = page.getByRole('table', { name: 'Effective ownership' });
  // Lina 40% × 70% = 28%, Sara and Omar 60% × 50% = 30% each: UBOs; Yusuf 12%: not.
  await expect(ownership.getByTestId('owner-Lina Aziz')).toContainText('28%', SLOW);
  await expect(ownership.getByTestId('owner-Lina Aziz')).toContainText('UBO');
  await expect(ownership.getByTestId('owner-Sara Khan')).toContainText('30%');
  await expect(ownership.getByTestId('owner-Omar Haddad')).toContainText('UBO');
  await expect(ownership.getByTestId('owner-Yusuf Small')).toContainText('12%');
  await expect(ownership.getByTestId('owner-Yusuf Small')).not.toContainText('UBO');
  await expect(page.getByText('No director or authorised signatory is recorded')).toHaveCount(0);
  const graph = page.getByTestId('ownership-graph');
  await expect(graph).toBeVisible();
  await expect(graph.getByText('Person · UBO')).toHaveCount(3);

  // The director gets their own onboarding link.
  await page
    .getByRole('table', { name: 'Parents' })
    .getByRole('row', { name: /Amal Director/ })
    .getByRole('button', { name: 'Send KYC link' })
    .click();
  await expect(page.getByText('Onboarding link sent').first()).toBeVisible(SLOW);
  await expect(page.getByRole('table', { name: 'Parents' }).getByRole('row', { name: /Amal Director/ })).toContainText('Link sent');

  // A registry flag records who set it.
  await page.getByRole('switch', { name: 'Accounts overdue' }).check({ force: true });
  await page.getByRole('button', { name: 'Save flags' }).click();
  await expect(page.getByText('Registry flags saved').first()).toBeVisible(SLOW);
  await expect(page.getByText(/Set on by .+ · /)).toBeVisible();
  await screenshot(page, 'companies-profile-1440');

  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByTestId('ownership-graph')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectEveryTabInReach(page);
  await screenshot(page, 'companies-profile-390');

  // The other tabs open, each chosen from the tab bar as a user on a phone would.
  for (const [tab, label, heading] of [
    ['name-screening', 'Name Screening', 'Company and parents'],
    ['document-verification', 'Document Verification', 'Company documents'],
    ['kyc-risk-rating', 'KYC Risk Rating', 'Rating in force'],
    ['activity-timeline', 'Activity Timeline', 'Activity timeline'],
  ] as const) {
    await page.getByRole('tablist', { name: 'Company sections' }).getByRole('tab', { name: label }).click();
    await expect(page).toHaveURL(`/company-profiles/${tab}/${companyId}`);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible(SLOW);
    await expectNoSidewaysScroll(page);
    await expectEveryTabInReach(page);
    await screenshot(page, `companies-${tab}-390`);
  }

  // The company list finds it by its registration number.
  await page.setViewportSize(DESKTOP);
  await page.goto('/company-profiles');
  await page.getByRole('textbox', { name: 'Search' }).fill(`CN-${stamp}`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('table', { name: 'Companies' }).getByRole('link', { name: legalName })).toBeVisible();
  await screenshot(page, 'companies-list-1440');
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'companies-list-390');
});
