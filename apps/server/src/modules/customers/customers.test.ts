import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ZCustomerCreateInput,
  ZCustomerListQuery,
  type TCustomerCreateBody,
  type TCustomerDetail,
  type TCustomerListItem,
  type TCustomerVersion,
} from '@sanad/contracts/customers';
import { SIGNATURE_FORBIDDEN_CHARACTERS } from '@sanad/contracts/signature';
import type { Actor } from '../../platform/auth/access';
import { signedInUser } from '../../test-support/admin-helpers';
import { apiCaller } from '../../test-support/api-session';
import { makeDataSegment } from '../../test-support/factories';
import { makeCustomer } from '../../test-support/risk-factories';
import { customerSubmission } from '../../test-support/customer-factories';
import { ADMIN_EMAIL, useTestApp } from '../../test-support/test-app';
import { createCustomerRatingService } from '../risk/rating/customer-rating.service';
import { listCustomers } from './customer-search.repository';
import { createCustomerService, onboardingAlertReason } from './customer.service';

const t = useTestApp();
const api = () => apiCaller(t, t.adminToken);

const person = customerSubmission;

async function register(input: TCustomerCreateBody, token = t.adminToken) {
  return api()<TCustomerDetail>('POST', 'customers/self-register', input, token);
}

async function registered(input: TCustomerCreateBody = person()): Promise<TCustomerDetail> {
  const answer = await register(input);
  expect({ status: answer.status, body: answer.body }).toMatchObject({ status: 200 });
  return answer.body.data;
}

