import { describe, expect, it } from 'vitest';
import { factsFromCustomerRecord, type CustomerRecord } from './facts-from-record';
import { createDefaultRiskConfig } from './defaults/default-risk-config';
import { rateCustomer } from './rate-customer';
import { compileRiskModel } from './risk-model-compiler';

/** A record in the spec's shape, as a registration form stores it. */
function buildIndividualRecord(change: (record: CustomerRecord) => void = () => {}): CustomerRecord {
  const record: CustomerRecord = {
    type: 'customer',
    verificationStatus: { liveness: 'passed', face: 'matched' },
    basicInfo: {
      genderId: 'female',
      nationalityId: 'PK',
      countryOfResidenceId: 'AE',
      companyRelationship: '',
      hasOtherNationalities: true,
      otherNationalities: [{ nationalityId: 'GB' }],
    },
    identityInfo: { expiryDate: '2030-01-31', isLifetimeExpiry: false, passport: { expiryDate: null } },
    occupationInfo: { workTypeId: 'salaried-private', industryId: 'information-technology' },
    pepDeclaration: {
      anyPublicPos: 'no',
      posLastTwoMonths: false,
      everPublicPosition: false,
      diplomaticImmunity: false,
      relativeTwelveMonths: false,
      closeAssociateTwelveMonths: false,
      conviction: false,
      other: false,
    },
    contactInfo: { stateId: 'PK-SD' },
    accountInfo: { products: ['savings-account', { productId: 'mutual-fund' }], isf2f: false, isStr: 'false' },
    additionalInfo: { investment: '2,500,000' },
    customInfo: { employerName: 'Acme', isCashBusiness: true, nested: { ignored: true } },
  };
  change(record);
  return record;
}

describe('facts from a customer record', () => {
  it("reads an individual's record field by field", () => {
    expect(factsFromCustomerRecord(buildIndividualRecord())).toEqual({
      subjectType: 'individual',
      nationalities: ['PK', 'GB'],
      countryOfResidence: 'AE',
      state: 'PK-SD',
      workType: 'salaried-private',
      industry: 'information-technology',
      products: ['savings-account', 'mutual-fund'],
      investment: 2_500_000,
      isFaceToFace: false,
      gender: 'female',
      hasSarHistory: false,
      pepAnswers: {
        anyPublicPos: false,
        posLastTwoMonths: false,
        everPublicPosition: false,
        diplomaticImmunity: false,
        relativeTwelveMonths: false,
        closeAssociateTwelveMonths: false,
        conviction: false,
        other: false,
      },
      faceMatch: 'matched',
      liveness: 'passed',
      custom: { employerName: 'Acme', isCashBusiness: true },
    });
  });

  it('reads a multi-select custom answer as its list of options, and customInfo before dynamicInputValues', () => {
    const facts = factsFromCustomerRecord({
      customInfo: { sourceOfFunds: [' salary ', 'crypto', ''], nothingChosen: [], proof: 'AbCdEfGh12.enc' },
      dynamicInputValues: { sourceOfFunds: ['Salary'], 'Proof of address': { kind: 'file', fileName: 'AbCdEfGh12.enc' } },
    });
    expect(facts.custom).toEqual({ sourceOfFunds: ['salary', 'crypto'], proof: 'AbCdEfGh12.enc' });
  });

  it('leaves other nationalities out when the record says there are none', () => {
    const facts = factsFromCustomerRecord(buildIndividualRecord((record) => void (record.basicInfo!.hasOtherNationalities = false)));
    expect(facts.nationalities).toEqual(['PK']);
  });

  it('leaves a fact out, rather than setting it empty, when the record lacks it', () => {
    const facts = factsFromCustomerRecord({ basicInfo: { nationalityId: '  ' }, accountInfo: { products: [] } });
    expect(facts).toEqual({ subjectType: 'individual' });
    expect(Object.keys(facts)).toEqual(['subjectType']);
  });

  it('reads a company record with its registry flags and legal form', () => {
    const facts = factsFromCustomerRecord(
      {
        type: 'company',
        hasInsolvencyHistory: true,
        accountsOverdue: 'no',
        basicInfo: { countryOfResidenceId: 'GB', companyType: 'private-limited' },
        occupationInfo: { industryId: 'construction' },
      },
      { countryOfIncorporation: 'VG' },
    );
    expect(facts).toMatchObject({
      subjectType: 'company',
      countryOfResidence: 'GB',
      countryOfIncorporation: 'VG',
      entityType: 'private-limited',
      industry: 'construction',
      registryFlags: { hasInsolvencyHistory: true, accountsOverdue: false },
    });
  });

  it('marks an expired identity document and one expiring within 90 days', () => {
    const expired = factsFromCustomerRecord(
      buildIndividualRecord((record) => void (record.identityInfo!.expiryDate = '01-02-2025')),
      { now: '2025-03-15T00:00:00Z' },
    );
    const nearing = factsFromCustomerRecord(
      buildIndividualRecord((record) => void (record.identityInfo!.expiryDate = '2025-05-01')),
      { now: '2025-03-15T00:00:00Z' },
    );
    const later = factsFromCustomerRecord(buildIndividualRecord(), { now: '2025-03-15T00:00:00Z' });
    const lifetime = factsFromCustomerRecord(
      buildIndividualRecord((record) => {
        record.identityInfo = { expiryDate: '2000-01-01', isLifetimeExpiry: true };
      }),
      { now: '2025-03-15T00:00:00Z' },
    );
    expect([expired.documentStatus, nearing.documentStatus, later.documentStatus, lifetime.documentStatus]).toEqual([
      'expired',
      'nearing-expiry',
      undefined,
      undefined,
    ]);
  });

  it('prefers the document status from verification over the expiry date', () => {
    const facts = factsFromCustomerRecord(buildIndividualRecord(), { now: '2035-01-01T00:00:00Z', documentStatus: 'mismatched' });
    expect(facts.documentStatus).toBe('mismatched');
  });

  it('reads face and liveness outcomes in the spellings stored records use, and leaves pending ones out', () => {
    const failed = factsFromCustomerRecord({ verificationStatus: { face: 'notmatched', liveness: false } });
    const pending = factsFromCustomerRecord({ verificationStatus: { face: 'pending', liveness: 'processing' } });
    expect([failed.faceMatch, failed.liveness]).toEqual(['not-matched', 'failed']);
    expect([pending.faceMatch, pending.liveness]).toEqual([undefined, undefined]);
  });

  it('takes screening hits, adverse media, purpose and assets from the context', () => {
    const facts = factsFromCustomerRecord(
      {},
      {
        screeningHits: [{ hitType: 'pep', score: 88 }],
        adverseMedia: 'none',
        purposeOfAction: 'savings',
        assetsUnderManagement: '7000000',
      },
    );
    expect(facts).toMatchObject({
      screeningHits: [{ hitType: 'pep', score: 88 }],
      adverseMedia: 'none',
      purposeOfAction: 'savings',
      assetsUnderManagement: 7_000_000,
    });
  });

  it('rates a record whose PEP declaration says yes as high with the default model', () => {
    const record = buildIndividualRecord((draft) => void (draft.pepDeclaration!.anyPublicPos = 'yes'));
    const rating = rateCustomer(compileRiskModel(createDefaultRiskConfig()), factsFromCustomerRecord(record), {
      now: '2025-03-15T00:00:00Z',
    });
    expect(rating.level).toBe('high');
    expect(rating.overrideTable.map((row) => row.riskFactorOverride)).toContain('PEP declaration: Holds a prominent public position');
  });
});
