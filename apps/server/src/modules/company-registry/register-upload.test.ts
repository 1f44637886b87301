import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import {
  REGISTER_IMPORT_MESSAGES,
  type TRegisterImport,
  type TRegisterImports,
  type TRegisterLookup,
} from '@sanad/contracts/company-registry';
import { companiesHouseCsv, type CompaniesHouseRow } from '@sanad/test-support/companies-house-file';
import { multipart } from '@sanad/test-support/multipart';
import { signedInUser } from '../../test-support/admin-helpers';
import { apiCaller, type Envelope } from '../../test-support/api-session';
import { makeDataSegment } from '../../test-support/factories';
import type { Database } from '../../platform/db/database';
import { bearer, body, useTestApp } from '../../test-support/test-app';
import { createRegisterUploadService, MAX_ATTEMPTS, REGISTER_FOLDER } from './register-upload.service';

// No job queue: each test runs the import's job by hand, so what it sees does not depend on timing.
const t = useTestApp();
const api = () => apiCaller(t, t.adminToken);
const jobs = (db: Database = t.context.db) => createRegisterUploadService({ db, vault: t.context.vault, jobs: null });

/** The database as a worker sees it until it dies: its transactions after the first `transactions` fail. */
function dyingAfter(db: Database, transactions: number): Database {
  let begun = 0;
  return new Proxy(db, {
    get(target, property) {
      if (property === 'transaction')
        return (fn: Parameters<Database['transaction']>[0]) => {
          begun += 1;
          return begun > transactions ? Promise.reject(new Error('the worker died')) : target.transaction(fn);
        };
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** A ZIP archive as Companies House publishes the register: one CSV file inside, deflated. */
const zipOf = (files: Record<string, string>) =>
  Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, Buffer.from(text)]))));

function company(number: string, overrides: CompaniesHouseRow = {}): CompaniesHouseRow {
  return {
    CompanyName: `UPLOADED ${number} LIMITED`,
    CompanyNumber: number,
    'RegAddress.AddressLine1': '1 Upload Street',
    'RegAddress.PostTown': 'LEEDS',
    'RegAddress.PostCode': 'LS1 1AA',
    CompanyStatus: 'Active',
    IncorporationDate: '01/04/2010',
    ...overrides,
  };
}

async function upload(
  name: string,
  content: string | Buffer,
  token = t.adminToken,
  fields: Record<string, string> = { register: 'GB-COH' },
) {
  const form = multipart(fields, { name, body: Buffer.from(content), contentType: 'text/csv' });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/company-registers/imports',
    payload: form.payload,
    headers: { ...form.headers, ...bearer(token) },
  });
  return { status: response.statusCode, body: body<Envelope<TRegisterImport>>(response) };
}

async function countRows(sql: string, params: unknown[] = []): Promise<number> {
  return (await t.context.db.query<{ n: number }>(sql, params)).rows[0]?.n ?? -1;
}

const storedRegisterFiles = () => countRows('select count(*)::int as n from files where folder = $1', [REGISTER_FOLDER]);
const importRuns = () => countRows('select count(*)::int as n from company_register_imports');