async function count(table: string, where = 'true', params: unknown[] = []): Promise<number> {
  const result = await t.context.db.query<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`, params);
  return result.rows[0]?.n ?? 0;
}

describe('registering a customer (staff self-register)', () => {
  it('stores the whole record with a sanadId, its first version, a rating and an audit entry', async () => {
    const input = person({ crsInfo: { taxCountries: [{ countryId: 'AE', tin: 'T123' }] }, reference: 'BR-0042' });
    const answer = await register(input);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Customer registered successfully');
    const customer = answer.body.data;
    expect(customer.sanadId).toMatch(/^SND-\d{8}$/);
    expect(customer).toMatchObject({
      type: 'individual',
      dataSegmentId: t.adminSegmentId,
      kycStatus: 'pending',
      idType: 'id',
      idNumber: input.identityInfo.number,
      email: input.contactInfo.email,
      products: ['savings'],
      status: 'active',
      version: 1,
    });
    expect(customer.record).toMatchObject({
      sanadId: customer.sanadId,
      dataSegmentId: t.adminSegmentId,
      reference: 'BR-0042',
      verificationStatus: { liveness: 'pending', face: 'pending' },
      customerVerificationStatus: { nadra: 'pending', criminalRecord: 'pending' },
      crsInfo: { taxCountries: [{ countryId: 'AE', tin: 'T123' }] },
    });
    expect(customer.riskLevel).not.toBeNull();
    expect(customer.createdBy?.name).toBeTruthy();
    expect(await count('risk_ratings', 'customer_id = $1', [customer._id])).toBe(1);
    const actions = await t.context.db.query<{ action: string }>('select action from audit_log where entity_id = $1 order by id', [
      customer._id,
    ]);
    expect(actions.rows.map((row) => row.action)).toEqual(['rated_customer', 'registered_customer']);

    const versions = await api()<TCustomerVersion[]>('GET', `customers/${customer._id}/versions`);
    expect(versions.status).toBe(200);
    expect(versions.body.data).toHaveLength(1);
    expect(versions.body.data[0]).toMatchObject({
      version: 1,
      action: 'created',
      changedFields: ['*'],
      record: { sanadId: customer.sanadId },
    });
  });

  it('refuses bad input with the field messages, and never stores anything', async () => {
    const before = await count('customers');
    const answer = await register({
      ...person(),
      basicInfo: { firstName: '', lastName: 'Khan', dateOfBirth: '1990-13-01', nationalityId: 'PK', countryOfResidenceId: 'PK' },
      contactInfo: { email: 'nope', phoneNumber: '+923001234567' },
      crsInfo: { taxCountries: [{}, {}, {}, {}] },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toMatchObject({
      'basicInfo.firstName': ['First name is required'],
      'basicInfo.dateOfBirth': ['Date of birth must be a date (YYYY-MM-DD)'],
      'contactInfo.email': ['Enter a valid email address'],
      'crsInfo.taxCountries': ['At most 3 tax countries can be added'],
    });
    expect(await count('customers')).toBe(before);
  });

  it("refuses a signature that breaks the panel's rules, each forbidden character by name, and keeps a good one", async () => {
    const before = await count('customers');
    for (const character of SIGNATURE_FORBIDDEN_CHARACTERS) {
      const answer = await register({
        ...person(),
        signature: { sign: 'abcdefgh12.enc', name: `Amina${character}`, position: `Owner${character}`, date: '27-11-2026', agree: true },
      });
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toMatchObject({
        'signature.name': [`Name cannot contain special characters such as ${character}`],
        'signature.position': [`Position cannot contain special characters such as ${character}`],
      });
    }
    const wrong = await register({ ...person(), signature: { sign: 'data:image/png;base64,AAAA', name: 'Amina', date: '2026-11-27' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toMatchObject({
      'signature.sign': ['Draw the signature again: the saved image was not found'],
      'signature.date': ['Date must be written DD-MM-YYYY'],
    });
    const unsigned = await register({ ...person(), signature: { name: 'Amina', agree: true } });
    expect(unsigned.body.errors).toMatchObject({ 'signature.sign': ['Draw the signature first'] });
    expect(await count('customers')).toBe(before);
    const signature = { sign: 'abcdefgh12.enc', name: 'Amina Qureshi', position: 'Account holder', date: '27-11-2026', agree: true };
    const customer = await registered({ ...person(), signature });
    expect(customer.record.signature).toEqual(signature);
  });

  it('needs register-customer', async () => {
    const viewer = await signedInUser(t, ['view-customer-profile']);
    expect((await register(person(), viewer.token)).status).toBe(403);
  });
});

describe('duplicate restriction', () => {
  it('refuses the same ID number written differently, naming the customer it matches', async () => {
    const first = await registered();
    const again = person();
    const number = first.idNumber ?? '';
    again.identityInfo = { type: 'id', number: `${number.slice(0, 5)}-${number.slice(5, 12)}-${number.slice(12)}` };
    const answer = await register(again);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(`A customer with this ID number already exists (${first.sanadId})`);
    expect(answer.body.errors?.['identityInfo.number']).toEqual([answer.body.message]);
  });

  it('refuses the same full name and date of birth, whatever the accents, spacing and case', async () => {
    const first = await registered(
      person({
        basicInfo: { firstName: 'José', lastName: "O'Neil", dateOfBirth: '1985-03-09', nationalityId: 'PK', countryOfResidenceId: 'PK' },
      }),
    );
    const answer = await register(
      person({
        basicInfo: { firstName: ' jose ', lastName: 'o neil', dateOfBirth: '1985-03-09', nationalityId: 'AE', countryOfResidenceId: 'AE' },
      }),
    );
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(`A customer with this full name and date of birth already exists (${first.sanadId})`);
  });

  it('does not name the matching customer to someone who may not open profiles', async () => {
    const first = await registered();
    const registrar = await signedInUser(t, ['register-customer']);
    const answer = await register(person({ identityInfo: { type: 'id', number: first.idNumber ?? '' } }), registrar.token);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('A customer with these details already exists in this data segment');
    expect(answer.text).not.toContain(first.sanadId);
  });

  it('lets another data segment register the same person', async () => {
    const first = await registered();
    const other = await makeDataSegment(t.context.db);
    const registrar = await signedInUser(t, ['register-customer', 'view-customer-profile'], [other]);
    const again = person({ identityInfo: { type: 'id', number: first.idNumber ?? '' } });
    expect((await register(again, registrar.token)).status).toBe(200);
  });
});

describe('one unit of work', () => {
  it('answers a retried submission with the customer the first one created', async () => {
    const input = person();
    const first = await registered(input);
    const retry = await register(input);
    expect(retry.status).toBe(200);
    expect(retry.body.message).toBe('This registration was already submitted; here is the customer it created');
    expect(retry.body.data._id).toBe(first._id);
    expect(await count('customers', 'submission_key = $1', [input.submissionKey])).toBe(1);
    expect(await count('customer_versions', 'customer_id = $1', [first._id])).toBe(1);
    expect(await count('risk_ratings', 'customer_id = $1', [first._id])).toBe(1);
  });

  it('creates one customer when the same submission arrives twice at once', async () => {
    const input = person();
    const answers = await Promise.all([register(input), register(input)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers[0]?.body.data._id).toBe(answers[1]?.body.data._id);
    expect(await count('customers', 'submission_key = $1', [input.submissionKey])).toBe(1);
  });

  it('leaves nothing behind when the registration fails part-way', async () => {
    const admin = await t.context.db.query<{ id: string }>('select id from users where email = $1', [ADMIN_EMAIL]);
    const actor = {
      userId: admin.rows[0]?.id ?? '',
      sessionId: randomUUID(),
      name: 'Admin',
      email: ADMIN_EMAIL,
      roleName: 'Administrator',
      permissions: new Set(['register-customer', 'view-customer-profile']),
      segments: { all: false, ids: [t.adminSegmentId] },
      activeSegmentId: t.adminSegmentId,
      isActiveSegmentWhiteLabelled: false,
    } as unknown as Actor;
    const failing = createCustomerService({
      db: t.context.db,
      screening: {
        screenCustomer: async () => [],
      },
      ratings: createCustomerRatingService({ db: t.context.db }),
      crashPoint: () => {
        throw new Error('power cut');
      },
    });
    const tables = ['customers', 'customer_versions', 'customer_hits', 'risk_ratings', 'alerts', 'audit_log', 'notifications'];
    const before = await Promise.all(tables.map((table) => count(table)));
    const input = person();
    const parsed = ZCustomerCreateInput.parse(input);
    await expect(failing.register(actor, parsed, { ip: '127.0.0.1', userAgent: null, requestId: 'r1', timezoneOffset: 0 })).rejects.toThrow(
      'power cut',
    );
    expect(await Promise.all(tables.map((table) => count(table)))).toEqual(before);
    // The same submission goes through afterwards: nothing half-made stands in its way.
    expect((await register(input)).status).toBe(200);
  });
});

describe('screening, rating and the on-boarding alert', () => {
  it('stores the hits with their columns, rates with them and raises an on-boarding alert', async () => {
    const listed = await api()<{ entityId: string }>('POST', 'screening-data/sanad-list', {
      name: 'Qasim Raza Jafri',
      dateOfBirth: '1977-11-02',
      nationality: 'PK',
      fatherName: 'Mehdi Raza Jafri',
      reason: 'Fraud ring',
    });
    expect(listed.status).toBe(200);
    const alertsReader = await signedInUser(t, ['view-alerts']);
    const input = person({
      basicInfo: {
        firstName: 'Qasim',
        lastName: 'Raza Jafri',
        dateOfBirth: '1977-11-02',
        nationalityId: 'PK',
        countryOfResidenceId: 'PK',
      },
    });
    const customer = await registered(input);
    expect(customer.hitTypes).toEqual(['blackList']);
    const hit = customer.hits.find((candidate) => candidate.fullName === 'Qasim Raza Jafri');
    expect(hit).toMatchObject({
      customerId: customer._id,
      dob: '1977-11-02',
      fatherOrHusband: 'Mehdi Raza Jafri',
      hitType: 'blackList',
      sanction: false,
      pep: false,
      specialInterest: true,
      hitDetermination: 'open',
      relevant: false,
      notRelevant: false,
      comments: '',
    });
    expect(hit?.score).toBeGreaterThan(0);
    expect(hit?.sourceList).toBeTruthy();
    const rating = await t.context.db.query<{ facts: { screeningHits?: unknown[] } }>(
      'select facts from risk_ratings where customer_id = $1',
      [customer._id],
    );
    expect(rating.rows[0]?.facts.screeningHits).toEqual([expect.objectContaining({ hitType: 'blackList' })]);
    expect(customer.alerts).toEqual([
      expect.objectContaining({
        type: 'on boarding',
        state: 'open',
        reason: expect.stringContaining('Name screening found 1 hit (Black-list)'),
      }),
    ]);
    const notes = await t.context.db.query<{ title: string; description: string }>(
      'select title, description from notifications where user_id = $1',
      [alertsReader.id],
    );
    expect(notes.rows).toEqual([
      expect.objectContaining({ title: 'On-boarding alert raised', description: expect.stringContaining(customer.sanadId) }),
    ]);
  });

  it('raises no alert for a customer without hits rated below high', async () => {
    const customer = await registered();
    expect(customer.hits).toEqual([]);
    expect(customer.riskLevel).toBe('low');
    expect(customer.alerts).toEqual([]);
  });
});

describe('the on-boarding alert reason', () => {
  it('names the hits and a high or sanction rating, and is absent otherwise', () => {
    expect(onboardingAlertReason([], 'low')).toBeNull();
    expect(onboardingAlertReason([], 'medium')).toBeNull();
    expect(onboardingAlertReason([], 'high')).toBe('Rated High Risk');
    expect(onboardingAlertReason([{ hitType: 'pep' }, { hitType: 'sanction' }, { hitType: 'pep' }], 'sanction')).toBe(
      'Name screening found 3 hits (PEP, Sanction); Rated Sanctioned',
    );
  });
});

describe('reading customers', () => {
  it("answers another segment's customer as not found", async () => {
    const other = await makeDataSegment(t.context.db);
    const outsider = await signedInUser(t, ['register-customer', 'view-customer-profile'], [other]);
    const viewer = await signedInUser(t, ['view-customer-profile']);
    const theirs = await register(person(), outsider.token);
    expect(theirs.status).toBe(200);
    const id = theirs.body.data._id;
    const asViewer = <T>(url: string) => api()<T>('GET', url, undefined, viewer.token);
    expect((await asViewer(`customers/${id}`)).status).toBe(404);
    expect((await asViewer(`customers/${id}/versions`)).status).toBe(404);
    expect((await asViewer('customers/not-a-uuid')).status).toBe(404);
    const mine = await asViewer<TCustomerListItem[]>('customers/?perPage=500');
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((row) => row._id)).not.toContain(id);
    // Naming the other segment in the query is refused, not answered.
    expect((await asViewer(`customers/?dataSegmentId=${other}`)).status).toBe(403);
    expect((await api()('GET', `customers/${id}`, undefined, outsider.token)).status).toBe(200);
  });

  it('filters by KYC status, risk level, hit type and creation date, and searches by keyword', async () => {
    const segment = await makeDataSegment(t.context.db);
    const user = await signedInUser(t, ['register-customer', 'view-customer-profile'], [segment]);
    const as = <T>(url: string) => api()<T>('GET', url, undefined, user.token);
    const a = (await register(person(), user.token)).body.data;
    const b = (await register(person(), user.token)).body.data;
    const c = (await register(person(), user.token)).body.data;
    await t.context.db.query(`update customers set kyc_status = 'approved', risk_level = 'high', hit_types = '{pep}' where id = $1`, [
      b._id,
    ]);
    await t.context.db.query(`update customers set created_at = '2020-01-15T10:00:00Z' where id = $1`, [c._id]);

    const ids = async (query: string) => {
      const answer = await as<TCustomerListItem[]>(`customers/?perPage=100&${query}`);
      expect(answer.status).toBe(200);
      return answer.body.data.map((row) => row._id).toSorted();
    };
    expect(await ids('')).toEqual([a._id, b._id, c._id].toSorted());
    expect(await ids('kycStatus=approved')).toEqual([b._id]);
    expect(await ids('kycStatus=pending')).toEqual([a._id, c._id].toSorted());
    expect(await ids('riskLevel=high')).toEqual([b._id]);
    expect(await ids('hitType=pep,sanction')).toEqual([b._id]);
    expect(await ids('createdTo=2020-01-15')).toEqual([c._id]);
    expect(await ids('createdFrom=2020-01-16')).toEqual([a._id, b._id].toSorted());
    expect(await ids(`keyword=${encodeURIComponent(a.lastName?.toUpperCase() ?? '')}`)).toEqual([a._id]);
    expect(await ids(`keyword=${b.sanadId}`)).toEqual([b._id]);
    expect(await ids(`keyword=${c.idNumber}`)).toEqual([c._id]);
    expect(await ids(`keyword=${encodeURIComponent(a.email ?? '')}`)).toEqual([a._id]);
    expect(await ids(`keyword=${encodeURIComponent(b.phoneNumber ?? '')}`)).toEqual([b._id]);
    expect(await ids('keyword=%25')).toEqual([]);

    const page = await as<TCustomerListItem[]>('customers/?perPage=10&startAt=1&sortBy=createdAt&sortOrder=asc');
    expect(page.body.pagination).toMatchObject({ total: 3, current: 1, perPage: 10, next: null });
    expect(page.body.data[0]?._id).toBe(c._id);
    // Above the exact-count limit the total is an estimate, never below the limit plus one.
    const estimated = await listCustomers(
      t.context.db,
      { all: false, ids: [segment] },
      segment,
      ZCustomerListQuery.parse({ perPage: '10' }),
      2,
    );
    expect(estimated.rows).toHaveLength(3);
    expect(estimated.total).toBeGreaterThanOrEqual(3);
    expect((await listCustomers(t.context.db, { all: false, ids: [segment] }, segment, ZCustomerListQuery.parse({}), 3)).total).toBe(3);
    expect((await as('customers/?hitType=gossip')).status).toBe(422);
    expect((await as('customers/?sortBy=record')).status).toBe(422);
  });

  it('gives the same pages whether it counts every match or estimates above the limit, ties broken by id', async () => {
    const segment = await makeDataSegment(t.context.db);
    const scope = { all: false, ids: [segment] };
    const ids: string[] = [];
    for (let index = 0; index < 7; index += 1) ids.push(await makeCustomer(t.context.db, segment));
    // Three customers created at the same moment: the id decides their order.
    await t.context.db.query(`update customers set created_at = '2021-03-04T05:06:07Z' where id = any($1::uuid[])`, [ids.slice(0, 3)]);
    await t.context.db.query(`update customers set date_of_birth = null where id = $1`, [ids[3]]);
    for (const raw of [
      {},
      { sortBy: 'dateOfBirth' },
      { sortBy: 'dateOfBirth', sortOrder: 'desc' },
      { sortBy: 'createdAt', sortOrder: 'asc' },
    ])
      for (const startAt of ['1', '2', '3']) {
        const query = ZCustomerListQuery.parse({ ...raw, perPage: '10', startAt });
        const counted = await listCustomers(t.context.db, scope, segment, { ...query, perPage: 3 });
        const estimated = await listCustomers(t.context.db, scope, segment, { ...query, perPage: 3 }, 2);
        expect(counted.total).toBe(7);
        expect(estimated.total).toBeGreaterThanOrEqual(3);
        expect(counted.rows.map((row) => row._id)).toEqual(estimated.rows.map((row) => row._id));
      }
    // A page past the last match is empty, with the exact total.
    const past = await listCustomers(t.context.db, scope, segment, ZCustomerListQuery.parse({ startAt: '5' }));
    expect(past).toEqual({ rows: [], total: 7 });
    const none = await listCustomers(t.context.db, scope, segment, ZCustomerListQuery.parse({ firstName: 'nobody-of-that-name' }));
    expect(none).toEqual({ rows: [], total: 0 });
  });

  it('finds a product in every product set that holds it, counted or estimated, and stores a customer with fifty long products', async () => {
    // Fifty codes of 64 characters that do not compress: more than a B-tree entry may hold.
    const longCodes = Array.from({ length: 50 }, () => `${randomUUID()}${randomUUID()}`.replaceAll('-', '').slice(0, 64));
    const long = await registered(person({ accountInfo: { products: ['current', ...longCodes.slice(1)] } }));
    const segment = long.dataSegmentId;
    const scope = { all: false, ids: [segment] };
    const sets: Record<string, string[]> = {
      savings: ['savings'],
      both: ['savings', 'current'],
      reversed: ['current', 'savings'],
      none: [],
    };
    const idOf: Record<string, string> = { long: long._id };
    for (const [name, products] of Object.entries(sets)) {
      idOf[name] = await makeCustomer(t.context.db, segment);
      await t.context.db.query('update customers set products = $2 where id = $1', [idOf[name], products]);
    }
    const mine = new Set(Object.values(idOf));
    const found = async (raw: Record<string, string>, exactLimit?: number) => {
      const page = await listCustomers(t.context.db, scope, segment, ZCustomerListQuery.parse({ perPage: '100', ...raw }), exactLimit);
      return page.rows.map((row) => row._id).filter((id) => mine.has(id));
    };
    const expected = (...names: string[]) => names.map((name) => idOf[name]).toSorted();
    expect((await found({ product: 'savings' })).toSorted()).toEqual(expected('savings', 'both', 'reversed'));
    expect((await found({ product: 'current' })).toSorted()).toEqual(expected('both', 'reversed', 'long'));
    expect((await found({ product: longCodes[7] ?? '' })).toSorted()).toEqual(expected('long'));
    expect(await found({ product: 'nothing-holds-this' })).toEqual([]);
    // Above the exact-count limit the page is read in the list's order: the same customers.
    expect((await found({ product: 'current' }, 1)).toSorted()).toEqual(expected('both', 'reversed', 'long'));
    await t.context.db.query('update customers set archived_at = now() where id = $1', [idOf.both]);
    expect((await found({ product: 'savings' })).toSorted()).toEqual(expected('savings', 'reversed'));
    expect(await found({ product: 'savings', status: 'archived' })).toEqual(expected('both'));
  });

  it("filters gender, work type and industry by the record's current answers", async () => {
    const segment = await makeDataSegment(t.context.db);
    const scope = { all: false, ids: [segment] };
    const id = await makeCustomer(t.context.db, segment);
    const found = async (raw: Record<string, string>) =>
      (await listCustomers(t.context.db, scope, segment, ZCustomerListQuery.parse(raw))).rows.map((row) => row._id);
    expect(await found({ genderId: 'female', workTypeId: 'salaried-private', industryId: 'information-technology' })).toEqual([id]);
    await t.context.db.query(
      `update customers set record = jsonb_set(jsonb_set(record, '{basicInfo,genderId}', '"male"'), '{occupationInfo}', '{"workTypeId": "student"}')
        where id = $1`,
      [id],
    );
    expect(await found({ genderId: 'female' })).toEqual([]);
    expect(await found({ genderId: 'male', workTypeId: 'student' })).toEqual([id]);
    expect(await found({ industryId: 'information-technology' })).toEqual([]);
  });

  it('answers a record stored by an older form without the values the schema refuses', async () => {
    const id = await makeCustomer(t.context.db, t.adminSegmentId);
    const answer = await api()<TCustomerDetail>('GET', `customers/${id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data.record.basicInfo?.firstName).toBe('Ayesha');
    expect(answer.body.data.record.pepDeclaration).toEqual({});
    expect(answer.body.data.record.verificationStatus).toEqual({ liveness: 'passed', face: 'matched' });
  });

  it('needs view-customer-profile to list or open customers', async () => {
    const registrar = await signedInUser(t, ['register-customer']);
    expect((await api()('GET', 'customers/', undefined, registrar.token)).status).toBe(403);
  });
});
