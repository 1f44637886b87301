import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { TCustomerCreateBody, TCustomerDetail, TCustomerListItem } from '@sanad/contracts/customers';
import { parseCsv } from '@sanad/csv/csv';
import { signedInUser } from '../../test-support/admin-helpers';
import { apiCaller } from '../../test-support/api-session';
import { customerSubmission } from '../../test-support/customer-factories';
import { makeDataSegment } from '../../test-support/factories';
import { bearer, useTestApp } from '../../test-support/test-app';

const t = useTestApp();
const api = () => apiCaller(t, t.adminToken);

async function registered(input: TCustomerCreateBody = customerSubmission(), token = t.adminToken): Promise<TCustomerDetail> {
  const answer = await api()<TCustomerDetail>('POST', 'customers/self-register', input, token);
  expect({ status: answer.status, message: answer.body.message }).toMatchObject({ status: 200 });
  return answer.body.data;
}

async function listed(query: string, token = t.adminToken): Promise<TCustomerListItem[]> {
  const answer = await api()<TCustomerListItem[]>('GET', `customers/?perPage=100&${query}`, undefined, token);
  expect(answer.status).toBe(200);
  return answer.body.data;
}

const ids = (rows: readonly { _id: string }[]) => rows.map((row) => row._id);

describe('customer list filters and advanced search', () => {
  it('filters by ID type, product, source, the advanced-search fields and the keyword', async () => {
    const marker = `Zebulon${Date.now() % 100000}`;
    const passport = await registered(
      customerSubmission({
        basicInfo: {
          firstName: marker,
          middleName: 'Quill',
          lastName: 'Passportholder',
          dateOfBirth: '1980-02-03',
          nationalityId: 'AE',
          countryOfResidenceId: 'GB',
          genderId: 'female',
        },
        identityInfo: { type: 'passport', number: 'ZP1234567' },
        occupationInfo: { workTypeId: 'self-employed', industryId: 'construction' },
        accountInfo: { products: ['current'], isf2f: true },
      }),
    );
    const card = await registered(
      customerSubmission({
        basicInfo: {
          firstName: marker,
          lastName: 'Cardholder',
          dateOfBirth: '1981-02-03',
          nationalityId: 'PK',
          countryOfResidenceId: 'PK',
          genderId: 'male',
        },
      }),
    );
    expect(passport.source).toBe('self-register');
    expect(passport.isMonitored).toBe(true);

    expect(ids(await listed(`keyword=${marker.toLowerCase()}`)).toSorted()).toEqual([passport._id, card._id].toSorted());
    expect(ids(await listed(`keyword=${marker}&idType=passport`))).toEqual([passport._id]);
    expect(ids(await listed(`keyword=${marker}&product=current`))).toEqual([passport._id]);
    expect(ids(await listed(`keyword=${marker}&source=self-register`))).toHaveLength(2);
    expect(ids(await listed(`keyword=${marker}&source=bulk-upload`))).toEqual([]);
    // The advanced search's fields, each alone.
    for (const query of [
      `firstName=${marker}&middleName=qui`,
      `firstName=${marker}&lastName=passport`,
      `firstName=${marker}&genderId=female`,
      `firstName=${marker}&nationalityId=AE`,
      `firstName=${marker}&countryOfResidenceId=GB`,
      `firstName=${marker}&workTypeId=self-employed`,
      `firstName=${marker}&industryId=construction`,
    ])
      expect({ query, ids: ids(await listed(query)) }).toEqual({ query, ids: [passport._id] });
    // The keyword finds by ID number, e-mail and phone too.
    expect(ids(await listed('keyword=zp1234567'))).toEqual([passport._id]);
    expect(ids(await listed(`keyword=${encodeURIComponent(card.email ?? '')}`))).toEqual([card._id]);
  });

  it('refuses an unknown source or status in the spec words of the contract', async () => {
    const bad = await api()('GET', 'customers/?source=fax');
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('source must be one of');
    const status = await api()('GET', 'customers/?status=deleted');
    expect(status.status).toBe(422);
    expect(JSON.stringify(status.body)).toContain('status must be active, archived or all');
  });
});

