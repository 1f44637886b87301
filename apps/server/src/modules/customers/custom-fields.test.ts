import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { CUSTOMER_EXPORT_COLUMNS } from '@sanad/contracts/customer-exports';
import type { TCustomerCreateBody, TCustomerDetail, TCustomerListItem } from '@sanad/contracts/customers';
import { type TFormDefinition, type TFormField, type TFormFieldInput, type TFormState, ZFormField } from '@sanad/contracts/form-builder';
import type { TOnboardingLink } from '@sanad/contracts/onboarding-links';
import { parseCsv as parseCsvRows } from '@sanad/csv/csv';

const parseCsv = (text: string): string[][] => parseCsvRows(text).map((row) => row.fields);
import { signedInUser } from '../../test-support/admin-helpers';
import { apiCaller } from '../../test-support/api-session';
import { customerSubmission } from '../../test-support/customer-factories';
import { makeDataSegment } from '../../test-support/factories';
import { bearer, useTestApp } from '../../test-support/test-app';

const t = useTestApp();
const api = () => apiCaller(t, t.adminToken);
const field = (input: TFormFieldInput): TFormField => ZFormField.parse(input);

/** An additional-info form with one custom field of each searched kind. */
const ADDITIONAL_INFO: TFormDefinition = {
  sections: [
    {
      key: 'extra',
      title: { en: 'More about you' },
      fields: [
        field({
          key: 'branch',
          type: 'select',
          label: { en: 'Home branch' },
          options: [
            { value: 'lhr', label: { en: 'Lahore' } },
            { value: 'khi', label: { en: 'Karachi' } },
          ],
        }),
        field({ key: 'employer', type: 'text', label: { en: 'Employer name' } }),
        field({ key: 'hasLocker', type: 'yes-no', label: { en: 'Has a locker' } }),
        field({ key: 'dependants', type: 'number', label: { en: 'Dependants' } }),
        field({ key: 'motto', type: 'text', label: { en: '=HYPERLINK("x")' }, mapsTo: 'customInfo.motto' }),
        field({ key: 'welcome', type: 'help-text', label: { en: 'Thank you' } }),
      ],
    },
  ],
};

async function publishAdditionalInfo(dataSegmentId: string, token: string): Promise<void> {
  const state = await api()<TFormState>('GET', `form-builder/forms/additional-info?dataSegmentId=${dataSegmentId}`, undefined, token);
  const saved = await api()<TFormState>(
    'PUT',
    'form-builder/forms/additional-info',
    { dataSegmentId, draftRevision: state.body.data.draftRevision, definition: ADDITIONAL_INFO },
    token,
  );
  expect(saved.status).toBe(200);
  const published = await api()(
    'POST',
    'form-builder/forms/additional-info/publish',
    { dataSegmentId, draftRevision: saved.body.data.draftRevision },
    token,
  );
  expect({ status: published.status, body: published.body }).toMatchObject({ status: 200 });
}

async function registered(token: string, customInfo: Record<string, unknown>, change: Partial<TCustomerCreateBody> = {}) {
  const input = { ...customerSubmission(change), customInfo } as TCustomerCreateBody;
  const answer = await api()<TCustomerDetail>('POST', 'customers/self-register', input, token);
  expect({ status: answer.status, message: answer.body.message }).toMatchObject({ status: 200 });
  return answer.body.data;
}

async function listed(query: string, token: string): Promise<string[]> {
  const answer = await api()<TCustomerListItem[]>('GET', `customers/?perPage=100&${query}`, undefined, token);
  expect({ query, status: answer.status }).toEqual({ query, status: 200 });
  return answer.body.data.map((row) => row._id).toSorted();
}

const PERMISSIONS = ['register-customer', 'view-customer-profile', 'export-customer-profile', 'form-builder'] as const;

