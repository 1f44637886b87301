import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ZCustomerUpdateInput,
  type TCustomerCreateBody,
  type TCustomerDetail,
  type TCustomerListItem,
  type TCustomerUpdateBody,
  type TCustomerVersion,
} from '@sanad/contracts/customers';
import type { Actor } from '../../platform/auth/access';
import { signedInUser } from '../../test-support/admin-helpers';
import { apiCaller } from '../../test-support/api-session';
import { makeDataSegment } from '../../test-support/factories';
import { customerSubmission } from '../../test-support/customer-factories';
import { ADMIN_EMAIL, useTestApp } from '../../test-support/test-app';
import { createCustomerRatingService } from '../risk/rating/customer-rating.service';
import { createCustomerService } from './customer.service';

const t = useTestApp();
const api = () => apiCaller(t, t.adminToken);

const person = customerSubmission;

async function registered(input: TCustomerCreateBody = person(), token = t.adminToken): Promise<TCustomerDetail> {
  const answer = await api()<TCustomerDetail>('POST', 'customers/self-register', input, token);
  expect({ status: answer.status, body: answer.body }).toMatchObject({ status: 200 });
  return answer.body.data;
}

/** The edit form's submission: the customer's editable sections as loaded, with changes. */
function editOf(customer: TCustomerDetail, change: Partial<TCustomerUpdateBody> = {}): TCustomerUpdateBody {
  const { record } = customer;
  return {
    version: customer.version,
    basicInfo: { ...record.basicInfo } as TCustomerUpdateBody['basicInfo'],
    identityInfo: { ...record.identityInfo } as TCustomerUpdateBody['identityInfo'],
    occupationInfo: { ...record.occupationInfo },
    pepDeclaration: { ...record.pepDeclaration },
    contactInfo: { ...record.contactInfo } as TCustomerUpdateBody['contactInfo'],
    accountInfo: { ...record.accountInfo },
    ...change,
  };
}

const edit = (id: string, body: unknown, token = t.adminToken) => api()<TCustomerDetail>('PUT', `customers/${id}`, body, token);

