import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REGISTRATION_STEPS, type RegistrationStep } from '@sanad/contracts/registration-steps';
import { makePng } from '@sanad/test-support/sample-files';
import { drawSignature, expectSignedIn, screenshot, signIn, signSignaturePanel } from '../support';

// Registering runs screening and rating on the server; a busy machine needs the time.
test.describe.configure({ timeout: 180_000 });

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

interface Person {
  firstName: string;
  lastName: string;
  idNumber: string;
  email: string;
}

/** A person no earlier run has registered: the segment refuses a second customer with the same ID number. */
function newPerson(tag: string): Person {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const lastName = `Qureshi${tag}${stamp.slice(-6)}`;
  return { firstName: 'Amina', lastName, idNumber: `35202${stamp.slice(-8)}`, email: `amina.${stamp}@e2e.test` };
}

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Presses Next and waits until the next step is drawn: its address and its own heading. A press
 * made before the heading changes would reach the previous step's button and be lost.
 */
async function next(page: Page, step: RegistrationStep): Promise<void> {
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(`/self-register/${step}`);
  const label = REGISTRATION_STEPS.find((candidate) => candidate.name === step)?.label ?? step;
  await expect(page.getByRole('heading', { name: label, level: 2, exact: true })).toBeVisible();
}

/** Step 3: the details the contract requires, typed by hand (the document reading is skipped). */
async function fillProfile(page: Page, person: Person, idNumber = person.idNumber): Promise<void> {
  await textbox(page, 'First name').fill(person.firstName);
  await textbox(page, 'Last name').fill(person.lastName);
  await textbox(page, 'Father name').fill('Tariq Qureshi');
  await page.getByLabel('Date of birth').fill('1986-03-14');
  await choose(page, 'Nationality', 'Pakistan');
  await choose(page, 'Country of residence', 'Pakistan');
  await choose(page, 'ID type', 'National ID card');
  await textbox(page, 'ID number').fill(idNumber);
  await choose(page, 'Work type', 'Salaried (private sector)');
  await textbox(page, 'Phone number').fill('+92 300 1234567');
  await textbox(page, 'Email').fill(person.email);
  await textbox(page, 'Confirm email').fill(person.email);
}

/**
 * The Signature Panel as a signer meets it: sending unsigned is refused, the fields open once a
 * signature is drawn, a forbidden character is named, Clear empties and disables everything, and
 * a second signature is the one kept.
 */
async function signWithClear(page: Page, person: Person, shots: string): Promise<void> {
  const panel = page.getByRole('group', { name: /Signature Panel/ });
  const name = panel.getByRole('textbox', { name: 'Name', exact: true });
  const position = panel.getByRole('textbox', { name: 'Position', exact: true });
  const date = panel.getByRole('textbox', { name: 'Date', exact: true });
  const agree = panel.getByRole('checkbox', {
    name: 'I understand that electronically signing this form constitutes a legally binding signature',
  });
  await expect(name).toBeDisabled();
  await expect(date).toBeDisabled();
  await expect(agree).toBeDisabled();
  await page.getByRole('button', { name: 'Register customer' }).click();
  await expect(panel.getByText('Signature is required')).toBeVisible();
  await expect(page).toHaveURL('/self-register/preview');
  await drawSignature(page);
  await expect(name).toBeEnabled();
  await expect(date).toHaveValue(/^\d{2}-\d{2}-\d{4}$/);
  await name.fill('Amina@Qureshi');
  await expect(panel.getByText('Name cannot contain special characters such as @')).toBeVisible();
  await position.fill('Account holder');
  await agree.check();
  await screenshot(page, `${shots}-6-signature-drawn`);
  await panel.getByRole('button', { name: 'Clear' }).click();
  await expect(name).toBeDisabled();
  await expect(name).toHaveValue('');
  await expect(position).toHaveValue('');
  await expect(date).toHaveValue('');
  await expect(agree).not.toBeChecked();
  await signSignaturePanel(page, `${person.firstName} ${person.lastName}`);
  await screenshot(page, `${shots}-6-signed`);
  // The draft kept in local storage names the stored image, not the image itself.
  const kept = await page.evaluate(() => localStorage.getItem('customer') ?? '');
  expect(kept).toMatch(/"sign":"[A-Za-z0-9_-]{8,128}\.enc"/);
  expect(kept).not.toContain(person.idNumber);
}

