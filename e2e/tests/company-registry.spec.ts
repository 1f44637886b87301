import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { companiesHouseCsv, type CompaniesHouseRow } from '@sanad/test-support/companies-house-file';
import { prepareOwnServer, type OwnServer } from '../own-server';
import { chooseFile, expectNoSidewaysScroll, screenshot } from '../support';

/**
 * Company registry data (KYB): a Companies House basic company data file is imported with the
 * command line, then staff look companies up by number on Company
 * Onboarding, the form is prefilled, and a declaration that departs from the register is flagged on
 * the company's profile; an administrator then loads the file's next part from the configuration
 * area and follows its import. The embedded database admits one process at a time and the command
 * line's import runs before the server starts, so this file starts its own server on a fresh database.
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
// Registering screens and rates the company before the answer; the machine is shared.
const SLOW = { timeout: 90_000 };
const ADMIN_EMAIL = 'registry-admin@e2e.test';

const COMPANIES: CompaniesHouseRow[] = [
  {
    CompanyName: 'THISTLE & SONS LIMITED',
    CompanyNumber: 'SC123456',
    'RegAddress.AddressLine1': '12 Rose Street',
    'RegAddress.AddressLine2': 'New Town',
    'RegAddress.PostTown': 'EDINBURGH',
    'RegAddress.Country': 'SCOTLAND',
    'RegAddress.PostCode': 'EH2 2PR',
    CompanyCategory: 'Private Limited Company',
    CompanyStatus: 'Active',
    CountryOfOrigin: 'United Kingdom',
    IncorporationDate: '14/06/2011',
    'Accounts.AccountRefDay': '31',
    'Accounts.AccountRefMonth': '3',
    // Accounts a long time overdue; the confirmation statement is not.
    'Accounts.NextDueDate': '31/12/2020',
    'Accounts.LastMadeUpDate': '31/03/2019',
    'Accounts.AccountCategory': 'TOTAL EXEMPTION FULL',
    'SICCode.SicText_1': '46900 - Non-specialised wholesale trade',
    'SICCode.SicText_2': 'None Supplied',
    URI: 'http://business.data.gov.uk/id/company/SC123456',
    'PreviousName_1.CONDATE': '01/02/2019',
    'PreviousName_1.CompanyName': 'THISTLE TRADING LIMITED',
    ConfStmtNextDueDate: '01/01/2099',
    ConfStmtLastMadeUpDate: '01/01/2098',
  },
  {
    CompanyName: 'HARBOUR LIGHT LOGISTICS LTD',
    CompanyNumber: '09876543',
    'RegAddress.CareOf': 'BEGBIES TRAYNOR',
    'RegAddress.AddressLine1': '31st Floor 40 Bank Street',
    'RegAddress.PostTown': 'LONDON',
    'RegAddress.Country': 'ENGLAND',
    'RegAddress.PostCode': 'E14 5NR',
    CompanyCategory: 'Private Limited Company',
    CompanyStatus: 'Liquidation',
    CountryOfOrigin: 'United Kingdom',
    IncorporationDate: '02/10/2015',
    'Accounts.NextDueDate': '30/06/2099',
    'Accounts.AccountCategory': 'MICRO ENTITY',
    'SICCode.SicText_1': '52290 - Other transportation support activities',
    URI: 'http://business.data.gov.uk/id/company/09876543',
    ConfStmtNextDueDate: '15/10/2099',
  },
  {
    CompanyName: 'QUAYSIDE PARTNERS LLP',
    CompanyNumber: 'OC301234',
    'RegAddress.AddressLine1': '1 Quayside',
    'RegAddress.PostTown': 'NEWCASTLE UPON TYNE',
    'RegAddress.Country': 'ENGLAND',
    'RegAddress.PostCode': 'NE1 3DX',
    CompanyCategory: 'Limited Liability Partnership',
    CompanyStatus: 'Active',
    CountryOfOrigin: 'United Kingdom',
    IncorporationDate: '20/08/2002',
    URI: 'http://business.data.gov.uk/id/company/OC301234',
  },
  // A damaged trailing line without a number: the import counts it as skipped.
  { CompanyName: 'NO NUMBER LIMITED' },
];

/** The register file in the published format, written for this run (never a committed sample). */
function writeRegisterFile(directory: string): string {
  const file = path.join(directory, 'BasicCompanyData-2026-11-01-part1_7.csv');
  writeFileSync(file, companiesHouseCsv(COMPANIES));
  return file;
}

