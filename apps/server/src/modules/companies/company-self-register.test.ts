import { describe, expect, it } from 'vitest';
import type { TCompanyDetail, TCompanySelfRegisterBody } from '@sanad/contracts/companies';
import { multipart } from '@sanad/test-support/multipart';
import { signedInUser } from '../../test-support/admin-helpers';
import { apiCaller } from '../../test-support/api-session';
import { makeDataSegment } from '../../test-support/factories';
import { bearer, body, useTestApp } from '../../test-support/test-app';

const t = useTestApp();
const api = () => apiCaller(t, t.adminToken);

/** Uploads a small PDF as the wizard does (POST files/, type documents) and answers the stored file's name. */
async function uploaded(token = t.adminToken, name = 'certificate.pdf'): Promise<string> {
  const form = multipart({ type: 'documents' }, { name, body: Buffer.from('%PDF-1.7\n%%EOF\n') });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/files/',
    payload: form.payload,
    headers: { ...form.headers, ...bearer(token) },
  });
  expect(response.statusCode).toBe(200);
  return body<{ data: { fileName: string } }>(response).data.fileName;
}

let serial = 0;
function submission(overrides: Partial<TCompanySelfRegisterBody> = {}): TCompanySelfRegisterBody {
  serial += 1;
  return {
    documents: [],
    companyInfo: {
      legalName: `Harbour Logistics ${serial} LLC`,
      registrationNumber: `SR-${Date.now()}-${serial}`,
      legalForm: 'private-limited',
      incorporationCountryId: 'AE',
      industryId: 'general-trading',
    },
    parents: [],
    ...overrides,
  };
}

