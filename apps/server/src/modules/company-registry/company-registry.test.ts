import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import type { TCompanyDetail } from '@sanad/contracts/companies';
import type { TRegisterCheck, TRegisterLookup } from '@sanad/contracts/company-registry';
import { parseCsv } from '@sanad/csv/csv';
import { companiesHouseCsv, type CompaniesHouseRow } from '@sanad/test-support/companies-house-file';
import { signedInUser } from '../../test-support/admin-helpers';
import { apiCaller } from '../../test-support/api-session';
import { makeDataSegment } from '../../test-support/factories';
import { useTestApp } from '../../test-support/test-app';
import { readRegisterHeader, readRegisterRow, registerDate, RegisterFileError } from './companies-house-file';
import { importRegisterFile, importRegisterFileAt } from './register-import.service';

function company(number: string, overrides: CompaniesHouseRow = {}): CompaniesHouseRow {
  return {
    CompanyName: `REGISTRY TEST ${number} LIMITED`,
    CompanyNumber: number,
    'RegAddress.AddressLine1': '10 Downing Street',
    'RegAddress.PostTown': 'LONDON',
    'RegAddress.Country': 'UNITED KINGDOM',
    'RegAddress.PostCode': 'SW1A 2AA',
    CompanyCategory: 'Private Limited Company',
    CompanyStatus: 'Active',
    CountryOfOrigin: 'United Kingdom',
    IncorporationDate: '05/03/2015',
    'Accounts.NextDueDate': '31/12/2099',
    'Accounts.AccountCategory': 'MICRO ENTITY',
    'SICCode.SicText_1': '62020 - Information technology consultancy activities',
    'SICCode.SicText_2': 'None Supplied',
    ConfStmtNextDueDate: '01/01/2099',
    URI: `http://business.data.gov.uk/id/company/${number}`,
    ...overrides,
  };
}

async function* chunks(text: string, size: number): AsyncGenerator<string> {
  for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size);
}

describe('reading the Companies House basic company data file', () => {
  it('reads the header by trimmed name, quoted commas, DD/MM/YYYY dates, former names and SIC text', () => {
    const text = companiesHouseCsv([
      company('01234567', {
        CompanyName: 'SMITH, JONES & CO LIMITED',
        'RegAddress.CareOf': 'ACME ACCOUNTANTS',
        'RegAddress.AddressLine1': 'Unit 4, The Works',
        'RegAddress.AddressLine2': 'High Street',
        'PreviousName_1.CONDATE': '14/02/2019',
        'PreviousName_1.CompanyName': 'SMITH JONES LIMITED',
        'PreviousName_2.CONDATE': '',
        'PreviousName_2.CompanyName': 'SJ "TRADING" LIMITED',
        'Accounts.NextDueDate': '30/02/2025',
      }),
    ]);
    expect(text).toContain('"SMITH, JONES & CO LIMITED"');
    const [headerRow, dataRow] = parseCsv(text);
    const header = readRegisterHeader(headerRow?.fields ?? []);
    const row = readRegisterRow(header, dataRow?.fields ?? []);
    expect(row).toMatchObject({
      registrationNumber: '01234567',
      legalName: 'SMITH, JONES & CO LIMITED',
      incorporationDate: '2015-03-05',
      // 30 February is not a date: read as none rather than guessed.
      accountsNextDueDate: null,
      confirmationStatementNextDueDate: '2099-01-01',
      formerNames: [
        { name: 'SMITH JONES LIMITED', changedOn: '2019-02-14' },
        { name: 'SJ "TRADING" LIMITED', changedOn: null },
      ],
      sicCodes: ['62020 - Information technology consultancy activities'],
      registeredAddress: { careOf: 'ACME ACCOUNTANTS', line1: 'Unit 4, The Works', line2: 'High Street', postCode: 'SW1A 2AA' },
    });
    expect(registerDate('5/3/2015')).toBe('2015-03-05');
    expect(registerDate('2015-03-05')).toBeNull();
    expect(registerDate('')).toBeNull();
  });

  it('reads a header in another order and case, and refuses a file without the company number', () => {
    const header = readRegisterHeader(['\uFEFF companynumber ', 'COMPANYNAME', 'IncorporationDate']);
    expect(readRegisterRow(header, [' sc123456 ', 'Highland Ltd', '01/12/2001'])).toMatchObject({
      registrationNumber: 'SC123456',
      legalName: 'Highland Ltd',
      incorporationDate: '2001-12-01',
    });
    expect(readRegisterRow(header, ['', 'No Number Ltd', ''])).toBeNull();
    expect(() => readRegisterHeader(['Name', 'Number'])).toThrow(RegisterFileError);
  });
});

const t = useTestApp();
const api = () => apiCaller(t, t.adminToken);