/** Walks all seven steps and registers the customer; answers the Sanad ID shown on the finish step. */
async function registerCustomer(page: Page, person: Person, shots: string | null): Promise<string> {
  await page.goto('/self-register');
  await expect(page.getByRole('heading', { name: 'Self Service Onboarding' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Upload document' })).toBeVisible();
  if (shots) await screenshot(page, `${shots}-1-upload-document`);
  await next(page, 'record-video');
  await expect(page.getByRole('button', { name: 'Start recording' })).toBeVisible();
  if (shots) await screenshot(page, `${shots}-2-record-video`);
  await next(page, 'setup-profile');
  await fillProfile(page, person);
  if (shots) await screenshot(page, `${shots}-3-setup-profile`);
  await next(page, 'account-info');
  await page.getByRole('combobox', { name: 'Products' }).click();
  await page.getByRole('option', { name: 'Savings account', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Add tax country' }).click();
  await choose(page, 'Tax country 1', 'Pakistan');
  await textbox(page, 'TIN').fill('1234567');
  if (shots) await screenshot(page, `${shots}-4-account-info`);
  await next(page, 'additional-info');
  await page.getByRole('textbox', { name: 'Expected investment' }).fill('250000');
  if (shots) await screenshot(page, `${shots}-5-additional-info`);
  await next(page, 'preview');
  const preview = page.getByRole('region', { name: 'Personal details' });
  await expect(preview).toContainText(person.lastName);
  await expect(preview).toContainText('Pakistan');
  await expect(page.getByRole('region', { name: 'Identity' })).toContainText(person.idNumber);
  if (shots) await screenshot(page, `${shots}-6-preview`);
  if (shots) await signWithClear(page, person, shots);
  else await signSignaturePanel(page, `${person.firstName} ${person.lastName}`);
  await page.getByRole('button', { name: 'Register customer' }).click();
  await expect(page).toHaveURL('/self-register/finish', { timeout: 60_000 });
  await expect(page.getByRole('heading', { name: 'Customer registered' })).toBeVisible();
  const sanadId = (await page.getByTestId('sanad-id').innerText()).trim();
  expect(sanadId).toMatch(/^SND-\d+$/);
  await expect(page.getByTestId('hit-count')).toHaveText(/^\d+$/);
  if (shots) await screenshot(page, `${shots}-7-finish`);
  return sanadId;
}

/** Finds the customer in the list by keyword and opens the profile: risk level, hits and versions. */
async function findAndOpen(page: Page, person: Person, sanadId: string, shots: string | null): Promise<void> {
  await page.goto('/customer-profiles');
  await expect(page.getByRole('heading', { name: 'Customer Profiles' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search' }).fill(person.lastName);
  await page.getByRole('textbox', { name: 'Search' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`keyword=${person.lastName}`));
  const table = page.getByRole('table', { name: 'Customers' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText(sanadId);
  await expect(table).toContainText('Pending');
  if (shots) await screenshot(page, `${shots}-list`);
  await table.getByRole('link', { name: `Amina ${person.lastName}` }).click();
  await expect(page).toHaveURL(/\/customer-profiles\/customer-information\//);
  await expect(page.getByRole('heading', { name: `Amina ${person.lastName}`, level: 1 })).toBeVisible();
  await expect(page.getByTestId('risk-level')).toHaveText(/Risk|Sanctioned|Not rated/);
  await expect(page.getByRole('heading', { name: /^Name screening hits \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Identity' })).toContainText(person.idNumber);
  await expect(page.getByRole('heading', { name: 'Record versions' })).toBeVisible();
  await expect(page.getByText('Version 1')).toBeVisible();
  // The signature is fetched from the stored file the record names.
  const signature = page.getByRole('region', { name: 'Signature' });
  await expect(signature.getByRole('img', { name: `Signature of Amina ${person.lastName}` })).toBeVisible();
  await expect(signature).toContainText(/\d{2}-\d{2}-\d{4}/);
  const drawn = await signature.getByRole('img').evaluate((image) => (image as HTMLImageElement).naturalWidth);
  expect(drawn).toBeGreaterThan(0);
  if (shots) await screenshot(page, `${shots}-profile`);
}

/** Nothing on the page is wider than the window: no content cut off or reachable only by scrolling the page sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a staff user registers a customer through every step, finds them by keyword and opens the profile (1440 px)', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin');
  await expectSignedIn(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  // The administrator's account is a KYB one: the entry is a dropdown with the individual onboarding in it.
  await nav.getByRole('button', { name: 'Self Service Onboarding' }).click();
  await nav.getByRole('link', { name: 'Individual Onboarding' }).click();
  await expect(page).toHaveURL('/self-register/upload-document');
  const person = newPerson('D');
  const sanadId = await registerCustomer(page, person, 'customers-1440');
  // The draft is gone once registered: the next registration starts empty with a new submission key.
  await page.getByRole('link', { name: 'Open profile' }).click();
  await expect(page.getByRole('heading', { name: `Amina ${person.lastName}`, level: 1 })).toBeVisible();
  // A KYB account's Profiles is a dropdown of the individual and the company profiles.
  await nav.getByRole('button', { name: 'Profiles' }).click();
  await nav.getByRole('link', { name: 'Individual Profiles' }).click();
  await expect(page).toHaveURL('/customer-profiles');
  await findAndOpen(page, person, sanadId, 'customers-1440');
});

test('the same registration works on a phone (390 px)', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, 'admin');
  // On a phone the sidebar sits behind the menu button: signed in is when the login page is left.
  await page.waitForURL((url) => url.pathname !== '/');
  const person = newPerson('P');
  const sanadId = await registerCustomer(page, person, 'customers-390');
  await expectNoSidewaysScroll(page);
  await findAndOpen(page, person, sanadId, 'customers-390');
  await expectNoSidewaysScroll(page);
});

test('errors are shown on the step that holds the field: a refused file, a missing name, and the server refusing a duplicate', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin');
  await expectSignedIn(page);
  const first = newPerson('V');
  await registerCustomer(page, first, null);

  // Step 1 takes JPEG, JPG, PNG or PDF only.
  await page.goto('/self-register/upload-document');
  const folder = mkdtempSync(path.join(tmpdir(), 'sanad-customers-'));
  const text = path.join(folder, 'notes.txt');
  writeFileSync(text, 'not a document');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Front side' }).click();
  await (await chooser).setFiles(text);
  await expect(page.getByText('File format not supported')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Read document' })).toBeDisabled();
  const png = path.join(folder, 'front.png');
  writeFileSync(png, makePng(32, 20));
  const again = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Front side' }).click();
  await (await again).setFiles(png);
  await expect(page.getByText('File format not supported')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Read document' })).toBeEnabled();

  // Step 3 does not move on without a first name, and says so beside the field.
  await next(page, 'record-video');
  await next(page, 'setup-profile');
  const second = { ...newPerson('V'), firstName: '' };
  await fillProfile(page, second, first.idNumber);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL('/self-register/setup-profile');
  await expect(textbox(page, 'First name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('First name is required')).toBeVisible();
  await screenshot(page, 'customers-1440-validation-setup-profile');
  await textbox(page, 'First name').fill('Amina');
  await expect(page.getByText('First name is required')).toHaveCount(0);
  await next(page, 'account-info');
  await next(page, 'additional-info');
  await next(page, 'preview');
  await signSignaturePanel(page, 'Amina Qureshi');

  // The server refuses the same ID number in the segment; the message is shown on setup-profile, beside the ID number.
  await page.getByRole('button', { name: 'Register customer' }).click();
  await expect(page).toHaveURL('/self-register/setup-profile');
  await expect(textbox(page, 'ID number')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#main').getByText(/A customer with this ID number already exists/)).toBeVisible();
  await screenshot(page, 'customers-1440-validation-duplicate');
});

test('a customer whose name is on the firm’s own list is registered with the hit and an on boarding alert', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin');
  await expectSignedIn(page);
  await page.goto('/configuration/screening-data/sanad-list');
  await page.getByRole('button', { name: 'Add entry' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add entry' });
  await expect(dialog).toHaveCSS('opacity', '1');
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Farrukh Zaman Baig');
  await dialog.getByLabel('Date of birth').fill('1986-03-14');
  await dialog.getByLabel('Reason').fill('Account takeover fraud');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Entry added successfully')).toBeVisible();

  const person = { ...newPerson('H'), firstName: 'Farrukh', lastName: 'Zaman Baig' };
  await registerCustomer(page, person, null);
  await expect(page.getByTestId('hit-count')).not.toHaveText('0');
  await screenshot(page, 'customers-1440-finish-with-hit');
  await page.getByRole('link', { name: 'Open profile' }).click();
  await expect(page.getByRole('heading', { name: 'Farrukh Zaman Baig', level: 1 })).toBeVisible();
  const hits = page.getByRole('table', { name: 'Name screening hits' });
  await expect(hits.getByRole('row', { name: /Farrukh Zaman Baig/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Name screening hits \([1-9]\d*\)$/ })).toBeVisible();
  await expect(page.locator('#alerts-heading')).toBeVisible();
  await expect(page.getByText(/on boarding/i).first()).toBeVisible();
  await screenshot(page, 'customers-1440-profile-with-hit');
});