describe('self-register company (KB-03, KB-04)', () => {
  it('creates the company with its documents and parents in one go, screened and rated', async () => {
    const certificate = await uploaded();
    const licence = await uploaded(t.adminToken, 'licence.pdf');
    const answer = await api()<TCompanyDetail>(
      'POST',
      'companies/self-register',
      submission({
        documents: [
          { kind: 'incorporation-certificate', fileName: certificate },
          { kind: 'trade-licence', fileName: licence },
        ],
        parents: [
          { kind: 'person', name: 'Layla Haddad', roles: ['director', 'shareholder'], shareholding: 60, dateOfBirth: '1980-02-03' },
          { kind: 'entity', name: 'Gulf Holdings Ltd', roles: ['shareholder'], shareholding: 40, registrationNumber: 'GH-1' },
          { kind: 'person', name: 'Omar Saleh', roles: ['authorised-signatory'] },
        ],
      }),
    );
    expect({ status: answer.status, message: answer.body.message }).toEqual({ status: 200, message: 'Company registered successfully' });
    const company = answer.body.data;
    expect(company.type).toBe('company');
    expect(company.riskLevel).not.toBeNull();
    expect(company.record.companyDocuments).toEqual([
      expect.objectContaining({ kind: 'incorporation-certificate', fileName: certificate, originalFileName: 'certificate.pdf' }),
      expect.objectContaining({ kind: 'trade-licence', fileName: licence, originalFileName: 'licence.pdf' }),
    ]);
    expect(company.structure.parties.map((party) => party.name)).toEqual(['Layla Haddad', 'Gulf Holdings Ltd', 'Omar Saleh']);
    expect(company.structure.parents.find((parent) => parent.shareholding === 60)?.roles).toEqual(['director', 'shareholder']);
    expect(company.structure.ownership.owners.find((owner) => owner.name === 'Layla Haddad')?.effectiveOwnership).toBe(60);
    expect(company.structure.ownership.warnings).not.toContain('No director or authorised signatory is recorded');
    const audit = await t.context.db.query<{ summary: string }>(
      "select summary from audit_log where entity_id = $1 and action = 'registered_company'",
      [company._id],
    );
    expect(audit.rows[0]?.summary).toContain('2 documents, 3 parents');
  });

  it('screens every parent with the company and rates the company on their hits', async () => {
    const listed = await api()('POST', 'screening-data/sanad-list', { type: 'person', name: 'Darius Blackwater', reason: 'Fraud ring' });
    expect(listed.status).toBe(200);
    const answer = await api()<TCompanyDetail>(
      'POST',
      'companies/self-register',
      submission({
        documents: [{ kind: 'incorporation-certificate', fileName: await uploaded() }],
        parents: [{ kind: 'person', name: 'Darius Blackwater', roles: ['director'] }],
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.hits.map((hit) => hit.fullName)).toContain('Darius Blackwater');
    expect(answer.body.data.alerts.map((alert) => alert.type)).toEqual(['on boarding']);
  });

  it('refuses without the certificate of incorporation, with shares over 100% and with the company as its own parent', async () => {
    const noCertificate = await api()('POST', 'companies/self-register', submission());
    expect(noCertificate.status).toBe(422);
    expect(JSON.stringify(noCertificate.body)).toContain('Upload the certificate of incorporation');

    const fileName = await uploaded();
    const over = await api()(
      'POST',
      'companies/self-register',
      submission({
        documents: [{ kind: 'incorporation-certificate', fileName }],
        parents: [
          { kind: 'person', name: 'A One', roles: ['shareholder'], shareholding: 70 },
          { kind: 'person', name: 'B Two', roles: ['shareholder'], shareholding: 40 },
        ],
      }),
    );
    expect(over.status).toBe(422);
    expect(JSON.stringify(over.body)).toContain('would add up to 110%; they cannot exceed 100%');

    const ownName = submission({ documents: [{ kind: 'incorporation-certificate', fileName }] });
    const self = await api()('POST', 'companies/self-register', {
      ...ownName,
      parents: [{ kind: 'entity', name: ownName.companyInfo.legalName, roles: ['shareholder'], shareholding: 100 }],
    });
    expect(self.status).toBe(422);
    expect(self.body.message).toBe('A company cannot be its own parent');
  });

  it('refuses a file another segment uploaded, or that was never uploaded (tenant isolation)', async () => {
    const other = await makeDataSegment(t.context.db);
    const outsider = await signedInUser(t, ['register-company'], [other], { kyb: true });
    const theirFile = await uploaded(outsider.token);
    for (const fileName of [theirFile, 'no-such-file.enc']) {
      const answer = await api()(
        'POST',
        'companies/self-register',
        submission({ documents: [{ kind: 'incorporation-certificate', fileName }] }),
      );
      expect(answer.status).toBe(422);
      expect(JSON.stringify(answer.body)).toContain('That file was not uploaded to this data segment; upload it again');
    }
    // The outsider's own file registers their company in their segment, which the admin's segment does not see.
    const theirs = await api()<TCompanyDetail>(
      'POST',
      'companies/self-register',
      submission({ documents: [{ kind: 'incorporation-certificate', fileName: theirFile }] }),
      outsider.token,
    );
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.dataSegmentId).toBe(other);
    const viewer = await signedInUser(t, ['view-company-profile']);
    expect((await api()('GET', `companies/${theirs.body.data._id}`, undefined, viewer.token)).status).toBe(404);
  });

  it('needs register-company, and an account with company onboarding (kyb) for either registration', async () => {
    const fileName = await uploaded();
    const viewer = await signedInUser(t, ['view-company-profile'], undefined, { kyb: true });
    const withoutKyb = await signedInUser(t, ['register-company', 'register-customer']);
    const registration = submission({ documents: [{ kind: 'incorporation-certificate', fileName }] });
    expect((await api()('POST', 'companies/self-register', registration, viewer.token)).status).toBe(403);
    const kybMessage =
      'Company onboarding is not enabled for your account: only individual onboarding is. Ask an administrator to turn on company onboarding (KYB) for you';
    const selfRegister = await api()('POST', 'companies/self-register', registration, withoutKyb.token);
    expect({ status: selfRegister.status, message: selfRegister.body.message }).toEqual({ status: 403, message: kybMessage });
    const register = await api()('POST', 'companies/', { companyInfo: registration.companyInfo }, withoutKyb.token);
    expect({ status: register.status, message: register.body.message }).toEqual({ status: 403, message: kybMessage });
  });
});