describe('loading a register file from the configuration area', () => {
  it('stores the upload, imports it in a job, keeps the refused rows with their line and reason, and audits it once', async () => {
    const numbers = ['UP000001', 'UP000002', 'UP000003'];
    const text = companiesHouseCsv([
      company(numbers[0] ?? ''),
      { CompanyName: 'NO NUMBER LIMITED' },
      company(numbers[1] ?? ''),
      { CompanyNumber: 'UP999999' },
      company(numbers[2] ?? ''),
    ]);
    const started = await upload('BasicCompanyData-2026-11-01-part1_7.csv', text);
    expect(started.status).toBe(200);
    expect(started.body.message).toBe('The register file was uploaded; its import has started');
    expect(started.body.data).toMatchObject({
      status: 'queued',
      source: 'upload',
      sourceFile: 'BasicCompanyData-2026-11-01-part1_7.csv',
      percentage: 0,
      createdByName: expect.any(String),
    });
    expect(await storedRegisterFiles()).toBe(1);

    await jobs().runImport(started.body.data._id);
    const done = await api()<TRegisterImport>('GET', `company-registers/imports/${started.body.data._id}`);
    expect(done.body.data).toMatchObject({
      status: 'completed',
      percentage: 100,
      rowsStored: 3,
      rowsRefused: 2,
      // The header is line 1: the rows without a number and without a name are lines 3 and 5.
      refusedRows: [
        { line: 3, reason: 'No company number' },
        { line: 5, reason: 'No company name' },
      ],
      error: null,
    });
    const looked = await api()<TRegisterLookup>('GET', 'companies/register-lookup?number=up000002');
    expect(looked.body.data.entry).toMatchObject({
      legalName: 'UPLOADED UP000002 LIMITED',
      sourceFile: 'BasicCompanyData-2026-11-01-part1_7.csv',
    });

    const listed = await api()<TRegisterImports>('GET', 'company-registers/imports');
    expect(listed.body.data.mayImport).toBe(true);
    expect(listed.body.data.imports[0]).toMatchObject({
      _id: started.body.data._id,
      rowsStored: 3,
      createdByName: started.body.data.createdByName,
    });
    // One audit entry for the run, naming who uploaded the file; the stored copy is no longer kept.
    const audits = await t.context.db.query<{ action: string; actor_name: string | null }>(
      "select action, actor_name from audit_log where entity_type = 'company_register_import' and entity_id = $1",
      [started.body.data._id],
    );
    expect(audits.rows).toEqual([{ action: 'imported_company_register', actor_name: started.body.data.createdByName }]);
    expect(await storedRegisterFiles()).toBe(0);
    // A second delivery of the same job finds the import finished and does nothing.
    expect(await jobs().runImport(started.body.data._id)).toEqual({ items: 0, note: 'already finished' });
  });

  it('refuses a file that is not a register file with the reason, and keeps nothing of it', async () => {
    const runs = await importRuns();
    const notRegister = await upload('customers.csv', 'firstName,lastName\r\nAmina,Rahman\r\n');
    expect(notRegister.status).toBe(422);
    expect(notRegister.body.message).toBe(
      'This is not a Companies House basic company data file: the header has no CompanyName or CompanyNumber column',
    );
    const renamedZip = await upload('register.csv', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]));
    expect(renamedZip.status).toBe(415);
    expect(renamedZip.body.message).toBe('This is a ZIP archive named .csv: upload it with its .zip name');
    const xlsx = await upload('register.xlsx', 'CompanyName,CompanyNumber\r\n');
    expect(xlsx.status).toBe(415);
    expect(xlsx.body.message).toBe('The register file must be a CSV file (.csv) or a ZIP archive holding one (.zip)');
    expect((await upload('empty.csv', '')).body.message).toBe('The file is empty');
    const noLineEnd = await upload('binary.csv', Buffer.alloc(70 * 1024, 0x41));
    expect(noLineEnd.status).toBe(422);
    expect(noLineEnd.body.message).toContain('This is not a Companies House basic company data file');
    const unknownRegister = await upload('r.csv', companiesHouseCsv([company('UP100001')]), t.adminToken, { register: 'XX-NOPE' });
    expect(unknownRegister.status).toBe(422);
    expect(unknownRegister.body.message).toBe('The register must be one of GB-COH');
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/company-registers/imports',
      payload: {},
      headers: bearer(t.adminToken),
    });
    expect(noFile.statusCode).toBe(422);
    expect(await importRuns()).toBe(runs);
    expect(await storedRegisterFiles()).toBe(0);
  });

  it('fails a file whose rows cannot be read as CSV, keeping the companies stored before the bad line', async () => {
    const good = companiesHouseCsv([company('UP200001')]);
    const started = await upload('damaged.csv', `${good}"UNCLOSED QUOTE LIMITED,UP200002\r\n`);
    expect(started.status).toBe(200);
    await jobs().runImport(started.body.data._id);
    const done = await api()<TRegisterImport>('GET', `company-registers/imports/${started.body.data._id}`);
    expect(done.body.data.status).toBe('failed');
    expect(done.body.data.error).toContain('The file cannot be read as CSV');
    const audits = await countRows(
      "select count(*)::int as n from audit_log where action = 'failed_company_register_import' and entity_id = $1",
      [started.body.data._id],
    );
    expect(audits).toBe(1);
  });

  it('takes over an interrupted import after the rows it had already read', async () => {
    const numbers = Array.from({ length: 6 }, (_, index) => `UR00000${index}`);
    const started = await upload('resumed.csv', companiesHouseCsv(numbers.map((number) => company(number))));
    const importId = started.body.data._id;
    // As a run killed after its first batch leaves it: three rows read and stored, in the same commit.
    await t.context.db.query("update company_register_imports set status = 'running', rows_stored = 3, attempts = 1 where id = $1", [
      importId,
    ]);
    await jobs().runImport(importId);
    const done = await api()<TRegisterImport>('GET', `company-registers/imports/${importId}`);
    expect(done.body.data).toMatchObject({ status: 'completed', rowsStored: 6, rowsRefused: 0 });
    // The three rows counted as read were not read again: the entries come from the rows after them.
    const stored = await t.context.db.query<{ registration_number: string }>(
      "select registration_number from company_register_entries where register = 'GB-COH' and registration_number = any($1::text[]) order by 1",
      [numbers],
    );
    expect(stored.rows.map((row) => row.registration_number)).toEqual(numbers.slice(3));
  });

  it('admits one uploaded import at a time', async () => {
    const first = await upload('first.csv', companiesHouseCsv([company('UQ000001')]));
    expect(first.status).toBe(200);
    const runs = await importRuns();
    const second = await upload('second.csv', companiesHouseCsv([company('UQ000002')]));
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('A register file is already being imported; wait until it finishes');
    expect(await importRuns()).toBe(runs);
    await jobs().runImport(first.body.data._id);
    const third = await upload('third.csv', companiesHouseCsv([company('UQ000003')]));
    expect(third.status).toBe(200);
    await jobs().runImport(third.body.data._id);
  });

  it('is for screening-list holders, and loading a file for users of every data segment only', async () => {
    const noPermission = await signedInUser(t, ['view-company-profile', 'register-company']);
    expect((await api()('GET', 'company-registers/imports', undefined, noPermission.token)).status).toBe(403);
    expect((await upload('r.csv', companiesHouseCsv([company('US000001')]), noPermission.token)).status).toBe(403);

    const oneSegment = await signedInUser(t, ['screening-list'], [await makeDataSegment(t.context.db)]);
    const listed = await api()<TRegisterImports>('GET', 'company-registers/imports', undefined, oneSegment.token);
    expect(listed.status).toBe(200);
    expect(listed.body.data.mayImport).toBe(false);
    const refused = await upload('r.csv', companiesHouseCsv([company('US000002')]), oneSegment.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Only a user of every data segment can load a company register: the register is shared by all segments',
    );
    expect((await api()('GET', 'company-registers/imports/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

/** Rows of the published kind, with a row without a number among them. */
function registerRows(prefix: string, count: number): CompaniesHouseRow[] {
  return Array.from({ length: count }, (_, index) =>
    index === 3
      ? { CompanyName: 'NO NUMBER LIMITED' }
      : company(`${prefix}${String(index).padStart(6, '0')}`, {
          // Random words keep the archive from compressing to one chunk, so it is read in several.
          'RegAddress.AddressLine2': randomBytes(96).toString('base64'),
          'SICCode.SicText_1': '62020 - Information technology consultancy activities',
          'PreviousName_1.CompanyName': index % 5 === 0 ? `FORMER ${index} LTD` : '',
        }),
  );
}

/** Every column of the entries of one prefix, but where and when they were imported from. */
async function entriesOf(prefix: string): Promise<unknown[]> {
  const entries = await t.context.db.query(
    `select registration_number, legal_name, former_names, status, category, country_of_origin, incorporation_date,
            dissolution_date, registered_address, sic_codes, accounts_next_due_date, confirmation_statement_next_due_date
       from company_register_entries where registration_number like $1 order by registration_number`,
    [`${prefix}%`],
  );
  return entries.rows;
}

describe('loading the register as Companies House publishes it, a ZIP archive', () => {
  it('imports the same companies from the ZIP as from the CSV inside it, and keeps no copy of either', async () => {
    const text = companiesHouseCsv(registerRows('ZA', 40));
    const fromCsv = await upload('BasicCompanyDataAsOneFile-2026-11-01.csv', text);
    expect(fromCsv.status).toBe(200);
    await jobs().runImport(fromCsv.body.data._id);
    const imported = await entriesOf('ZA');
    expect(imported).toHaveLength(39);
    await t.context.db.query("delete from company_register_entries where registration_number like 'ZA%'");

    const archive = zipOf({ 'BasicCompanyDataAsOneFile-2026-11-01.csv': text });
    const fromZip = await upload('BasicCompanyDataAsOneFile-2026-11-01.zip', archive);
    expect(fromZip.status).toBe(200);
    expect(fromZip.body.data).toMatchObject({
      status: 'queued',
      sourceFile: 'BasicCompanyDataAsOneFile-2026-11-01.zip',
      sizeBytes: archive.length,
    });
    expect(await storedRegisterFiles()).toBe(1);
    await jobs().runImport(fromZip.body.data._id);

    expect(await entriesOf('ZA')).toEqual(imported);
    const done = await api()<TRegisterImport>('GET', `company-registers/imports/${fromZip.body.data._id}`);
    expect(done.body.data).toMatchObject({
      status: 'completed',
      percentage: 100,
      rowsStored: 39,
      rowsRefused: 1,
      refusedRows: [{ line: 5, reason: 'No company number' }],
    });
    expect(await storedRegisterFiles()).toBe(0);
  });

  it('refuses each archive it cannot read with the reason, and keeps nothing of it', async () => {
    const runs = await importRuns();
    const csv = companiesHouseCsv([company('ZB000001')]);
    const one = zipOf({ 'register.csv': csv });
    /** The archive with the entry's flags or method changed in its local and its directory header. */
    const patched = (offset: number, value: number) => {
      const bytes = Buffer.from(one);
      const directoryAt = bytes.readUInt32LE(bytes.length - 22 + 16);
      bytes.writeUInt16LE(value, offset);
      bytes.writeUInt16LE(value, directoryAt + offset + 2);
      return bytes;
    };
    const refusals: [string, Buffer, number, string][] = [
      ['two files', zipOf({ 'register.csv': csv, 'readme.txt': 'About this file' }), 422, REGISTER_IMPORT_MESSAGES.zipManyFiles],
      ['no CSV', zipOf({ 'readme.txt': 'About this file' }), 415, REGISTER_IMPORT_MESSAGES.zipNotCsv('readme.txt')],
      ['no file', zipOf({}), 415, REGISTER_IMPORT_MESSAGES.zipEmpty],
      ['encrypted', patched(6, 0x0001), 415, REGISTER_IMPORT_MESSAGES.zipEncrypted],
      ['bzip2', patched(8, 12), 415, REGISTER_IMPORT_MESSAGES.zipMethod],
      ['cut short', one.subarray(0, one.length - 10), 422, REGISTER_IMPORT_MESSAGES.zipDamaged],
      ['not a ZIP', Buffer.from(csv), 415, REGISTER_IMPORT_MESSAGES.notZip],
      [
        'not a register inside',
        zipOf({ 'customers.csv': 'firstName,lastName\r\nAmina,Rahman\r\n' }),
        422,
        'This is not a Companies House basic company data file: the header has no CompanyName or CompanyNumber column',
      ],
    ];
    for (const [kind, archive, status, message] of refusals) {
      const refused = await upload('BasicCompanyDataAsOneFile-2026-11-01.zip', archive);
      expect({ kind, status: refused.status, message: refused.body.message }).toEqual({ kind, status, message });
    }
    expect(await importRuns()).toBe(runs);
    expect(await storedRegisterFiles()).toBe(0);
  });

  it('resumes an import whose worker died after its first batch, without storing again the rows already read', async () => {
    const rows = registerRows('ZC', 1200);
    const started = await upload(
      'BasicCompanyDataAsOneFile-2026-11-02.zip',
      zipOf({ 'BasicCompanyDataAsOneFile-2026-11-02.csv': companiesHouseCsv(rows) }),
    );
    const importId = started.body.data._id;
    // The worker dies as it commits its second batch of 500 rows.
    await expect(jobs(dyingAfter(t.context.db, 1)).runImport(importId)).rejects.toThrow('the worker died');
    const stopped = await api()<TRegisterImport>('GET', `company-registers/imports/${importId}`);
    expect(stopped.body.data).toMatchObject({ status: 'running', rowsStored: 500, rowsRefused: 1 });
    expect(stopped.body.data.percentage).toBeGreaterThan(0);
    expect(stopped.body.data.percentage).toBeLessThan(99);

    // The rows the first attempt stored are marked: a row read again would be stored over its mark.
    await t.context.db.query(
      "update company_register_entries set legal_name = 'READ BEFORE THE CRASH' where registration_number like 'ZC%'",
    );
    await jobs().runImport(importId);
    const done = await api()<TRegisterImport>('GET', `company-registers/imports/${importId}`);
    expect(done.body.data).toMatchObject({
      status: 'completed',
      rowsStored: 1199,
      rowsRefused: 1,
      refusedRows: [{ line: 5, reason: 'No company number' }],
    });
    const names = await t.context.db.query<{ legal_name: string; n: number }>(
      "select legal_name = 'READ BEFORE THE CRASH' as legal_name, count(*)::int as n from company_register_entries where registration_number like 'ZC%' group by 1 order by 1",
    );
    expect(names.rows).toEqual([
      { legal_name: false, n: 699 },
      { legal_name: true, n: 500 },
    ]);
    expect(await storedRegisterFiles()).toBe(0);
  });
});

describe('the stored copy of an uploaded register file', () => {
  it('is removed when the import fails on its last attempt, and when a late delivery finds the import ended', async () => {
    const started = await upload('failing.csv', companiesHouseCsv([company('ZD000001'), company('ZD000002')]));
    const importId = started.body.data._id;
    await t.context.db.query('update company_register_imports set attempts = $2 where id = $1', [importId, MAX_ATTEMPTS - 1]);
    await expect(jobs(dyingAfter(t.context.db, 0)).runImport(importId)).rejects.toThrow('the worker died');
    const failed = await api()<TRegisterImport>('GET', `company-registers/imports/${importId}`);
    expect(failed.body.data.status).toBe('failed');
    expect(await storedRegisterFiles()).toBe(0);

    // A process that died between ending an import and removing its copy: the next delivery removes it.
    const ended = await upload('ended.csv', companiesHouseCsv([company('ZD000003')]));
    await t.context.db.query("update company_register_imports set status = 'completed', finished_at = now() where id = $1", [
      ended.body.data._id,
    ]);
    expect(await storedRegisterFiles()).toBe(1);
    expect(await jobs().runImport(ended.body.data._id)).toEqual({ items: 0, note: 'already finished' });
    expect(await storedRegisterFiles()).toBe(0);
  });

  it('is removed by the extra delivery after a worker died during the last attempt', async () => {
    const started = await upload('died.csv', companiesHouseCsv([company('ZE000001')]));
    const importId = started.body.data._id;
    // As the last attempt leaves it when its process dies: running, every attempt used.
    await t.context.db.query("update company_register_imports set status = 'running', attempts = $2 where id = $1", [
      importId,
      MAX_ATTEMPTS,
    ]);
    expect((await jobs().runImport(importId)).note).toContain(`stopped after ${MAX_ATTEMPTS} attempts`);
    const failed = await api()<TRegisterImport>('GET', `company-registers/imports/${importId}`);
    expect(failed.body.data.status).toBe('failed');
    expect(await storedRegisterFiles()).toBe(0);
  });
});