async function segmentWithCustomers() {
  const segment = await makeDataSegment(t.context.db);
  const staff = await signedInUser(t, PERMISSIONS, [segment]);
  await publishAdditionalInfo(segment, staff.token);
  const lahore = await registered(staff.token, {
    branch: 'lhr',
    employer: 'Crescent Textile Mills',
    hasLocker: true,
    dependants: 3,
    motto: '=cmd|calc',
  });
  const karachi = await registered(staff.token, { branch: 'khi', employer: 'Karachi Port Trust', hasLocker: false, dependants: 0 });
  const none = await registered(staff.token, {});
  return { segment, staff, lahore, karachi, none };
}

describe('the advanced search by custom field', () => {
  it('finds by a select, yes/no and number answer exactly, and by any part of a text answer, case-insensitive', async () => {
    const { staff, lahore, karachi } = await segmentWithCustomers();
    expect(await listed('customField=branch&customValue=lhr', staff.token)).toEqual([lahore._id]);
    expect(await listed('customField=branch&customValue=khi&customMatch=equals', staff.token)).toEqual([karachi._id]);
    expect(await listed('customField=hasLocker&customValue=yes', staff.token)).toEqual([lahore._id]);
    expect(await listed('customField=hasLocker&customValue=no', staff.token)).toEqual([karachi._id]);
    expect(await listed('customField=dependants&customValue=0', staff.token)).toEqual([karachi._id]);
    expect(await listed('customField=employer&customValue=textile&customMatch=contains', staff.token)).toEqual([lahore._id]);
    expect(await listed('customField=employer&customValue=PORT%20trust&customMatch=contains', staff.token)).toEqual([karachi._id]);
    // equals is the whole answer; a part is not enough, and a value in another field does not count.
    expect(await listed('customField=employer&customValue=textile', staff.token)).toEqual([]);
    expect(await listed('customField=branch&customValue=Karachi&customMatch=contains', staff.token)).toEqual([]);
    // Characters a pattern or JSON treats specially are text like any other.
    expect(await listed('customField=employer&customValue=%25&customMatch=contains', staff.token)).toEqual([]);
    expect(await listed('customField=employer&customValue=%22&customMatch=contains', staff.token)).toEqual([]);
    // Combined with the other filters.
    expect(await listed(`customField=branch&customValue=lhr&keyword=${lahore.sanadId.toLowerCase()}`, staff.token)).toEqual([lahore._id]);
    expect(await listed(`customField=branch&customValue=lhr&keyword=${karachi.sanadId.toLowerCase()}`, staff.token)).toEqual([]);
  });

  it("never answers another segment's customers, and is refused when asked for that segment", async () => {
    const mine = await segmentWithCustomers();
    const theirs = await segmentWithCustomers();
    expect(await listed('customField=branch&customValue=lhr', mine.staff.token)).toEqual([mine.lahore._id]);
    expect(await listed('customField=employer&customValue=textile&customMatch=contains', theirs.staff.token)).toEqual([theirs.lahore._id]);
    const crossing = await api()(
      'GET',
      `customers/?customField=branch&customValue=lhr&dataSegmentId=${mine.segment}`,
      undefined,
      theirs.staff.token,
    );
    expect(crossing.status).toBe(403);
    expect(JSON.stringify(crossing.body)).not.toContain(mine.lahore._id);
  });

  it('refuses half a filter, a malformed key or an unknown match in the contract words', async () => {
    for (const [query, message] of [
      ['customField=branch', 'customField and customValue go together'],
      ['customValue=lhr', 'customField and customValue go together'],
      ['customField=1bad&customValue=x', 'customField must be a custom field key'],
      ['customField=branch&customValue=x&customMatch=like', 'customMatch must be equals or contains'],
    ] as const) {
      const answer = await api()('GET', `customers/?${query}`);
      expect({ query, status: answer.status }).toEqual({ query, status: 422 });
      expect(JSON.stringify(answer.body)).toContain(message);
    }
  });

  it('reads the containment through the GIN index of migration 0119 on PostgreSQL', async () => {
    const index = await t.context.db.query<{ indexdef: string }>(
      `select indexdef from pg_indexes where tablename = 'customers' and indexname = 'customers_custom_info'`,
    );
    expect(index.rows[0]?.indexdef).toContain('jsonb_path_ops');
  });
});