async function count(table: string, where = 'true', params: unknown[] = []): Promise<number> {
  const result = await t.context.db.query<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`, params);
  return result.rows[0]?.n ?? 0;
}

describe('edit profile', () => {
  it('keeps a contact proved by a one-time code through an edit that keeps it, and drops the proof when the contact changes', async () => {
    const customer = await registered();
    const provedAt = '2026-11-27T10:00:00.000Z';
    await t.context.db.query(
      `update customers set record = jsonb_set(record, '{contactInfo,emailVerifiedAt}', to_jsonb($2::text)) where id = $1`,
      [customer._id, provedAt],
    );
    const contact = { ...customer.record.contactInfo } as TCustomerUpdateBody['contactInfo'];
    const kept = await edit(customer._id, editOf(customer, { contactInfo: { ...contact, city: 'Lahore' } }));
    expect(kept.status).toBe(200);
    expect(kept.body.data.record.contactInfo).toMatchObject({ city: 'Lahore', emailVerifiedAt: provedAt });

    const newEmail = 'moved.elsewhere@example.test';
    const changed = await edit(
      customer._id,
      editOf(kept.body.data, { contactInfo: { ...contact, email: newEmail, confirmEmail: newEmail } }),
    );
    expect(changed.status).toBe(200);
    expect(changed.body.data.record.contactInfo?.email).toBe(newEmail);
    expect(changed.body.data.record.contactInfo?.emailVerifiedAt).toBeUndefined();
  });

  it('keeps the change as a new version (who, when, which fields), updates the list columns, re-rates and audits', async () => {
    const customer = await registered();
    const body = editOf(customer, {
      basicInfo: { ...(customer.record.basicInfo as TCustomerUpdateBody['basicInfo']), lastName: 'Siddiqui' },
      contactInfo: { email: customer.email ?? '', phoneNumber: '+923339998877' },
    });
    const answer = await edit(customer._id, body);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Customer updated successfully');
    expect(answer.body.data).toMatchObject({ version: 2, lastName: 'Siddiqui', phoneNumber: '+923339998877', sanadId: customer.sanadId });
    // The server-set sections survive an edit.
    expect(answer.body.data.record).toMatchObject({
      sanadId: customer.sanadId,
      dataSegmentId: t.adminSegmentId,
      verificationStatus: { liveness: 'pending', face: 'pending' },
      ipLocationDetails: customer.record.ipLocationDetails,
    });

    const versions = await api()<TCustomerVersion[]>('GET', `customers/${customer._id}/versions`);
    expect(versions.body.data.map((version) => [version.version, version.action])).toEqual([
      [2, 'edited'],
      [1, 'created'],
    ]);
    expect(versions.body.data[0]?.changedFields).toEqual(['basicInfo.lastName', 'contactInfo.phoneNumber']);
    expect(versions.body.data[0]?.actor.name).toBeTruthy();

    const list = await api()<TCustomerListItem[]>('GET', 'customers/?keyword=siddiqui');
    expect(list.body.data.map((row) => row._id)).toContain(customer._id);
    expect(await count('risk_ratings', 'customer_id = $1', [customer._id])).toBe(2);
    expect(await count('audit_log', "entity_id = $1 and action = 'edited_customer'", [customer._id])).toBe(1);
  });

  it('writes nothing for an unchanged submission', async () => {
    const customer = await registered();
    const answer = await edit(customer._id, editOf(customer));
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Nothing changed; the customer record is as it was');
    expect(answer.body.data.version).toBe(1);
    expect(await count('customer_versions', 'customer_id = $1', [customer._id])).toBe(1);
    expect(await count('risk_ratings', 'customer_id = $1', [customer._id])).toBe(1);
  });

  it('refuses an edit of a version that is no longer current, with a clear message', async () => {
    const customer = await registered();
    const first = editOf(customer, { reference: 'first edit' });
    expect((await edit(customer._id, first)).status).toBe(200);
    const late = await edit(customer._id, editOf(customer, { reference: 'second edit' }));
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(
      'This customer was changed by someone else since you opened it (now version 2); reload the profile and make your change again',
    );
    expect(late.body.errors).toHaveProperty('version');
    expect((await edit(customer._id, { ...first, version: undefined })).status).toBe(422);
  });

  it('validates with the record contract and the duplicate rule, never matching the customer with itself', async () => {
    const customer = await registered();
    const other = await registered();
    const bad = await edit(customer._id, editOf(customer, { contactInfo: { email: 'nope', phoneNumber: '+923001234567' } }));
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({ 'contactInfo.email': ['Enter a valid email address'] });
    const taken = await edit(customer._id, editOf(customer, { identityInfo: { type: 'id', number: other.idNumber ?? '' } }));
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(`A customer with this ID number already exists (${other.sanadId})`);
    expect(await count('customer_versions', 'customer_id = $1', [customer._id])).toBe(1);
  });

  it("needs edit-profile, and answers another segment's customer as not found", async () => {
    const customer = await registered();
    const viewer = await signedInUser(t, ['view-customer-profile']);
    expect((await edit(customer._id, editOf(customer, { reference: 'x' }), viewer.token)).status).toBe(403);
    const other = await makeDataSegment(t.context.db);
    const outsider = await signedInUser(t, ['edit-profile', 'view-customer-profile'], [other]);
    expect((await edit(customer._id, editOf(customer, { reference: 'x' }), outsider.token)).status).toBe(404);
    expect((await edit('not-a-uuid', editOf(customer, { reference: 'x' }))).status).toBe(404);
  });

  it('lets an editor without view-customer-profile open the record it edits and save it', async () => {
    const customer = await registered();
    const editor = await signedInUser(t, ['edit-profile']);
    const opened = await api()<TCustomerDetail>('GET', `customers/${customer._id}`, undefined, editor.token);
    expect(opened.status).toBe(200);
    const saved = await edit(customer._id, editOf(opened.body.data, { reference: 'Edited alone' }), editor.token);
    expect(saved.status).toBe(200);
    expect(saved.body.data.version).toBe(customer.version + 1);
    expect((await api()('GET', 'customers/', undefined, editor.token)).status).toBe(403);
  });

  it('re-screens: new hits are stored and raise an alert, decided hits are kept, open ones replaced', async () => {
    const listed = await api()('POST', 'screening-data/sanad-list', {
      name: 'Nawaz Akbar Durrani',
      dateOfBirth: '1969-05-14',
      nationality: 'PK',
      reason: 'Internal fraud case',
    });
    expect(listed.status).toBe(200);
    const customer = await registered();
    expect(customer.hits).toEqual([]);
    expect(customer.alerts).toEqual([]);

    const renamed = await edit(
      customer._id,
      editOf(customer, {
        basicInfo: {
          firstName: 'Nawaz',
          lastName: 'Akbar Durrani',
          dateOfBirth: '1969-05-14',
          nationalityId: 'PK',
          countryOfResidenceId: 'PK',
        },
      }),
    );
    expect(renamed.status).toBe(200);
    const after = renamed.body.data;
    expect(after.hitTypes).toEqual(['blackList']);
    const hit = after.hits.find((candidate) => candidate.fullName === 'Nawaz Akbar Durrani');
    expect(hit?.hitDetermination).toBe('open');
    expect(after.alerts).toEqual([
      expect.objectContaining({
        type: 'triggered',
        state: 'open',
        reason: expect.stringContaining('Profile edited: Name screening found'),
      }),
    ]);

    // A reviewer decides the hit; the next edit keeps that decision and does not store it again.
    await t.context.db.query(`update customer_hits set hit_determination = 'false-positive' where id = $1`, [hit?._id]);
    const again = await edit(customer._id, editOf(after, { reference: 'branch 7' }));
    expect(again.status).toBe(200);
    const kept = again.body.data.hits.filter((candidate) => candidate.fullName === 'Nawaz Akbar Durrani');
    expect(kept).toEqual([expect.objectContaining({ _id: hit?._id, hitDetermination: 'false-positive', notRelevant: true })]);
    // The false positive no longer counts as a hit type, and the open alert is not raised twice.
    expect(again.body.data.hitTypes).toEqual([]);
    expect(again.body.data.alerts).toHaveLength(1);
  });

  it('leaves nothing changed when the edit fails part-way', async () => {
    const customer = await registered();
    const admin = await t.context.db.query<{ id: string }>('select id from users where email = $1', [ADMIN_EMAIL]);
    const actor = {
      userId: admin.rows[0]?.id ?? '',
      sessionId: randomUUID(),
      name: 'Admin',
      email: ADMIN_EMAIL,
      roleName: 'Administrator',
      permissions: new Set(['edit-profile', 'view-customer-profile']),
      segments: { all: false, ids: [t.adminSegmentId] },
      activeSegmentId: t.adminSegmentId,
      isActiveSegmentWhiteLabelled: false,
    } as unknown as Actor;
    const failing = createCustomerService({
      db: t.context.db,
      screening: { screenCustomer: async () => [] },
      ratings: createCustomerRatingService({ db: t.context.db }),
      crashPoint: (step) => {
        if (step === 'after-customer-update') throw new Error('power cut');
      },
    });
    const input = ZCustomerUpdateInput.parse(editOf(customer, { reference: 'never stored' }));
    await expect(
      failing.update(actor, customer._id, input, { ip: '127.0.0.1', userAgent: null, requestId: 'r1', timezoneOffset: 0 }),
    ).rejects.toThrow('power cut');
    const now = await api()<TCustomerDetail>('GET', `customers/${customer._id}`);
    expect(now.body.data.version).toBe(1);
    expect(now.body.data.record.reference).toBeUndefined();
    expect(await count('customer_versions', 'customer_id = $1', [customer._id])).toBe(1);
  });
});

describe('document statuses and location at registration and edit', () => {
  it('tags the document from the reading and the expiry date, in the detail and the list', async () => {
    const soon = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const input = person();
    const { firstName, lastName, dateOfBirth } = input.basicInfo;
    input.identityInfo = {
      type: 'id',
      number: input.identityInfo.number,
      expiryDate: soon,
      documentReading: {
        name: firstName.toUpperCase(),
        surname: lastName,
        dateOfBirth,
        number: input.identityInfo.number.replace(/^(\d{5})/, '$1-'),
      },
    };
    const customer = await registered(input);
    expect(customer.documentStatuses).toEqual(['Document Matched', 'Documents nearing expiry']);
    // The staff request comes from this machine: a loopback address is 'local'.
    expect(customer.record.ipLocationDetails).toMatchObject({ countryCode: 'local', country: 'local' });
    const list = await api()<TCustomerListItem[]>('GET', `customers/?keyword=${encodeURIComponent(lastName)}`);
    expect(list.body.data[0]?.documentStatuses).toEqual(['Document Matched', 'Documents nearing expiry']);

    const changed = await edit(
      customer._id,
      editOf(customer, { basicInfo: { ...(customer.record.basicInfo as TCustomerUpdateBody['basicInfo']), dateOfBirth: '1955-01-01' } }),
    );
    expect(changed.status).toBe(200);
    expect(changed.body.data.documentStatuses).toEqual(['Documents nearing expiry', 'Documents mismatched']);
  });
});
