import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findBrpNumber, isBrpNumber } from './brp-number';
import { findCnicNumber, parseCnicNumber } from './cnic-number';
import { findEmiratesIdNumber, hasValidLuhn, parseEmiratesIdNumber } from './emirates-id-number';
import { expectedLicenceSurnamePart, findUkLicenceNumber, parseUkLicenceNumber } from './uk-licence-number';

describe('Pakistani CNIC numbers', () => {
  it('reads province and sex from a 5-7-1 number', () => {
    expect(parseCnicNumber('35202-1234567-1')).toEqual({
      formatted: '35202-1234567-1',
      digits: '3520212345671',
      province: 'Punjab',
      sex: 'M',
    });
    expect(parseCnicNumber('4220103976408')?.sex).toBe('F');
    expect(parseCnicNumber('4220103976408')?.province).toBe('Sindh');
  });

  it('refuses wrong lengths, groupings and province digits outside 1–7', () => {
    expect(parseCnicNumber('35202-1234567')).toBeNull();
    expect(parseCnicNumber('352021-234567-1')).toBeNull();
    expect(parseCnicNumber('0975345678053')).toBeNull();
    expect(parseCnicNumber('85202-1234567-1')).toBeNull();
  });

  it('finds the number in OCR text with spaces around the dashes', () => {
    expect(findCnicNumber('Identity Number\n61101 - 5551212 - 4  Date of Birth')?.formatted).toBe('61101-5551212-4');
  });
});

describe('Emirates ID numbers', () => {
  it('accepts 784 numbers whose Luhn digit holds, dashed or not', () => {
    expect(parseEmiratesIdNumber('784-1980-1234567-8')?.birthYear).toBe(1980);
    expect(parseEmiratesIdNumber('784198012345678')?.formatted).toBe('784-1980-1234567-8');
  });

  it('refuses a wrong Luhn digit, another country code or a short number', () => {
    expect(parseEmiratesIdNumber('784-1980-1234567-9')).toBeNull();
    expect(parseEmiratesIdNumber('785-1980-1234567-8')).toBeNull();
    expect(parseEmiratesIdNumber('784-2002-12345')).toBeNull();
  });

  it('implements Luhn', () => {
    expect(hasValidLuhn('79927398713')).toBe(true);
    expect(hasValidLuhn('79927398710')).toBe(false);
  });

  it('finds the number in OCR text', () => {
    expect(findEmiratesIdNumber('ID Number: 784 - 1980 - 1234567 - 8')?.formatted).toBe('784-1980-1234567-8');
  });
});

describe('UK driving licence numbers', () => {
  it('decodes surname, birth date, sex and initials from the DVLA structure', () => {
    expect(parseUkLicenceNumber('MORGA753116SM9IJ')).toEqual({
      number: 'MORGA753116SM9IJ',
      surnamePart: 'MORGA',
      birthYear: 76,
      birthMonth: 3,
      birthDay: 11,
      sex: 'F',
      initials: 'SM',
    });
    expect(parseUkLicenceNumber('SMITH712225J99AB')).toMatchObject({
      surnamePart: 'SMITH',
      birthYear: 75,
      birthMonth: 12,
      birthDay: 22,
      sex: 'M',
      initials: 'J',
    });
  });

  it('pads short surnames with 9 and refuses impossible dates', () => {
    expect(parseUkLicenceNumber('LI999802138AB9CD')).toMatchObject({ surnamePart: 'LI999', birthMonth: 2 });
    expect(parseUkLicenceNumber('MORGA713116SM9IJ')).toBeNull();
    expect(parseUkLicenceNumber('MO9GA753116SM9IJ')).toBeNull();
    expect(expectedLicenceSurnamePart('Li')).toBe('LI999');
    expect(expectedLicenceSurnamePart('MacDonald')).toBe('MCDON');
  });

  it('finds the number in OCR text and ignores a trailing issue number', () => {
    expect(findUkLicenceNumber('5. MORGA753116SM9IJ 35')?.number).toBe('MORGA753116SM9IJ');
    // An initial O read as the digit 0, a birth-date 0 read as the letter O: each place holds one class.
    expect(findUkLicenceNumber('5. MORGA91OO37091LM')?.number).toBe('MORGA910037O91LM');
  });
});

describe('BRP numbers', () => {
  it('are two letters and seven digits', () => {
    expect(isBrpNumber('ZU1234567')).toBe(true);
    expect(isBrpNumber('ZU123456')).toBe(false);
    expect(isBrpNumber('Z01234567')).toBe(false);
    expect(findBrpNumber('RESIDENCE PERMIT ZU1234567 UK')).toBe('ZU1234567');
  });
});

const FIXTURES = new URL('../../../../../shared/data/idv/mrz/id_number_fixtures.json', import.meta.url);

interface IdNumberFixtures {
  emirates_id_number: { valid: string[]; invalid: string[] };
  pakistan_cnic_number: { valid_stdnum: string[]; valid_idnumbers: string[]; invalid_idnumbers: string[] };
  uk_driving_licence_number: { example: string };
  uk_brp_number: { rule: string };
}

describe.runIf(existsSync(FIXTURES))('number checks on the shared vectors', () => {
  const fixtures = existsSync(FIXTURES) ? (JSON.parse(readFileSync(FIXTURES, 'utf8')) as IdNumberFixtures) : null;

  it('agrees with the Emirates ID vectors', () => {
    const valid = fixtures?.emirates_id_number.valid ?? [];
    const invalid = fixtures?.emirates_id_number.invalid ?? [];
    expect(valid.filter((number) => parseEmiratesIdNumber(number) === null)).toEqual([]);
    expect(invalid.filter((number) => parseEmiratesIdNumber(number) !== null)).toEqual([]);
  });

  it('agrees with the CNIC vectors under the province rule (first digit 1–7)', () => {
    const vectors = [...(fixtures?.pakistan_cnic_number.valid_stdnum ?? []), ...(fixtures?.pakistan_cnic_number.valid_idnumbers ?? [])].map(
      (entry) => entry.split(' ')[0] ?? '',
    );
    const disagreeing = vectors.filter((number) => (parseCnicNumber(number) !== null) !== /^[1-7]/.test(number));
    expect(disagreeing).toEqual([]);
    for (const entry of fixtures?.pakistan_cnic_number.invalid_idnumbers ?? [])
      expect(parseCnicNumber(entry.split(' ')[0] ?? '')).toBeNull();
  });

  it('decodes the DVLA specimen licence number', () => {
    const number = (fixtures?.uk_driving_licence_number.example ?? '').split(' ')[0] ?? '';
    expect(parseUkLicenceNumber(number)).toMatchObject({ birthYear: 76, birthMonth: 3, birthDay: 11, sex: 'F' });
  });
});