describe('archiving a customer', () => {
  it('takes it out of the default list and of monitoring, shows it under the archived filter, and restores it; each with its audit entry', async () => {
    const customer = await registered();
    const archived = await api()<TCustomerListItem>('PUT', `customers/${customer._id}/status`, { status: 'archived' });
    expect(archived.status).toBe(200);
    expect(archived.body.message).toBe('Customer archived successfully');
    expect(archived.body.data).toMatchObject({ _id: customer._id, status: 'archived', isMonitored: false });

    const keyword = `keyword=${customer.sanadId.toLowerCase()}`;
    expect(ids(await listed(keyword))).toEqual([]);
    expect(ids(await listed(`${keyword}&status=archived`))).toEqual([customer._id]);
    expect(ids(await listed(`${keyword}&status=all`))).toEqual([customer._id]);

    const again = await api()('PUT', `customers/${customer._id}/status`, { status: 'archived' });
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.body)).toContain('This customer is already archived');

    const restored = await api()<TCustomerListItem>('PUT', `customers/${customer._id}/status`, { status: 'active' });
    expect(restored.status).toBe(200);
    expect(restored.body.message).toBe('Customer activated successfully');
    expect(restored.body.data).toMatchObject({ status: 'active', isMonitored: true });
    expect(ids(await listed(keyword))).toEqual([customer._id]);

    const audit = await t.context.db.query<{ action: string }>(
      `select action from audit_log where entity_id = $1 and action in ('archived_customer', 'activated_customer') order by seq`,
      [customer._id],
    );
    expect(audit.rows.map((row) => row.action)).toEqual(['archived_customer', 'activated_customer']);
  });

  it('leaves an archived customer out of the re-rating walk, and brings it back when restored', async () => {
    const customer = await registered();
    const monitored = async () => {
      const overview = await api()<{ customers: number }>('GET', 'configurations/risk/rerate');
      expect(overview.status).toBe(200);
      return overview.body.data.customers;
    };
    const before = await monitored();
    await api()('PUT', `customers/${customer._id}/status`, { status: 'archived' });
    const row = await t.context.db.query<{ is_monitored: boolean; archived_at: string | null }>(
      'select is_monitored, archived_at from customers where id = $1',
      [customer._id],
    );
    expect(row.rows[0]).toMatchObject({ is_monitored: false });
    expect(row.rows[0]?.archived_at).not.toBeNull();
    expect(await monitored()).toBe(before - 1);
    await api()('PUT', `customers/${customer._id}/status`, { status: 'active' });
    expect(await monitored()).toBe(before);
  });

  it('needs archive-customer-profile, and answers another segment’s customer as not found', async () => {
    const customer = await registered();
    const viewer = await signedInUser(t, ['view-customer-profile', 'export-customer-profile']);
    expect((await api()('PUT', `customers/${customer._id}/status`, { status: 'archived' }, viewer.token)).status).toBe(403);

    const other = await makeDataSegment(t.context.db);
    const archiver = await signedInUser(t, ['view-customer-profile', 'archive-customer-profile'], [other]);
    expect((await api()('PUT', `customers/${customer._id}/status`, { status: 'archived' }, archiver.token)).status).toBe(404);
    expect((await api()('PUT', 'customers/not-an-id/status', { status: 'archived' })).status).toBe(404);
    expect((await api()('PUT', `customers/${customer._id}/status`, { status: 'deleted' })).status).toBe(422);
  });
});

