import { describe, expect, it } from 'vitest';
import { multipart } from '@sanad/test-support/multipart';
import { makePng } from '@sanad/test-support/sample-files';
import type { TCompanyDetail, TCompanyStructure } from '@sanad/contracts/companies';
import type { TCustomerHit } from '@sanad/contracts/customers';
import { latestMail, linkToken } from '../../test-support/admin-helpers';
import { apiCaller } from '../../test-support/api-session';
import { verifyJourneyContact } from '../../test-support/one-time-code-helpers';
import { customerSubmission } from '../../test-support/customer-factories';
import { body, useTestApp } from '../../test-support/test-app';
import type { Queryable } from '../../platform/db/database';
import { createCustomerRatingService } from '../risk/rating/customer-rating.service';
import { createParentCompanyRerate } from './parent-rerate';

const t = useTestApp();
const api = () => apiCaller(t, t.adminToken);
const LINK = 'x-onboarding-token';

async function asCustomer(token: string, method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) {
  const response = await t.app.inject({ method, url: `/api/${url}`, headers: { [LINK]: token }, payload });
  return { status: response.statusCode, body: body<{ message: string }>(response) };
}

/** The Signature Panel's pad image, uploaded through the link as the customer's browser does. */
async function uploadSignature(token: string): Promise<string> {
  const form = multipart({ type: 'customers' }, { name: 'signature.png', body: makePng(50, 20, [0, 0, 0]) });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/files/upload',
    payload: form.payload,
    headers: { ...form.headers, [LINK]: token },
  });
  expect(response.statusCode).toBe(200);
  return body<{ data: { fileName: string } }>(response).data.fileName;
}

async function companyRisk(id: string): Promise<string | null> {
  const answer = await api()<TCompanyDetail>('GET', `companies/${id}`);
  return answer.body.data.riskLevel;
}

