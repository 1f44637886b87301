import { describe, expect, it } from 'vitest';
import type { TCompanyCreateBody, TCompanyDetail, TCompanyStructure, TParentCreateBody } from '@sanad/contracts/companies';
import type { TCustomerListItem } from '@sanad/contracts/customers';
import { signedInUser } from '../../test-support/admin-helpers';
import { apiCaller } from '../../test-support/api-session';
import { makeDataSegment } from '../../test-support/factories';
import { ADMIN_EMAIL, bearer, useTestApp } from '../../test-support/test-app';

const t = useTestApp();
const api = () => apiCaller(t, t.adminToken);

let serial = 0;
function company(overrides: Partial<TCompanyCreateBody['companyInfo']> = {}): TCompanyCreateBody {
  serial += 1;
  return {
    companyInfo: {
      legalName: `Falcon Trading ${serial} LLC`,
      formerNames: [],
      registrationNumber: `CN-${Date.now()}-${serial}`,
      register: 'Dubai DED',
      legalForm: 'private-limited',
      status: 'active',
      incorporationDate: '2015-03-01',
      incorporationCountryId: 'AE',
      registeredAddress: { line1: '1 Sheikh Zayed Road', city: 'Dubai', countryId: 'AE' },
      industryId: 'general-trading',
      purposeOfRelationship: 'business-transactions',
      expectedActivity: 'About AED 2m a month of supplier payments',
      ...overrides,
    },
  };
}

async function registered(body: TCompanyCreateBody = company(), token = t.adminToken): Promise<TCompanyDetail> {
  const answer = await api()<TCompanyDetail>('POST', 'companies/', body, token);
  expect({ status: answer.status, body: answer.body }).toMatchObject({ status: 200 });
  return answer.body.data;
}

async function addParent(id: string, body: TParentCreateBody, token = t.adminToken) {
  return api()<TCompanyStructure>('POST', `companies/${id}/parents`, body, token);
}

async function added(id: string, body: TParentCreateBody): Promise<TCompanyStructure> {
  const answer = await addParent(id, body);
  expect({ status: answer.status, body: answer.body }).toMatchObject({ status: 200 });
  return answer.body.data;
}

async function removeParent(id: string, parentId: string | undefined) {
  const response = await t.app.inject({ method: 'DELETE', url: `/api/companies/${id}/parents/${parentId}`, headers: bearer(t.adminToken) });
  return { status: response.statusCode, body: response.json<{ message: string; data: TCompanyStructure }>() };
}

const partyNamed = (structure: TCompanyStructure, name: string) => {
  const party = structure.parties.find((candidate) => candidate.name === name);
  if (!party) throw new Error(`no party ${name}`);
  return party;
};

