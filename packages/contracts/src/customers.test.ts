import { describe, expect, it } from 'vitest';
import { CRS_MAX_COUNTRIES, DOCUMENT_ENTRIES, ZCustomerCreateInput, ZCustomerListQuery, ZCustomerRecord } from './customers';

const VALID_INPUT = {
  submissionKey: '7c4f54f2-3c1d-4b53-9b8a-0f0b0d7d6a11',
  basicInfo: { firstName: 'Amina', lastName: 'Khan', dateOfBirth: '1990-04-12', nationalityId: 'PK', countryOfResidenceId: 'PK' },
  identityInfo: { type: 'id', number: '3520212345671' },
  occupationInfo: { workTypeId: 'salaried', industryId: 'education' },
  pepDeclaration: { anyPublicPos: false, conviction: false },
  contactInfo: { email: 'amina@example.com', confirmEmail: 'amina@example.com', phoneNumber: '+923001234567' },
  accountInfo: { products: ['savings'], isf2f: true },
};

function errorsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('customer create input', () => {
  it('accepts a complete staff submission', () => {
    expect(ZCustomerCreateInput.safeParse(VALID_INPUT).success).toBe(true);
  });

  it('names each missing required field the way the form labels it', () => {
    const result = ZCustomerCreateInput.safeParse({
      ...VALID_INPUT,
      basicInfo: { firstName: ' ', dateOfBirth: '1990-02-30' },
      identityInfo: {},
      contactInfo: { email: 'not-an-email', phoneNumber: 'abc' },
    });
    const errors = errorsOf(result);
    expect(errors['basicInfo.firstName']).toBe('First name is required');
    expect(errors['basicInfo.lastName']).toBe('Last name is required');
    expect(errors['basicInfo.dateOfBirth']).toBe('Date of birth must be a date (YYYY-MM-DD)');
    expect(errors['basicInfo.nationalityId']).toBe('Nationality is required');
    expect(errors['identityInfo.number']).toBe('ID number is required');
    expect(errors['contactInfo.email']).toBe('Enter a valid email address');
    expect(errors['contactInfo.phoneNumber']).toBe('Enter a valid phone number');
  });

  it('refuses a birth date in the future and a confirmation e-mail that differs', () => {
    const errors = errorsOf(
      ZCustomerCreateInput.safeParse({
        ...VALID_INPUT,
        basicInfo: { ...VALID_INPUT.basicInfo, dateOfBirth: '2999-01-01' },
        contactInfo: { ...VALID_INPUT.contactInfo, confirmEmail: 'other@example.com' },
      }),
    );
    expect(errors['basicInfo.dateOfBirth']).toBe('Date of birth cannot be in the future');
    expect(errors['contactInfo.confirmEmail']).toBe('Emails do not match');
  });

  it('holds at most three CRS tax countries', () => {
    const country = { countryId: 'AE', tin: '123' };
    const three = { ...VALID_INPUT, crsInfo: { taxCountries: [country, country, country] } };
    expect(ZCustomerCreateInput.safeParse(three).success).toBe(true);
    const four = { ...VALID_INPUT, crsInfo: { taxCountries: [country, country, country, country] } };
    expect(errorsOf(ZCustomerCreateInput.safeParse(four))['crsInfo.taxCountries']).toBe(
      `At most ${CRS_MAX_COUNTRIES} tax countries can be added`,
    );
  });

  it('refuses special characters in the signature name', () => {
    const errors = errorsOf(
      ZCustomerCreateInput.safeParse({
        ...VALID_INPUT,
        signature: { sign: 'abcdefgh12.enc', name: 'Amina <Khan>', date: '01-02-2026', agree: true },
      }),
    );
    expect(errors['signature.name']).toBe('Name cannot contain special characters such as <');
  });
});

describe('customer record', () => {
  it('keeps every documentInfo entry with its file names, and verification results default to pending', () => {
    const documentInfo = Object.fromEntries(
      DOCUMENT_ENTRIES.map((entry) => [entry, { fileName: `${entry}.jpg`, originalFileName: 'x.jpg' }]),
    );
    const parsed = ZCustomerRecord.parse({ documentInfo, verificationStatus: {}, customerVerificationStatus: {} });
    expect(Object.keys(parsed.documentInfo ?? {})).toHaveLength(DOCUMENT_ENTRIES.length);
    expect(parsed.verificationStatus).toEqual({ liveness: 'pending', face: 'pending' });
    expect(parsed.customerVerificationStatus).toEqual({ nadra: 'pending', criminalRecord: 'pending' });
  });
});

describe('customer list query', () => {
  it('reads comma-separated and repeated filters', () => {
    const query = ZCustomerListQuery.parse({ kycStatus: 'pending,approved', hitType: ['pep', 'sanction'], riskLevel: 'high' });
    expect(query.kycStatus).toEqual(['pending', 'approved']);
    expect(query.hitType).toEqual(['pep', 'sanction']);
    expect(query.riskLevel).toEqual(['high']);
  });

  it('refuses an unknown filter value and a reversed date range', () => {
    expect(ZCustomerListQuery.safeParse({ hitType: 'gossip' }).success).toBe(false);
    const errors = errorsOf(ZCustomerListQuery.safeParse({ createdFrom: '2026-02-01', createdTo: '2026-01-01' }));
    expect(errors.createdTo).toBe('createdFrom must not be after createdTo');
  });
});
