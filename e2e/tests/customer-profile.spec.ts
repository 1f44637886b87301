import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expectSignedIn, screenshot, signIn } from '../support';

// Registering and re-rating run screening and rating on the server; a busy machine needs the time.
test.describe.configure({ timeout: 180_000 });

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Calls the API as the signed-in user, with the token the web app keeps. */
async function callApi<T>(page: Page, method: 'POST' | 'GET', path: string, data?: unknown): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.fetch(`/api/${path}`, {
    method,
    headers: { authorization: `Bearer ${token ?? ''}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** A person on the firm's own list, and a customer registered under that name through the API. */
async function listedCustomer(page: Page): Promise<{ id: string; name: string }> {
  const stamp = `${Date.now()}`.slice(-7);
  const suffix = [...stamp].map((digit) => String.fromCharCode(97 + Number(digit))).join('');
  const firstName = 'Haroon';
  const lastName = `Rashid Qazi${suffix}`;
  const name = `${firstName} ${lastName}`;
  await callApi(page, 'POST', 'screening-data/sanad-list', {
    name,
    dateOfBirth: '1979-05-21',
    nationality: 'PK',
    fatherName: 'Abdul Rashid Qazi',
    reason: 'Cheque fraud',
  });
  const customer = await callApi<{ _id: string; hits: unknown[] }>(page, 'POST', 'customers/self-register', {
    submissionKey: randomUUID(),
    basicInfo: { firstName, lastName, dateOfBirth: '1979-05-21', nationalityId: 'PK', countryOfResidenceId: 'PK', genderId: 'male' },
    identityInfo: { type: 'id', number: `35202${stamp}1` },
    occupationInfo: { workTypeId: 'salaried', industryId: 'education' },
    pepDeclaration: { anyPublicPos: false, everPublicPosition: false, conviction: false },
    contactInfo: { email: `haroon.${stamp}@e2e.test`, phoneNumber: `+92300${stamp}` },
    accountInfo: { products: ['savings'], isf2f: true },
  });
  expect(customer.hits.length).toBeGreaterThan(0);
  return { id: customer._id, name };
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('an officer marks a hit not relevant, sees it on the timeline and overwrites the risk level', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin');
  await expectSignedIn(page);
  const { id, name } = await listedCustomer(page);

  // Name screening: every column, the hit, and the decision with a comment.
  await page.goto(`/customer-profiles/name-screening/${id}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Name Screening', selected: true })).toBeVisible();
  const hits = page.getByRole('table', { name: 'Name screening hits' });
  for (const column of [
    'Full name',
    'DOB',
    'Father or husband',
    'ID number',
    'Country',
    'Associates',
    'Publisher name',
    'Source list',
    'Score',
  ])
    await expect(hits.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  for (const column of [
    'Sanction',
    'PEP',
    'Special interest',
    'Adverse media',
    'Hit determination',
    'Relevant',
    'Not relevant',
    'Comments',
  ])
    await expect(hits.getByRole('columnheader', { name: column, exact: true })).toBeAttached();
  const row = hits.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Open');
  await screenshot(page, 'customer-profile-1440-name-screening');

  await row.getByRole('button', { name: `Mark ${name} not relevant` }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark as not relevant' });
  await expect(dialog).toHaveCSS('opacity', '1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please add a comment')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Comment' }).fill('Different person: father name and ID number differ');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Screening hit updated successfully')).toBeVisible();
  await expect(row).toContainText('Not relevant');
  await expect(row).toContainText('Different person: father name and ID number differ');
  const remembered = page.getByRole('table', { name: 'Remembered decisions' });
  await expect(remembered).toContainText(name);
  await screenshot(page, 'customer-profile-1440-hit-decided');

  // Hit detail: the customer beside the listed entity, and back to name screening.
  await hits.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/customer-profiles/hit-detail/${id}/`));
  const comparison = page.getByRole('table', { name: 'Customer and listed entity' });
  await expect(comparison.getByRole('row', { name: /Date of birth/ })).toContainText('1979-05-21');
  await expect(comparison.getByRole('row', { name: /Father or husband/ })).toContainText('Abdul Rashid Qazi');
  await expect(page.getByRole('heading', { name: /^Why it scored \d+$/ })).toBeVisible();
  await screenshot(page, 'customer-profile-1440-hit-detail');
  await page.getByRole('link', { name: 'Back to name screening' }).click();
  await expect(page).toHaveURL(`/customer-profiles/name-screening/${id}`);

  // The decision on the timeline.
  await page.getByRole('tab', { name: 'Activity Timeline' }).click();
  await expect(page).toHaveURL(`/customer-profiles/activity-timeline/${id}`);
  await expect(page.getByText('Screening hit decided').first()).toBeVisible();
  await expect(page.getByText(/not relevant: Different person: father name and ID number differ/)).toBeVisible();
  await expect(page.getByText('Customer registered')).toBeVisible();

  // Manual overwrite of the risk level with a reason.
  await page.getByRole('tab', { name: 'KYC Risk Rating' }).click();
  await expect(page).toHaveURL(`/customer-profiles/kyc-risk-rating/${id}`);
  await expect(page.getByRole('table', { name: 'Risk table' })).toBeVisible();
  await page.getByRole('button', { name: 'Overwrite level' }).click();
  await expect(page.getByText('Choose a level: low, medium, high or sanction')).toBeVisible();
  await page.getByRole('combobox', { name: 'New level' }).click();
  await page.getByRole('option', { name: 'High', exact: true }).click();
  await page.getByRole('textbox', { name: 'Reason' }).fill('Branch reports adverse media not on any list');
  await page.getByRole('button', { name: 'Overwrite level' }).click();
  await expect(page.getByText('Risk rating overwritten successfully')).toBeVisible();
  await expect(page.getByTestId('rating-level')).toHaveText('High Risk');
  const history = page.getByRole('table', { name: 'Rating history' });
  await expect(history.getByRole('row', { name: /Manual overwrite/ })).toContainText('Branch reports adverse media not on any list');
  await screenshot(page, 'customer-profile-1440-kyc-risk-rating');

  await page.getByRole('tab', { name: 'Activity Timeline' }).click();
  await expect(page.getByText('Risk level overwritten', { exact: true })).toBeVisible();
  await screenshot(page, 'customer-profile-1440-activity-timeline');

  await page.getByRole('tab', { name: 'Document Verification' }).click();
  await expect(page).toHaveURL(`/customer-profiles/document-verification/${id}`);
  await expect(page.getByRole('heading', { name: 'Face match and liveness' })).toBeVisible();
  await screenshot(page, 'customer-profile-1440-document-verification');

  // Every tab at phone width: nothing wider than the window.
  await page.setViewportSize(PHONE);
  for (const tab of ['customer-information', 'name-screening', 'document-verification', 'kyc-risk-rating', 'activity-timeline']) {
    await page.goto(`/customer-profiles/${tab}/${id}`);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByRole('tablist', { name: 'Customer sections' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await screenshot(page, `customer-profile-390-${tab}`);
  }
});