describe('importing a register file and looking a company up', () => {
  it('streams the file in, and importing it again (or a newer edition) leaves one row per company', async () => {
    const suffix = String(Date.now()).slice(-6);
    const numbers = Array.from({ length: 7 }, (_, index) => `T${index}${suffix}`);
    const text = companiesHouseCsv([...numbers.map((number) => company(number)), { CompanyName: 'NO NUMBER LTD' }]);
    // Small chunks and batches: records split across chunks, several batches.
    const first = await importRegisterFile(
      t.context.db,
      'GB-COH',
      { name: 'BasicCompanyData-test.csv', text: chunks(text, 97) },
      { batchSize: 3 },
    );
    expect(first).toMatchObject({ stored: 7, skipped: 1 });
    const count = async () =>
      (
        await t.context.db.query<{ n: number }>(
          "select count(*)::int as n from company_register_entries where register = 'GB-COH' and registration_number = any($1::text[])",
          [numbers],
        )
      ).rows[0]?.n;
    expect(await count()).toBe(7);
    const newer = companiesHouseCsv(numbers.map((number, index) => company(number, index === 0 ? { CompanyStatus: 'Liquidation' } : {})));
    const second = await importRegisterFile(t.context.db, 'GB-COH', { name: 'BasicCompanyData-newer.csv', text: chunks(newer, 1024) });
    expect(second).toMatchObject({ stored: 7, skipped: 0 });
    expect(await count()).toBe(7);
    const looked = await api()<TRegisterLookup>('GET', `companies/register-lookup?register=GB-COH&number=${numbers[0]?.toLowerCase()}`);
    expect(looked.status).toBe(200);
    expect(looked.body.data.entry).toMatchObject({ status: 'Liquidation', sourceFile: 'BasicCompanyData-newer.csv' });
    const runs = await t.context.db.query<{ status: string; rows_stored: number }>(
      'select status, rows_stored from company_register_imports where id = any($1::uuid[]) order by started_at',
      [[first.importId, second.importId]],
    );
    expect(runs.rows).toEqual([
      { status: 'completed', rows_stored: 7 },
      { status: 'completed', rows_stored: 7 },
    ]);
    const audit = await t.context.db.query<{ summary: string }>(
      "select summary from audit_log where action = 'imported_company_register' and entity_id = $1",
      [second.importId],
    );
    expect(audit.rows[0]?.summary).toContain('Imported 7 companies into the GB-COH register');
  });

  it('records a file that is not a register file as failed and stores nothing', async () => {
    await expect(importRegisterFile(t.context.db, 'GB-COH', { name: 'wrong.csv', text: 'Name,Number\r\nA,1\r\n' })).rejects.toThrow(
      'not a Companies House basic company data file',
    );
    const run = await t.context.db.query<{ status: string; error: string }>(
      "select status, error from company_register_imports where source_file = 'wrong.csv'",
    );
    expect(run.rows[0]?.status).toBe('failed');
  });

  it('imports the ZIP as published from the command line, and refuses one holding two files before storing anything', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'sanad-register-'));
    try {
      const text = companiesHouseCsv([company('TZ000001'), company('TZ000002')]);
      const published = path.join(directory, 'BasicCompanyDataAsOneFile-2026-11-01.zip');
      writeFileSync(published, zipSync({ 'BasicCompanyDataAsOneFile-2026-11-01.csv': Buffer.from(text) }));
      expect(await importRegisterFileAt(t.context.db, 'GB-COH', published)).toMatchObject({ stored: 2, skipped: 0 });
      const looked = await api()<TRegisterLookup>('GET', 'companies/register-lookup?number=TZ000002');
      expect(looked.body.data.entry).toMatchObject({ sourceFile: 'BasicCompanyDataAsOneFile-2026-11-01.zip' });

      const two = path.join(directory, 'two.zip');
      writeFileSync(two, zipSync({ 'a.csv': Buffer.from(companiesHouseCsv([company('TZ000003')])), 'b.csv': Buffer.from(text) }));
      await expect(importRegisterFileAt(t.context.db, 'GB-COH', two)).rejects.toThrow('The ZIP archive holds more than one file');
      const runs = await t.context.db.query("select 1 from company_register_imports where source_file = 'two.zip'");
      expect(runs.rows).toHaveLength(0);
      expect((await api()<TRegisterLookup>('GET', 'companies/register-lookup?number=TZ000003')).status).toBe(404);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('answers the lookup with the prefill and the overdue flags, to staff who register or view companies only', async () => {
    const number = `L${String(Date.now()).slice(-7)}`;
    await importRegisterFile(t.context.db, 'GB-COH', {
      name: 'BasicCompanyData-lookup.csv',
      text: companiesHouseCsv([
        company(number, {
          CompanyName: 'LOOKUP HOLDINGS LIMITED',
          'RegAddress.AddressLine2': 'Westminster',
          'Accounts.NextDueDate': '30/09/2020',
          ConfStmtNextDueDate: '01/01/2099',
          'PreviousName_1.CONDATE': '01/06/2018',
          'PreviousName_1.CompanyName': 'LOOKUP TRADING LIMITED',
        }),
      ]),
    });
    const looked = await api()<TRegisterLookup>('GET', `companies/register-lookup?number=${encodeURIComponent(` ${number} `)}`);
    expect(looked.status).toBe(200);
    expect(looked.body.data.prefill).toEqual({
      legalName: 'LOOKUP HOLDINGS LIMITED',
      formerNames: ['LOOKUP TRADING LIMITED'],
      registrationNumber: number,
      register: 'UK Companies House',
      status: 'active',
      incorporationDate: '2015-03-05',
      incorporationCountryId: 'GB',
      registeredAddress: { line1: '10 Downing Street', line2: 'Westminster', city: 'LONDON', postalCode: 'SW1A 2AA', countryId: 'GB' },
    });
    expect(looked.body.data.flags).toEqual({ accountsOverdue: true, confirmationStatementOverdue: false });
    expect(looked.body.data.entry.sicCodes).toEqual(['62020 - Information technology consultancy activities']);

    const missing = await api()<null>('GET', 'companies/register-lookup?number=NOSUCH01');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toContain('UK Companies House has no company numbered NOSUCH01');
    expect((await api()('GET', 'companies/register-lookup?number=')).status).toBe(422);
    expect((await api()('GET', `companies/register-lookup?register=XX-NOPE&number=${number}`)).status).toBe(422);

    const viewer = await signedInUser(t, ['view-company-profile']);
    expect((await api()('GET', `companies/register-lookup?number=${number}`, undefined, viewer.token)).status).toBe(200);
    const individualStaff = await signedInUser(t, ['register-customer', 'view-customer-profile']);
    expect((await api()('GET', `companies/register-lookup?number=${number}`, undefined, individualStaff.token)).status).toBe(403);
  });

  it("checks a company's declaration against the register, for its own segment only", async () => {
    const number = `C${String(Date.now()).slice(-7)}`;
    await importRegisterFile(t.context.db, 'GB-COH', {
      name: 'BasicCompanyData-check.csv',
      text: companiesHouseCsv([
        company(number, {
          CompanyName: 'CHECKED & SONS LIMITED',
          'Accounts.NextDueDate': '31/01/2021',
          ConfStmtNextDueDate: '15/03/2021',
          'PreviousName_1.CompanyName': 'OLD CHECKED LIMITED',
        }),
      ]),
    });
    const registered = await api()<TCompanyDetail>('POST', 'companies/', {
      companyInfo: {
        legalName: 'Checked and Sons Ltd',
        registrationNumber: number,
        incorporationDate: '2015-03-06',
        registeredAddress: { line1: '10 Downing St.', city: 'London', postalCode: 'SW1A 9ZZ', countryId: 'GB' },
      },
    });
    expect(registered.status).toBe(200);
    const id = registered.body.data._id;
    const check = await api()<TRegisterCheck>('GET', `companies/${id}/register-check`);
    expect(check.status).toBe(200);
    // "&" and "and", "Limited" and "Ltd", case: the same name. The street is read without punctuation.
    expect(check.body.data.differences.map((difference) => difference.field).toSorted()).toEqual(
      ['formerNames', 'incorporationDate', 'registeredAddress.line1', 'registeredAddress.postalCode'].toSorted(),
    );
    expect(check.body.data.differences.find((difference) => difference.field === 'registeredAddress.postalCode')).toEqual({
      field: 'registeredAddress.postalCode',
      declared: 'SW1A 9ZZ',
      register: 'SW1A 2AA',
    });
    expect(check.body.data.flags).toEqual({ accountsOverdue: true, confirmationStatementOverdue: true });

    // The flags go through the registry flags path (audited, re-rated).
    const applied = await api()<TCompanyDetail>('PUT', `companies/${id}/registry-flags`, check.body.data.flags ?? {});
    expect(applied.status).toBe(200);

    const other = await makeDataSegment(t.context.db);
    const outsider = await signedInUser(t, ['view-company-profile'], [other]);
    expect((await api()('GET', `companies/${id}/register-check`, undefined, outsider.token)).status).toBe(404);
    const noRegisterEntry = await api()<TCompanyDetail>('POST', 'companies/', {
      companyInfo: { legalName: 'Unregistered Ventures Ltd', registrationNumber: `NONE-${Date.now()}` },
    });
    const none = await api()<TRegisterCheck>('GET', `companies/${noRegisterEntry.body.data._id}/register-check`);
    expect(none.body.data).toMatchObject({ entry: null, differences: [], flags: null });
  });
});