let own: OwnServer;
let baseUrl = '';
let imported = '';

test.beforeAll(async () => {
  own = await prepareOwnServer('registry', ADMIN_EMAIL);
  baseUrl = own.baseUrl;
  // The import runs before the server holds the embedded database.
  imported = own.cli(['registry:import', writeRegisterFile(own.dataDir), '--register', 'GB-COH']);
  await own.start();
});

test.afterAll(() => own.stop());

const signInAsAdmin = (page: Page) => own.signInAsAdmin(page);

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

async function lookUp(page: Page, number: string): Promise<void> {
  await page.goto(`${baseUrl}/register-company`);
  await expect(page.getByRole('heading', { name: 'Company Onboarding' })).toBeVisible(SLOW);
  await field(page, 'Registration number').fill(number);
  // The lookup is beside the number, on the first screen, at any width.
  const button = page.getByRole('button', { name: 'Look up in register' });
  await expect(button).toBeInViewport({ ratio: 1 });
  await button.click();
}

/** Registers the company as the form holds it and opens its profile at the Register check. */
async function registerAndOpen(page: Page, legalName: string): Promise<void> {
  await page.getByRole('button', { name: 'Register company' }).click();
  await expect(page).toHaveURL(`${baseUrl}/register-company/finish`, SLOW);
  await expect(page.getByRole('heading', { name: `${legalName} is registered` })).toBeVisible();
  await page.getByRole('link', { name: 'Open the company' }).click();
  await expect(page).toHaveURL(/\/company-profiles\/company-information\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Register check' })).toBeVisible(SLOW);
}

test('the command line imports the register file, skipping a row without a number', () => {
  // The command prints its result as the last line.
  expect(JSON.parse(imported.trim().split('\n').at(-1) ?? '')).toMatchObject({ stored: 3, skipped: 1 });
});

test('an officer looks a company up by number, the form is prefilled, and a changed postcode is flagged on the profile', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signInAsAdmin(page);

  // Typed as people type it: lower case, with a space; the register keys it as SC123456.
  await lookUp(page, 'sc 123456');
  const found = page.getByRole('status').filter({ hasText: 'Filled from the register: THISTLE & SONS LIMITED' });
  await expect(found).toBeVisible(SLOW);
  await expect(found).toContainText('Status in the register: Active · Private Limited Company');
  await expect(found).toContainText('Nature of business (SIC): 46900 - Non-specialised wholesale trade');
  await expect(found).toContainText('Accounts overdue (due 2020-12-31)');
  await expect(found).not.toContainText('Confirmation statement overdue');

  await expect(field(page, 'Legal name')).toHaveValue('THISTLE & SONS LIMITED');
  await expect(field(page, 'Registration number')).toHaveValue('SC123456');
  await expect(field(page, 'Register')).toHaveValue('UK Companies House');
  await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('Active');
  await expect(page.getByLabel('Incorporation date')).toHaveValue('2011-06-14');
  await expect(page.getByRole('combobox', { name: 'Country of incorporation', exact: true })).toHaveValue('United Kingdom');
  await expect(field(page, 'Former names')).toHaveValue('THISTLE TRADING LIMITED');
  await expect(field(page, 'Registered address')).toHaveValue('12 Rose Street, New Town');
  await expect(field(page, 'City').first()).toHaveValue('EDINBURGH');
  await expect(field(page, 'Postcode')).toHaveValue('EH2 2PR');
  await screenshot(page, 'company-registry-prefilled-1440');

  // The company declares another postcode and writes its name in another case: only the postcode differs.
  await field(page, 'Postcode').fill('EH3 9AA');
  await field(page, 'Legal name').fill('Thistle and Sons Ltd');
  await registerAndOpen(page, 'Thistle and Sons Ltd');

  const card = page.getByRole('region', { name: 'Register check' });
  await expect(card).toContainText('UK Companies House: THISTLE & SONS LIMITED, Active · 46900 - Non-specialised wholesale trade');
  const differences = card.getByRole('table', { name: 'Differences from the register' });
  await expect(differences.getByRole('row')).toHaveCount(2);
  const postcode = differences.getByRole('row').filter({ hasText: 'Registered address postcode' });
  await expect(postcode).toContainText('EH3 9AA');
  await expect(postcode).toContainText('EH2 2PR');
  await expect(card).toContainText('Accounts overdue: yes');
  await expect(card).toContainText('Confirmation statement overdue: no');
  await screenshot(page, 'company-registry-profile-1440');

  // The overdue accounts go onto the record's registry flags, with who set them.
  await card.getByRole('button', { name: 'Apply register flags' }).click();
  await expect(page.getByText('Registry flags saved').first()).toBeVisible(SLOW);
  await expect(card.getByRole('button', { name: 'Apply register flags' })).toHaveCount(0);
  await expect(page.getByRole('switch', { name: 'Accounts overdue' })).toBeChecked();
  await expect(page.getByText(/Set on by .+ · /)).toBeVisible();
});