describe("re-rating a company when a parent's individual KYC changes", () => {
  it('re-rates the company when the parent completes the individual onboarding, and again when their hit is decided', async () => {
    const listed = await api()('POST', 'screening-data/sanad-list', {
      name: 'Katarina Sanctionova',
      dateOfBirth: '1975-05-05',
      hitType: 'sanction',
      reason: 'Sanctioned',
    });
    expect(listed.status).toBe(200);
    const registered = await api()<TCompanyDetail>('POST', 'companies/', {
      companyInfo: { legalName: `Quiet Traders ${Date.now()} LLC`, registrationNumber: `QT-${Date.now()}`, legalForm: 'private-limited' },
    });
    expect(registered.status).toBe(200);
    const companyId = registered.body.data._id;
    const email = `k.s.${Date.now()}@example.test`;
    // The director is known by initials only, so the company's own screening finds nothing.
    const shape = await api()<TCompanyStructure>('POST', `companies/${companyId}/parents`, {
      kind: 'person',
      name: 'K. S.',
      email,
      roles: ['director'],
    });
    const before = await companyRisk(companyId);
    expect(before).not.toBe('high');

    const sent = await api()<TCompanyStructure>('POST', `companies/${companyId}/parents/${shape.body.data.parents[0]?._id}/kyc-link`, {});
    expect(sent.status).toBe(200);
    const token = linkToken(await latestMail(t.context.db, email), t.adminSegmentId);

    // The person completes the individual onboarding under their full name: a sanction hit.
    const { submissionKey: _key, ...submission } = customerSubmission({
      basicInfo: {
        firstName: 'Katarina',
        lastName: 'Sanctionova',
        dateOfBirth: '1975-05-05',
        nationalityId: 'PK',
        countryOfResidenceId: 'PK',
        genderId: 'female',
      },
    });
    // The preview carries the Signature Panel, as the deep register requires.
    const signature = {
      sign: await uploadSignature(token),
      name: 'Katarina Sanctionova',
      position: 'Director',
      date: '27-11-2026',
      agree: true,
    };
    // The contact is proved with a one-time code before setup-profile can be saved.
    await verifyJourneyContact(t, token, t.adminSegmentId, (submission.contactInfo as { email: string }).email);
    for (const step of ['upload-document', 'record-video', 'setup-profile', 'account-info', 'additional-info', 'preview']) {
      const saved = await asCustomer(token, 'PUT', `deep-register/steps/${step}`, {
        dataSegmentId: t.adminSegmentId,
        submission: step === 'preview' ? { ...submission, signature } : submission,
        draft: { step },
      });
      expect({ step, status: saved.status, body: saved.body }).toMatchObject({ status: 200 });
    }
    const done = await asCustomer(token, 'POST', 'deep-register/complete', { dataSegmentId: t.adminSegmentId });
    expect({ status: done.status, body: done.body }).toMatchObject({ status: 200 });

    // The completing transaction re-rated the company on the person's open sanction hit.
    expect(await companyRisk(companyId)).toBe('high');
    const audit = await t.context.db.query<{ summary: string }>(
      "select summary from audit_log where entity_id = $1 and action = 'rerated_company_for_parent' order by id",
      [companyId],
    );
    expect(audit.rows.map((row) => row.summary)).toContainEqual(
      expect.stringContaining('the individual KYC was completed for its parent K. S.'),
    );

    // A reviewer finds the person's hit not relevant: the person and the company are re-rated.
    const structure = await api()<TCompanyStructure>('GET', `companies/${companyId}/structure`);
    const personId = structure.body.data.parties[0]?.kyc.customerId ?? '';
    expect(structure.body.data.parties[0]?.kyc.hitTypes).toContain('sanction');
    const person = await api()<{ hits: TCustomerHit[] }>('GET', `customers/${personId}`);
    const hit = person.body.data.hits.find((candidate) => candidate.fullName === 'Katarina Sanctionova');
    const decided = await api()('PUT', `customers/${personId}/hits/${hit?._id}`, { decision: 'not-relevant', comment: 'Different person' });
    expect(decided.status).toBe(200);
    expect(await companyRisk(companyId)).toBe(before);
    const again = await t.context.db.query<{ n: number }>(
      "select count(*)::int as n from audit_log where entity_id = $1 and action = 'rerated_company_for_parent'",
      [companyId],
    );
    expect(again.rows[0]?.n).toBeGreaterThanOrEqual(2);
  });

  it('keeps the parents’ hits in the company’s rating when a hit on the company itself is decided', async () => {
    await api()('POST', 'screening-data/sanad-list', {
      name: 'Mordred Sanctionsson',
      dateOfBirth: '1966-06-06',
      hitType: 'sanction',
      reason: 'x',
    });
    await api()('POST', 'screening-data/sanad-list', { type: 'organisation', name: 'Shady Umbrella Holdings', reason: 'Shell' });
    const registered = await api()<TCompanyDetail>('POST', 'companies/', {
      companyInfo: { legalName: 'Shady Umbrella Holdings', registrationNumber: `SU-${Date.now()}` },
    });
    expect(registered.status).toBe(200);
    const companyId = registered.body.data._id;
    // A parent who is a sanctioned customer of the segment.
    const individual = await api()<{ _id: string }>(
      'POST',
      'customers/self-register',
      customerSubmission({
        basicInfo: {
          firstName: 'Mordred',
          lastName: 'Sanctionsson',
          dateOfBirth: '1966-06-06',
          nationalityId: 'PK',
          countryOfResidenceId: 'PK',
          genderId: 'male',
        },
      }),
    );
    expect(individual.status).toBe(200);
    const added = await api()('POST', `companies/${companyId}/parents`, {
      kind: 'person',
      name: 'Mordred Sanctionsson',
      customerId: individual.body.data._id,
      roles: ['director'],
    });
    expect(added.status).toBe(200);
    expect(await companyRisk(companyId)).toBe('high');
    const company = await api()<TCompanyDetail>('GET', `companies/${companyId}`);
    const ownHit = company.body.data.hits.find((hit) => hit.fullName === 'Shady Umbrella Holdings');
    const decided = await api()('PUT', `customers/${companyId}/hits/${ownHit?._id}`, { decision: 'not-relevant', comment: 'Other firm' });
    expect(decided.status).toBe(200);
    // The director's open sanction hit still rates the company high.
    expect(await companyRisk(companyId)).toBe('high');
  });
});