describe('registering a company', () => {
  it('stores the declaration as a company customer, rates it and records the registration', async () => {
    const created = await registered(company({ legalName: 'Oasis Dates Export FZE', formerNames: ['Oasis Dates Trading FZE'] }));
    expect(created).toMatchObject({ type: 'company', fullName: 'Oasis Dates Export FZE', dataSegmentId: t.adminSegmentId });
    expect(created.sanadId).toMatch(/^SND-\d{8}$/);
    expect(created.record.companyInfo).toMatchObject({ legalName: 'Oasis Dates Export FZE', formerNames: ['Oasis Dates Trading FZE'] });
    // The rating read the legal form as the entity type.
    expect(created.riskLevel).not.toBeNull();
    expect(created.registryFlags.every((flag) => flag.value === false && flag.setBy === null)).toBe(true);
    expect(created.structure.ownership.warnings).toContain('No director or authorised signatory is recorded');
    const audit = await t.context.db.query<{ action: string }>(
      "select action from audit_log where entity_id = $1 and action = 'registered_company'",
      [created._id],
    );
    expect(audit.rows).toHaveLength(1);
  });

  it('refuses a missing legal name and registration number with the field messages', async () => {
    const answer = await api()('POST', 'companies/', { companyInfo: { legalName: '', registrationNumber: '' } });
    expect(answer.status).toBe(422);
    expect(JSON.stringify(answer.body)).toContain('Legal name is required');
    expect(JSON.stringify(answer.body)).toContain('Registration number is required');
  });

  it('refuses a second company with the same registration number in the segment', async () => {
    const first = await registered();
    const again = await api()('POST', 'companies/', company({ registrationNumber: first.idNumber ?? '' }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`A company with this registration number is already registered (${first.sanadId})`);
  });

  it('screens the legal and former names as organisations and raises an on-boarding alert', async () => {
    const listed = await api()('POST', 'screening-data/sanad-list', {
      type: 'organisation',
      name: 'Crescent Shadow Holdings',
      reason: 'Shell company network',
    });
    expect(listed.status).toBe(200);
    const created = await registered(company({ legalName: 'Bright Future Trading LLC', formerNames: ['Crescent Shadow Holdings'] }));
    expect(created.hitTypes).toEqual(['blackList']);
    expect(created.hits.map((hit) => hit.fullName)).toContain('Crescent Shadow Holdings');
    expect(created.alerts.map((alert) => alert.type)).toEqual(['on boarding']);
  });

  it('needs register-company to register and view-company-profile to read', async () => {
    const viewer = await signedInUser(t, ['view-company-profile']);
    const individualStaff = await signedInUser(t, ['register-customer', 'view-customer-profile']);
    expect((await api()('POST', 'companies/', company(), viewer.token)).status).toBe(403);
    const created = await registered();
    expect((await api()('GET', `companies/${created._id}`, undefined, individualStaff.token)).status).toBe(403);
    expect((await api()('GET', 'companies/', undefined, individualStaff.token)).status).toBe(403);
    expect((await api()('GET', `companies/${created._id}`, undefined, viewer.token)).status).toBe(200);
    expect((await addParent(created._id, { kind: 'person', name: 'A B', roles: ['director'] }, viewer.token)).status).toBe(403);
  });
});

describe('the company list', () => {
  it('lists only companies of the caller’s segments and finds one by registration number', async () => {
    const other = await makeDataSegment(t.context.db);
    const outsider = await signedInUser(t, ['register-company', 'view-company-profile'], [other], { kyb: true });
    const theirs = await registered(company(), outsider.token);
    const mine = await registered(company({ registrationNumber: `REG-FIND-${Date.now()}` }));
    const list = await api()<TCustomerListItem[]>('GET', `companies/?perPage=500&dataSegmentId=${t.adminSegmentId}`);
    expect(list.status).toBe(200);
    const ids = list.body.data.map((row) => row._id);
    expect(ids).toContain(mine._id);
    expect(ids).not.toContain(theirs._id);
    expect(list.body.data.every((row) => row.type === 'company')).toBe(true);
    const found = await api()<TCustomerListItem[]>('GET', `companies/?keyword=${encodeURIComponent(mine.idNumber ?? '')}`);
    expect(found.body.data.map((row) => row._id)).toEqual([mine._id]);
    const viewer = await signedInUser(t, ['view-company-profile']);
    expect((await api()('GET', `companies/${theirs._id}`, undefined, viewer.token)).status).toBe(404);
    expect((await api()('GET', `companies/?dataSegmentId=${other}`, undefined, viewer.token)).status).toBe(403);
  });

  it('answers an individual customer as not a company', async () => {
    const individual = await t.context.db.query<{ id: string }>("select id from customers where type = 'individual' limit 1");
    const id = individual.rows[0]?.id;
    if (!id) return;
    expect((await api()('GET', `companies/${id}`)).status).toBe(404);
  });
});

describe('registry flags', () => {
  it('records who set each flag and when, keeps it in the record and re-rates', async () => {
    const created = await registered();
    const before = await t.context.db.query<{ n: number }>('select count(*)::int as n from risk_ratings where customer_id = $1', [
      created._id,
    ]);
    const answer = await api()<TCompanyDetail>('PUT', `companies/${created._id}/registry-flags`, {
      hasInsolvencyHistory: true,
      accountsOverdue: true,
    });
    expect(answer.status).toBe(200);
    const flags = Object.fromEntries(answer.body.data.registryFlags.map((flag) => [flag.flag, flag]));
    expect(flags.hasInsolvencyHistory).toMatchObject({ value: true, setBy: { name: expect.any(String) } });
    expect(flags.hasInsolvencyHistory?.setAt).toEqual(expect.any(String));
    expect(flags.accountsOverdue?.value).toBe(true);
    expect(flags.registeredOfficeIsInDispute).toMatchObject({ value: false, setBy: null, setAt: null });
    expect(answer.body.data.record).toMatchObject({ hasInsolvencyHistory: true, accountsOverdue: true });
    const after = await t.context.db.query<{ n: number }>('select count(*)::int as n from risk_ratings where customer_id = $1', [
      created._id,
    ]);
    expect(after.rows[0]?.n).toBe((before.rows[0]?.n ?? 0) + 1);
    const setter = await t.context.db.query<{ email: string }>(
      'select u.email from company_registry_flags f join users u on u.id = f.set_by where f.company_id = $1 limit 1',
      [created._id],
    );
    expect(setter.rows[0]?.email).toBe(ADMIN_EMAIL);
    expect((await api()('PUT', `companies/${created._id}/registry-flags`, {})).status).toBe(422);
  });
});

describe('parents and effective ownership', () => {
  it('computes effective ownership through two corporate shareholders and flags the UBOs', async () => {
    const created = await registered(company({ legalName: 'Layered Holdings LLC' }));
    const id = created._id;
    await added(id, { kind: 'person', name: 'Amal Director', roles: ['director'], email: 'amal@example.com' });
    let shape = await added(id, {
      kind: 'entity',
      name: 'Alpha Holdings Ltd',
      registrationNumber: 'AH-1',
      roles: ['shareholder'],
      shareholding: 60,
    });
    const alpha = partyNamed(shape, 'Alpha Holdings Ltd');
    shape = await added(id, { kind: 'entity', name: 'Beta Investments SA', roles: ['shareholder'], shareholding: 30 });
    const beta = partyNamed(shape, 'Beta Investments SA');
    shape = await added(id, { kind: 'person', name: 'Sara Khan', roles: ['shareholder'], shareholding: 50, ofPartyId: alpha._id });
    shape = await added(id, { kind: 'person', name: 'Omar Haddad', roles: ['shareholder'], shareholding: 50, ofPartyId: alpha._id });
    shape = await added(id, { kind: 'person', name: 'Lina Aziz', roles: ['shareholder'], shareholding: 100, ofPartyId: beta._id });
    const owners = Object.fromEntries(shape.ownership.owners.map((owner) => [owner.name, owner]));
    expect(owners['Lina Aziz']).toMatchObject({ effectiveOwnership: 30, isUbo: true });
    expect(owners['Sara Khan']).toMatchObject({ effectiveOwnership: 30, isUbo: true });
    expect(owners['Omar Haddad']).toMatchObject({ effectiveOwnership: 30, isUbo: true });
    expect(owners['Amal Director']).toMatchObject({ effectiveOwnership: 0, isUbo: false, reasons: ['Director'] });
    expect(owners['Sara Khan']?.paths).toEqual([{ names: ['Sara Khan', 'Alpha Holdings Ltd', 'Layered Holdings LLC'], percent: 30 }]);
    expect(shape.ownership.warnings).toEqual([]);

    // The same person through a second chain is one party: her holdings are summed.
    shape = await added(id, { partyId: partyNamed(shape, 'Omar Haddad')._id, roles: ['shareholder'], shareholding: 10 });
    expect(shape.ownership.owners.find((owner) => owner.name === 'Omar Haddad')?.effectiveOwnership).toBe(40);
  });

  it('refuses shares over 100% at one level, the company as its own parent, and cycles, with clear messages', async () => {
    const created = await registered(company({ legalName: 'Strict Checks LLC', registrationNumber: `SC-${Date.now()}` }));
    const id = created._id;
    let shape = await added(id, { kind: 'entity', name: 'Gamma Ltd', roles: ['shareholder'], shareholding: 70 });
    const gamma = partyNamed(shape, 'Gamma Ltd');
    const over = await addParent(id, { kind: 'person', name: 'Too Much', roles: ['shareholder'], shareholding: 40 });
    expect(over.status).toBe(422);
    expect(JSON.stringify(over.body)).toContain('Shareholdings in Strict Checks LLC would add up to 110%; they cannot exceed 100%');

    const self = await addParent(id, { kind: 'entity', name: 'Strict Checks LLC', roles: ['shareholder'], shareholding: 10 });
    expect(self.status).toBe(422);
    expect(JSON.stringify(self.body)).toContain('A company cannot be its own parent');
    const selfById = await addParent(id, { kind: 'entity', name: 'Other name', customerId: id, roles: ['shareholder'], shareholding: 10 });
    expect(JSON.stringify(selfById.body)).toContain('A company cannot be its own parent');

    shape = await added(id, { kind: 'entity', name: 'Delta Ltd', roles: ['shareholder'], shareholding: 50, ofPartyId: gamma._id });
    const delta = partyNamed(shape, 'Delta Ltd');
    // Gamma owning Delta while Delta owns Gamma would be a cycle.
    const cycle = await addParent(id, { partyId: gamma._id, roles: ['shareholder'], shareholding: 10, ofPartyId: delta._id });
    expect(cycle.status).toBe(422);
    expect(JSON.stringify(cycle.body)).toContain('This would make a cycle of ownership: Gamma Ltd → Delta Ltd → Gamma Ltd');

    const personOwned = await addParent(id, {
      kind: 'person',
      name: 'X',
      roles: ['director'],
      ofPartyId: (await added(id, { kind: 'person', name: 'Pia', roles: ['director'] })).parties.find((p) => p.name === 'Pia')?._id,
    });
    expect(JSON.stringify(personOwned.body)).toContain('A person cannot be owned; choose an entity');

    const noShares = await addParent(id, { kind: 'person', name: 'Nadia', roles: ['shareholder'] });
    expect(JSON.stringify(noShares.body)).toContain('A shareholder needs the percentage of shares held');
    // Gamma still has its own parent (Delta): removing Gamma is refused until Delta goes.
    const gammaEdge = shape.parents.find((parent) => parent.partyId === gamma._id);
    const removeGamma = await removeParent(id, gammaEdge?._id);
    expect(removeGamma.status).toBe(409);
    expect(removeGamma.body.message).toBe('Remove the parents of Gamma Ltd first');
  });

  it('warns until a director or authorised signatory is recorded, and records every change in the audit', async () => {
    const created = await registered();
    let shape = await added(created._id, { kind: 'person', name: 'Rami Signatory', roles: ['authorised-signatory'] });
    expect(shape.ownership.warnings).not.toContain('No director or authorised signatory is recorded');
    const edge = shape.parents[0];
    const changed = await api()<TCompanyStructure>('PUT', `companies/${created._id}/parents/${edge?._id}`, {
      roles: ['controlling-person'],
    });
    expect(changed.status).toBe(200);
    shape = changed.body.data;
    expect(shape.ownership.warnings).toContain('No director or authorised signatory is recorded');
    expect(shape.ownership.owners[0]).toMatchObject({ name: 'Rami Signatory', isUbo: true, reasons: ['Controlling person'] });
    const removed = await removeParent(created._id, edge?._id);
    expect(removed.body.data.parties).toEqual([]);
    const audit = await t.context.db.query<{ action: string }>(
      "select action from audit_log where entity_id = $1 and action like '%company_parent' order by id",
      [created._id],
    );
    expect(audit.rows.map((row) => row.action)).toEqual(['added_company_parent', 'updated_company_parent', 'removed_company_parent']);
  });

  it("rolls a parent's sanction hit up to the company's rating", async () => {
    const listed = await api()('POST', 'screening-data/sanad-list', {
      name: 'Viktor Blacklistov',
      dateOfBirth: '1970-01-01',
      hitType: 'sanction',
      reason: 'Sanctioned',
    });
    expect(listed.status).toBe(200);
    const created = await registered();
    const shape = await added(created._id, { kind: 'person', name: 'Viktor Blacklistov', dateOfBirth: '1970-01-01', roles: ['director'] });
    expect(shape.parties).toHaveLength(1);
    const detail = await api()<TCompanyDetail>('GET', `companies/${created._id}`);
    expect(detail.body.data.hits.map((hit) => hit.fullName)).toContain('Viktor Blacklistov');
    expect(detail.body.data.hits.find((hit) => hit.fullName === 'Viktor Blacklistov')?.hitType).toBe('sanction');
    // An open sanction hit rates the company high until a reviewer confirms it (then: sanction).
    expect(detail.body.data.riskLevel).toBe('high');
    expect(detail.body.data.alerts.length).toBeGreaterThan(0);
  });

  it("answers another segment's company as not found for every change", async () => {
    const other = await makeDataSegment(t.context.db);
    const outsider = await signedInUser(t, ['register-company', 'view-company-profile'], [other], { kyb: true });
    const theirs = await registered(company(), outsider.token);
    const officer = await signedInUser(t, ['register-company', 'view-company-profile', 'register-customer']);
    expect((await addParent(theirs._id, { kind: 'person', name: 'Intruder', roles: ['director'] }, officer.token)).status).toBe(404);
    expect((await api()('PUT', `companies/${theirs._id}/registry-flags`, { accountsOverdue: true }, officer.token)).status).toBe(404);
    expect((await api()('GET', `companies/${theirs._id}/structure`, undefined, officer.token)).status).toBe(404);
  });
});

describe('individual KYC of a natural-person parent', () => {
  it('sends the deep link by e-mail and ties the temp customer to the parent', async () => {
    const created = await registered();
    const shape = await added(created._id, { kind: 'person', name: 'Hana Malik', email: 'hana.malik@example.com', roles: ['director'] });
    const edge = shape.parents[0];
    const sent = await api()<TCompanyStructure>('POST', `companies/${created._id}/parents/${edge?._id}/kyc-link`, {});
    expect(sent.status).toBe(200);
    const party = partyNamed(sent.body.data, 'Hana Malik');
    expect(party.kyc).toMatchObject({ linkState: 'sent', customerId: null });
    expect(party.kyc.tempCustomerId).toEqual(expect.any(String));
    const mail = await t.context.db.query<{ n: number }>(
      "select count(*)::int as n from outbox where lower(recipient) = 'hana.malik@example.com'",
    );
    expect(mail.rows[0]?.n).toBe(1);
    const entity = await added(created._id, { kind: 'entity', name: 'Corp Parent', roles: ['director'] });
    const corpEdge = entity.parents.find((parent) => parent.partyId === partyNamed(entity, 'Corp Parent')._id);
    const refused = await api()('POST', `companies/${created._id}/parents/${corpEdge?._id}/kyc-link`, { email: 'x@example.com' });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain('Only a natural person receives an individual onboarding link');
  });
});