test('a number the register does not hold gets a clear message and fills nothing', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAsAdmin(page);
  await lookUp(page, '01234567');
  await expect(
    page.getByRole('status').filter({ hasText: 'UK Companies House has no company numbered 01234567 in the imported register file' }),
  ).toBeVisible(SLOW);
  await expect(field(page, 'Legal name')).toHaveValue('');
  await expect(page.getByText(/Filled from the register/)).toHaveCount(0);
  await screenshot(page, 'company-registry-unknown-1440');

  // Without a number there is nothing to look up, and registering says the number is required.
  await field(page, 'Registration number').fill('');
  await expect(page.getByRole('button', { name: 'Look up in register' })).toBeDisabled();
  await expect(page.getByText(/has no company numbered/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Register company' }).click();
  await expect(page.getByText('Registration number is required').first()).toBeVisible();
  await page.getByRole('heading', { name: 'Setup profile' }).scrollIntoViewIfNeeded();
  await screenshot(page, 'company-registry-required-1440');
});

test('on a phone the lookup, the prefill and the flagged difference are all within reach', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInAsAdmin(page);

  await lookUp(page, '09876543');
  const found = page.getByRole('status').filter({ hasText: 'Filled from the register: HARBOUR LIGHT LOGISTICS LTD' });
  await expect(found).toBeVisible(SLOW);
  await expect(found).toContainText('Status in the register: Liquidation');
  // The c/o leads the address's first line; the register's liquidation is the form's "In liquidation".
  await expect(field(page, 'Registered address')).toHaveValue('c/o BEGBIES TRAYNOR, 31st Floor 40 Bank Street');
  await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('In liquidation');
  await expect(field(page, 'Postcode')).toHaveValue('E14 5NR');
  await expectNoSidewaysScroll(page);
  await found.scrollIntoViewIfNeeded();
  await screenshot(page, 'company-registry-prefilled-390');

  // The company declares a name the register does not know.
  await field(page, 'Legal name').fill('Harbour Lights Shipping Ltd');
  // At the foot of the long form, and wholly on screen once scrolled to.
  const register = page.getByRole('button', { name: 'Register company' });
  await register.scrollIntoViewIfNeeded();
  await expect(register).toBeInViewport({ ratio: 1 });
  await registerAndOpen(page, 'Harbour Lights Shipping Ltd');

  const card = page.getByRole('region', { name: 'Register check' });
  const differences = card.getByRole('table', { name: 'Differences from the register' });
  const name = differences.getByRole('row').filter({ hasText: 'Legal name' });
  await expect(name).toContainText('Harbour Lights Shipping Ltd');
  await expect(name).toContainText('HARBOUR LIGHT LOGISTICS LTD');
  await expect(differences.getByRole('row')).toHaveCount(2);
  await card.scrollIntoViewIfNeeded();
  // Every cell of the differences is readable without scrolling anything sideways.
  for (const cell of await differences.getByRole('cell').all()) await expect(cell).toBeInViewport({ ratio: 1 });
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'company-registry-profile-390');
});