describe('exporting the customer list', () => {
  it('writes the filtered list as CSV with formula-like cells neutralised, and records the export', async () => {
    const marker = `Xport${Date.now() % 100000}`;
    const hostile = await registered(
      customerSubmission({
        basicInfo: {
          firstName: marker,
          lastName: '=HYPERLINK("http://evil.example","x")',
          dateOfBirth: '1975-05-05',
          nationalityId: 'PK',
          countryOfResidenceId: 'PK',
          genderId: 'male',
        },
      }),
    );
    const plain = await registered(
      customerSubmission({
        basicInfo: {
          firstName: marker,
          lastName: 'Plain',
          dateOfBirth: '1976-06-06',
          nationalityId: 'PK',
          countryOfResidenceId: 'PK',
          genderId: 'male',
        },
      }),
    );

    const answer = await api()('GET', `customers/export?keyword=${marker}&sortBy=fullName&sortOrder=asc`);
    expect(answer.status).toBe(200);
    expect(String(answer.headers['content-type'])).toContain('text/csv');
    expect(String(answer.headers['content-disposition'])).toMatch(/attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = parseCsv(answer.text);
    const header = rows[0]?.fields ?? [];
    expect(header.slice(0, 3)).toEqual(['sanad_id', 'full_name', 'first_name']);
    const lastName = header.indexOf('last_name');
    const phone = header.indexOf('phone_number');
    const body = rows.slice(1).map((row) => row.fields);
    expect(body.map((fields) => fields[0]).toSorted()).toEqual([hostile.sanadId, plain.sanadId].toSorted());
    const hostileRow = body.find((fields) => fields[0] === hostile.sanadId) ?? [];
    expect(hostileRow[lastName]).toBe(`'=HYPERLINK("http://evil.example","x")`);
    // A phone number starting with + is neutralised too.
    expect(hostileRow[phone]?.startsWith("'+")).toBe(true);
    // Opened as text: the formula starts with an apostrophe, so a spreadsheet shows it as text.
    expect(answer.text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(answer.text).not.toContain(`"=HYPERLINK`);

    const audit = await t.context.db.query<{ details: { format: string; filters: { keyword: string } } }>(
      `select details from audit_log where action = 'exported_customers' order by seq desc limit 1`,
    );
    expect(audit.rows[0]?.details).toMatchObject({ format: 'csv', filters: { keyword: marker } });
  });

  it('writes the same rows as XLSX, every cell text', async () => {
    const marker = `Xlsx${Date.now() % 100000}`;
    const customer = await registered(
      customerSubmission({
        basicInfo: {
          firstName: marker,
          lastName: '@SUM(1+1)',
          dateOfBirth: '1977-07-07',
          nationalityId: 'PK',
          countryOfResidenceId: 'PK',
          genderId: 'male',
        },
      }),
    );
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/customers/export?format=xlsx&keyword=${marker}`,
      headers: bearer(t.adminToken),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(response.rawPayload).buffer);
    const sheet = workbook.worksheets[0];
    const values = (sheet?.getRow(2).values ?? []) as unknown[];
    expect(sheet?.rowCount).toBe(2);
    expect(values[1]).toBe(customer.sanadId);
    expect(values).toContain(`'@SUM(1+1)`);
    expect(values.every((value) => value === undefined || typeof value === 'string')).toBe(true);
  });

  it("never contains another segment's customers, and needs export-customer-profile", async () => {
    const marker = `Seg${Date.now() % 100000}`;
    const mine = await registered(
      customerSubmission({
        basicInfo: {
          firstName: marker,
          lastName: 'Mine',
          dateOfBirth: '1978-08-08',
          nationalityId: 'PK',
          countryOfResidenceId: 'PK',
          genderId: 'male',
        },
      }),
    );
    const other = await makeDataSegment(t.context.db);
    const otherStaff = await signedInUser(t, ['register-customer', 'view-customer-profile', 'export-customer-profile'], [other]);
    const theirs = await registered(
      customerSubmission({
        basicInfo: {
          firstName: marker,
          lastName: 'Theirs',
          dateOfBirth: '1979-09-09',
          nationalityId: 'PK',
          countryOfResidenceId: 'PK',
          genderId: 'male',
        },
      }),
      otherStaff.token,
    );
    const mineCsv = await api()('GET', `customers/export?keyword=${marker}`);
    expect(mineCsv.text).toContain(mine.sanadId);
    expect(mineCsv.text).not.toContain(theirs.sanadId);
    const theirCsv = await api()('GET', `customers/export?keyword=${marker}`, undefined, otherStaff.token);
    expect(theirCsv.text).toContain(theirs.sanadId);
    expect(theirCsv.text).not.toContain(mine.sanadId);
    // Asking for the admin's segment by id is refused, not answered with its rows.
    const crossing = await api()(
      'GET',
      `customers/export?keyword=${marker}&dataSegmentId=${t.adminSegmentId}`,
      undefined,
      otherStaff.token,
    );
    expect(crossing.status).toBe(403);
    expect(crossing.text).not.toContain(mine.sanadId);

    const viewer = await signedInUser(t, ['view-customer-profile']);
    expect((await api()('GET', 'customers/export', undefined, viewer.token)).status).toBe(403);
  });

  it('leaves archived customers out unless the filter asks for them', async () => {
    const marker = `Arch${Date.now() % 100000}`;
    const customer = await registered(
      customerSubmission({
        basicInfo: {
          firstName: marker,
          lastName: 'Gone',
          dateOfBirth: '1970-10-10',
          nationalityId: 'PK',
          countryOfResidenceId: 'PK',
          genderId: 'male',
        },
      }),
    );
    await api()('PUT', `customers/${customer._id}/status`, { status: 'archived' });
    expect((await api()('GET', `customers/export?keyword=${marker}`)).text).not.toContain(customer.sanadId);
    expect((await api()('GET', `customers/export?keyword=${marker}&status=archived`)).text).toContain(customer.sanadId);
  });
});

/** Every deflated stream of a PDF, inflated: content streams, font maps. */
function inflatedStreams(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const streams: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = raw.indexOf('endstream', start);
    try {
      streams.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      // Not a deflated stream (an embedded font file or an image).
    }
  }
  return streams;
}

/** The text a PDF shows in its built-in fonts: the content streams' hex-encoded strings decoded and joined. */
function pdfTextOf(pdf: Buffer): string {
  const parts: string[] = [];
  for (const content of inflatedStreams(pdf))
    for (const line of content.split('\n').filter((candidate) => candidate.endsWith('TJ')))
      parts.push([...line.matchAll(/<([0-9a-f]*)>/g)].map((hex) => Buffer.from(hex[1] ?? '', 'hex').toString('latin1')).join(''));
  return parts.join('\n');
}

describe("one customer's compliance file", () => {
  it('is a PDF with identity, documents, hits, risk tables, alerts and the audit history, and is itself audited', async () => {
    const customer = await registered();
    await api()('PUT', `customers/${customer._id}/status`, { status: 'archived' });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/customers/${customer._id}/compliance-file`,
      headers: bearer(t.adminToken),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(String(response.headers['content-disposition'])).toContain(`compliance-file-${customer.sanadId}.pdf`);
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfTextOf(pdf);
    for (const expected of [
      'Customer compliance file',
      customer.sanadId,
      customer.fullName,
      'Identity',
      'Documents',
      'Screening hits (0)',
      'No Name Screening Hits',
      'Risk rating',
      'Risk factor',
      'Review and audit history',
      'registered customer',
      'archived customer',
      'exported compliance file',
      'Archived (not monitored)',
    ])
      expect(text).toContain(expected);
    // The override table is printed, or says there is none.
    expect(text).toMatch(/Risk factor override|No overrides applied\./);
    const audit = await t.context.db.query<{ n: number }>(
      "select count(*)::int as n from audit_log where action = 'exported_compliance_file' and entity_id = $1",
      [customer._id],
    );
    expect(audit.rows[0]?.n).toBe(1);
  });

  it('prints a name in Arabic script in an embedded font that draws it, not as question marks', async () => {
    const customer = await registered(
      customerSubmission({
        basicInfo: { ...customerSubmission().basicInfo, firstName: 'محمد', middleName: '', lastName: 'علي' },
      }),
    );
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/customers/${customer._id}/compliance-file`,
      headers: bearer(t.adminToken),
    });
    expect(response.statusCode).toBe(200);
    const pdf = response.rawPayload;
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans/);
    // The embedded font's map back to characters holds the name's letters (meem U+0645, ain U+0639).
    const streams = inflatedStreams(pdf).join('\n').toLowerCase();
    expect(streams).toContain('<0645>');
    expect(streams).toContain('<0639>');
    expect(pdfTextOf(pdf)).not.toContain('???');
  });

  it('needs export-customer-profile and view-customer-profile, and answers another segment as not found', async () => {
    const customer = await registered();
    const url = `/api/customers/${customer._id}/compliance-file`;
    const viewer = await signedInUser(t, ['view-customer-profile']);
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(viewer.token) })).statusCode).toBe(403);
    const exporter = await signedInUser(t, ['export-customer-profile']);
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(exporter.token) })).statusCode).toBe(403);
    const other = await makeDataSegment(t.context.db);
    const stranger = await signedInUser(t, ['view-customer-profile', 'export-customer-profile'], [other]);
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(stranger.token) })).statusCode).toBe(404);
  });
});