async function registerCompany(name: string): Promise<string> {
  const registered = await api()<TCompanyDetail>('POST', 'companies/', {
    companyInfo: { legalName: `${name} ${Date.now()} Ltd`, registrationNumber: `${name.slice(0, 3).toUpperCase()}-${Date.now()}` },
  });
  expect(registered.status).toBe(200);
  return registered.body.data._id;
}

async function ownedBy(companyId: string, ownerId: string, name: string): Promise<void> {
  const added = await api()('POST', `companies/${companyId}/parents`, {
    kind: 'entity',
    name,
    customerId: ownerId,
    roles: ['shareholder'],
    shareholding: 60,
  });
  expect({ status: added.status, body: added.body }).toMatchObject({ status: 200 });
}

async function rerateAudits(companyId: string): Promise<{ summary: string; depth: number | null }[]> {
  const audit = await t.context.db.query<{ summary: string; details: { depth?: number } }>(
    "select summary, details from audit_log where entity_id = $1 and action = 'rerated_company_for_parent' order by id",
    [companyId],
  );
  return audit.rows.map((row) => ({ summary: row.summary, depth: row.details.depth ?? null }));
}

describe('re-rating up a chain of corporate parents', () => {
  it('re-rates every company up a three-level chain when the person at the top changes, and stops at a cycle', async () => {
    await api()('POST', 'screening-data/sanad-list', {
      name: 'Ulrich Chainsworth',
      dateOfBirth: '1961-01-01',
      hitType: 'sanction',
      reason: 'Sanctioned',
    });
    // Holding owns Middle, which owns Operating: the person at the top holds the Holding.
    const holding = await registerCompany('Topmost Holding');
    const middle = await registerCompany('Middle Tier');
    const operating = await registerCompany('Operating Trading');
    await ownedBy(middle, holding, 'Topmost Holding');
    await ownedBy(operating, middle, 'Middle Tier');
    const before = { holding: await companyRisk(holding), middle: await companyRisk(middle), operating: await companyRisk(operating) };
    expect(before.operating).not.toBe('high');

    const individual = await api()<{ _id: string }>(
      'POST',
      'customers/self-register',
      customerSubmission({
        basicInfo: {
          firstName: 'Ulrich',
          lastName: 'Chainsworth',
          dateOfBirth: '1961-01-01',
          nationalityId: 'PK',
          countryOfResidenceId: 'PK',
          genderId: 'male',
        },
      }),
    );
    expect(individual.status).toBe(200);
    const personId = individual.body.data._id;
    // Adding the sanctioned person to the Holding re-rates the Holding, then Middle, then Operating.
    const added = await api()('POST', `companies/${holding}/parents`, {
      kind: 'person',
      name: 'Ulrich Chainsworth',
      customerId: personId,
      roles: ['director', 'shareholder'],
      shareholding: 40,
    });
    expect(added.status).toBe(200);
    expect(await companyRisk(holding)).toBe('high');
    expect(await companyRisk(middle)).toBe('high');
    expect(await companyRisk(operating)).toBe('high');
    expect((await rerateAudits(operating)).at(-1)).toMatchObject({ depth: 2 });

    // A cycle: the Operating company is declared a shareholder of the Holding. The walk ends where it closes.
    await ownedBy(holding, operating, 'Operating Trading');
    const counts = async () => ({
      holding: (await rerateAudits(holding)).length,
      middle: (await rerateAudits(middle)).length,
      operating: (await rerateAudits(operating)).length,
    });
    const beforeDecision = await counts();

    // The person's hit is found not relevant: the person's rating changes and the whole chain follows.
    const person = await api()<{ hits: TCustomerHit[] }>('GET', `customers/${personId}`);
    const hit = person.body.data.hits.find((candidate) => candidate.fullName === 'Ulrich Chainsworth');
    const decided = await api()('PUT', `customers/${personId}/hits/${hit?._id}`, { decision: 'not-relevant', comment: 'Different person' });
    expect(decided.status).toBe(200);
    expect(await companyRisk(holding)).toBe(before.holding);
    expect(await companyRisk(middle)).toBe(before.middle);
    expect(await companyRisk(operating)).toBe(before.operating);
    // Each company once per change, however the cycle leads back to it.
    expect(await counts()).toEqual({
      holding: beforeDecision.holding + 1,
      middle: beforeDecision.middle + 1,
      operating: beforeDecision.operating + 1,
    });
    const audits = await rerateAudits(operating);
    expect(audits.at(-1)).toMatchObject({ depth: 3 });
    expect(audits.at(-1)?.summary).toContain('3 levels up, through its parent Middle Tier');
  });

  it('leaves nothing half done when the change fails, and the retried change re-rates the chain the same way', async () => {
    await api()('POST', 'screening-data/sanad-list', {
      name: 'Petra Rollbackova',
      dateOfBirth: '1970-02-02',
      hitType: 'sanction',
      reason: 'x',
    });
    const holding = await registerCompany('Rollback Holding');
    const middle = await registerCompany('Rollback Middle');
    const operating = await registerCompany('Rollback Operating');
    await ownedBy(middle, holding, 'Rollback Holding');
    await ownedBy(operating, middle, 'Rollback Middle');
    const individual = await api()<{ _id: string }>(
      'POST',
      'customers/self-register',
      customerSubmission({
        basicInfo: {
          firstName: 'Petra',
          lastName: 'Rollbackova',
          dateOfBirth: '1970-02-02',
          nationalityId: 'PK',
          countryOfResidenceId: 'PK',
          genderId: 'female',
        },
      }),
    );
    const personId = individual.body.data._id;
    const rerate = createParentCompanyRerate({ ratings: createCustomerRatingService({ db: t.context.db }) });
    const audited = async () =>
      (
        await t.context.db.query<{ n: number }>(
          "select count(*)::int as n from audit_log where entity_id = any($1::text[]) and action = 'rerated_company_for_parent'",
          [[holding, middle, operating]],
        )
      ).rows[0]?.n ?? 0;
    // The person becomes a parent of the Holding directly in the database, so no rating ran yet.
    const tie = async (tx: Queryable) =>
      tx.query(
        `insert into company_parties (data_segment_id, company_id, kind, name, customer_id)
         select data_segment_id, id, 'person', 'Petra Rollbackova', $2::uuid from customers where id = $1`,
        [holding, personId],
      );
    const auditedBefore = await audited();
    // A crash after the chain was re-rated, before the commit: nothing of it stays.
    await expect(
      t.context.db.transaction(async (tx) => {
        await tie(tx);
        expect(await rerate.rerateCompaniesOf(tx, personId, 'a test change')).toEqual([holding, middle, operating]);
        throw new Error('crash before commit');
      }),
    ).rejects.toThrow('crash before commit');
    expect(await audited()).toBe(auditedBefore);
    expect(await companyRisk(operating)).not.toBe('high');
    // The retried change does it all; running the walk again re-rates to the same levels.
    await t.context.db.transaction(async (tx) => {
      await tie(tx);
      expect(await rerate.rerateCompaniesOf(tx, personId, 'a test change')).toEqual([holding, middle, operating]);
    });
    const levels = [await companyRisk(holding), await companyRisk(middle), await companyRisk(operating)];
    expect(levels).toEqual(['high', 'high', 'high']);
    await t.context.db.transaction((tx) => rerate.rerateCompaniesOf(tx, personId, 'a test change'));
    expect([await companyRisk(holding), await companyRisk(middle), await companyRisk(operating)]).toEqual(levels);
    expect(await audited()).toBe(auditedBefore + 6);
  });
});