/** The next part of the register file, as an administrator downloads it: one new company and a damaged row. */
function writeSecondPart(directory: string): string {
  const file = path.join(directory, 'BasicCompanyData-2026-11-01-part2_7.csv');
  writeFileSync(
    file,
    companiesHouseCsv([
      {
        CompanyName: 'MERSEY BRIDGE TRADING LIMITED',
        CompanyNumber: '11223344',
        'RegAddress.AddressLine1': '5 Water Street',
        'RegAddress.PostTown': 'LIVERPOOL',
        'RegAddress.Country': 'ENGLAND',
        'RegAddress.PostCode': 'L2 0RG',
        CompanyCategory: 'Private Limited Company',
        CompanyStatus: 'Active',
        CountryOfOrigin: 'United Kingdom',
        IncorporationDate: '09/09/2019',
      },
      { CompanyName: 'NO NUMBER EITHER LIMITED' },
    ]),
  );
  return file;
}

test('an administrator loads a register file from the configuration area and follows its import', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAsAdmin(page);
  await page.goto(`${baseUrl}/configuration`);
  const section = page.getByTestId('configuration-home').getByRole('link', { name: /Company registers/ });
  await expect(section).toContainText('Load the UK Companies House register file');
  await section.click();
  await expect(page.getByRole('heading', { name: 'Company registers', level: 1 })).toBeVisible(SLOW);

  // The command line's run is listed, as the command line's.
  const loaded = page.getByRole('table', { name: 'Register files loaded' });
  const cliRun = loaded.getByRole('row').filter({ hasText: 'BasicCompanyData-2026-11-01-part1_7.csv' });
  await expect(cliRun).toContainText('3 stored');
  await expect(cliRun).toContainText('1 refused');
  await expect(cliRun).toContainText('command line');

  // A file that is not a register file is refused at once, with the reason.
  const wrong = path.join(own.dataDir, 'customers.csv');
  writeFileSync(wrong, 'firstName,lastName\r\nAmina,Rahman\r\n');
  await chooseFile(page, 'Register file', wrong);
  await page.getByRole('button', { name: 'Upload and import' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This is not a Companies House basic company data file' })).toBeVisible(SLOW);

  await chooseFile(page, 'Register file', writeSecondPart(own.dataDir));
  await page.getByRole('button', { name: 'Upload and import' }).click();
  const progress = page.getByTestId('register-import-progress');
  await expect(progress).toContainText(
    'BasicCompanyData-2026-11-01-part2_7.csv: 1 company imported into UK Companies House, 1 row refused',
    SLOW,
  );
  await expect(
    progress.getByRole('table', { name: 'Rows refused' }).getByRole('row').filter({ hasText: 'No company number' }),
  ).toContainText('3');
  const uploadedRun = loaded.getByRole('row').filter({ hasText: 'BasicCompanyData-2026-11-01-part2_7.csv' });
  await expect(uploadedRun).toContainText('1 stored', SLOW);
  await expect(uploadedRun).toContainText(/by \S+/);
  await screenshot(page, 'company-registry-upload-1440');

  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(loaded.getByRole('row').filter({ hasText: 'part2_7.csv' })).toBeVisible(SLOW);
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'company-registry-upload-390');

  // The uploaded file's company is found by the lookup.
  await page.setViewportSize(DESKTOP);
  await lookUp(page, '11223344');
  await expect(page.getByRole('status').filter({ hasText: 'Filled from the register: MERSEY BRIDGE TRADING LIMITED' })).toBeVisible(SLOW);
});
