import { describe, expect, it } from 'vitest';
import { changedPaths, columnsOf, idNumberKey, normaliseName, readableRecord } from './customer-facts';

describe('customer facts', () => {
  it('normalises names the way duplicates compare them', () => {
    expect(normaliseName("  José   O'Neil ")).toBe('jose o neil');
    expect(normaliseName('MUHAMMAD-ALI')).toBe('muhammad ali');
    expect(normaliseName('محمد علی')).toBe('محمد علی');
    expect(normaliseName('Anna')).not.toBe(normaliseName('Anne'));
  });

  it('reduces an ID number to its letters and digits', () => {
    expect(idNumberKey('35202-1234567-1')).toBe('3520212345671');
    expect(idNumberKey(' ab 12 cd ')).toBe('AB12CD');
    expect(idNumberKey(' - ')).toBeNull();
    expect(idNumberKey(undefined)).toBeNull();
  });

  it('reads the searchable columns from the record', () => {
    const columns = columnsOf({
      basicInfo: { firstName: 'Amina', middleName: ' ', lastName: 'Khan', dateOfBirth: '1990-04-12', nationalityId: 'PK' },
      identityInfo: { type: 'passport', passport: { number: 'ab 123456' } },
      contactInfo: { email: 'Amina@Example.com', phoneNumber: '' },
      accountInfo: { products: ['savings', 'savings', 'loan'] },
    });
    expect(columns).toMatchObject({
      fullName: 'Amina Khan',
      fullNameNormalised: 'amina khan',
      dateOfBirth: '1990-04-12',
      nationalityId: 'PK',
      countryOfResidenceId: null,
      idType: 'passport',
      idNumber: 'ab 123456',
      idNumberKey: 'AB123456',
      email: 'amina@example.com',
      phoneNumber: null,
      products: ['savings', 'loan'],
    });
  });

  it('lists the dotted paths that changed between two versions', () => {
    const before = { basicInfo: { firstName: 'Amina', lastName: 'Khan' }, accountInfo: { products: ['savings'] } };
    const after = {
      basicInfo: { firstName: 'Amina', lastName: 'Qureshi' },
      accountInfo: { products: ['savings', 'loan'] },
      crsInfo: { taxCountries: [] },
    };
    expect(changedPaths(before, after)).toEqual(['accountInfo.products', 'basicInfo.lastName', 'crsInfo.taxCountries']);
    expect(changedPaths(before, structuredClone(before))).toEqual([]);
  });

  it("answers an older record without the values today's schema refuses, keeping the rest", () => {
    const stored = {
      basicInfo: { firstName: 'Ayesha', dateOfBirth: '12/04/1990' },
      pepDeclaration: { anyPublicPos: 'no', conviction: false },
      accountInfo: { products: ['savings', 42] },
      verificationStatus: { liveness: 'passed', face: 'matched' },
      somethingElse: { kept: false },
    };
    expect(readableRecord(stored)).toEqual({
      basicInfo: { firstName: 'Ayesha' },
      pepDeclaration: { conviction: false },
      accountInfo: {},
      verificationStatus: { liveness: 'passed', face: 'matched' },
    });
    expect(stored.pepDeclaration.anyPublicPos).toBe('no');
    expect(readableRecord(null)).toEqual({});
  });
});