describe('custom fields in the customer exports', () => {
  it("adds the segment's custom fields as columns headed by their English labels, answers as text, formulas neutralised", async () => {
    const { staff, lahore, karachi, none } = await segmentWithCustomers();
    const csv = await api()('GET', 'customers/export?sortBy=createdAt&sortOrder=asc', undefined, staff.token);
    expect(csv.status).toBe(200);
    const [header, ...rows] = parseCsv(csv.text);
    expect(header?.slice(-5)).toEqual(['Home branch', 'Employer name', 'Has a locker', 'Dependants', '\'=HYPERLINK("x")']);
    const bySanadId = new Map(rows.map((row) => [row[0], row.slice(-5)]));
    expect(bySanadId.get(lahore.sanadId)).toEqual(['Lahore', 'Crescent Textile Mills', 'yes', '3', "'=cmd|calc"]);
    expect(bySanadId.get(karachi.sanadId)).toEqual(['Karachi', 'Karachi Port Trust', 'no', '0', '']);
    expect(bySanadId.get(none.sanadId)).toEqual(['', '', '', '', '']);
    // The export follows the custom filter like the list.
    const filtered = await api()('GET', 'customers/export?customField=hasLocker&customValue=yes', undefined, staff.token);
    expect(
      parseCsv(filtered.text)
        .slice(1)
        .map((row) => row[0]),
    ).toEqual([lahore.sanadId]);

    const xlsx = await t.app.inject({
      method: 'GET',
      url: '/api/customers/export?format=xlsx&customField=branch&customValue=khi',
      headers: bearer(staff.token),
    });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(xlsx.rawPayload).buffer);
    const sheet = workbook.getWorksheet('Customers');
    const values = (row: number) => ((sheet?.getRow(row).values ?? []) as unknown[]).slice(1).map(String);
    expect(values(1).slice(-5)).toEqual(['Home branch', 'Employer name', 'Has a locker', 'Dependants', '\'=HYPERLINK("x")']);
    const fixed = CUSTOMER_EXPORT_COLUMNS.length;
    expect(values(2).slice(fixed, fixed + 4)).toEqual(['Karachi', 'Karachi Port Trust', 'no', '0']);
    expect(sheet?.rowCount).toBe(2);
  });

  it('keeps the fixed columns alone for a segment without published custom fields', async () => {
    const segment = await makeDataSegment(t.context.db);
    const staff = await signedInUser(t, PERMISSIONS, [segment]);
    await registered(staff.token, { stray: 'kept but not a column' });
    const csv = await api()('GET', 'customers/export', undefined, staff.token);
    const [header] = parseCsv(csv.text);
    expect(header?.at(-1)).toBe('created_at');
    expect(csv.text).not.toContain('kept but not a column');
  });
});

describe('dynamic-register links from the staff side', () => {
  it('creates a link with a source in its address, sends it by e-mail with the link, and refuses a source on another purpose', async () => {
    const created = await api()<TOnboardingLink>('POST', 'customers/onboarding-links', {
      purpose: 'dynamic-register',
      source: 'spring-fair',
      email: 'visitor@example.com',
      isSent: true,
    });
    expect({ status: created.status, body: created.body }).toMatchObject({ status: 200 });
    expect(created.body.data.url).toMatch(new RegExp(`/${t.adminSegmentId}/[^/]+/dynamic-register/spring-fair$`));
    const message = await t.context.db.query<{ recipient: string; channel: string }>(
      `select recipient, channel from outbox where recipient = 'visitor@example.com'`,
    );
    expect(message.rows).toEqual([{ recipient: 'visitor@example.com', channel: 'email' }]);

    const wrong = await api()('POST', 'customers/onboarding-links', { purpose: 'deep-register', source: 'spring-fair' });
    expect(wrong.status).toBe(422);
    expect(JSON.stringify(wrong.body)).toContain('Only a dynamic-register link has a source');
    const nowhere = await api()('POST', 'customers/onboarding-links', { purpose: 'dynamic-register', isSent: true });
    expect(nowhere.status).toBe(422);
    expect(JSON.stringify(nowhere.body)).toContain('Enter an e-mail address or a phone number to send the link to');
  });
});
