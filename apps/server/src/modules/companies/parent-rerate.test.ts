import { describe, expect, it } from 'vitest';
import { multipart } from '@sanad/test-support/multipart';
import { makePng } from '@sanad/test-support/sample-files';
import type { TCompanyDetail, TCompanyStructure } from '@sanad/contracts/companies';
import type { TCustomerHit } from '@sanad/contracts/customers';
import { latestMail, linkToken } from '../../test-support/admin-helpers';
import { apiCaller } from '../../test-support/api-session';
import { customerSubmission } from '../../test-support/customer-factories';
import { body, useTestApp } from '../../test-support/test-app';

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
