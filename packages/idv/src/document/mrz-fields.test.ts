import { describe, expect, it } from 'vitest';
import { parseMrz, type MrzParseResult } from '../mrz/mrz-parser';
import { fieldsFromMrz } from './mrz-fields';
import { compareMrzWithPrinted } from './mrz-printed-comparison';

const NOW = new Date('2026-03-01T00:00:00Z');

function mrz(lines: string[]): MrzParseResult {
  const parsed = parseMrz(lines);
  if (!parsed) throw new Error('fixture does not parse');
  return parsed;
}

describe('fields from an MRZ', () => {
  it('fills the passport number and ISO dates for a passport', () => {
    const fields = fieldsFromMrz(
      mrz(['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10']),
      'NON PT 0 FRONT',
      NOW,
    );
    expect(fields).toMatchObject({
      name: 'ANNA MARIA',
      surname: 'ERIKSSON',
      dob: '1974-08-12',
      sex: 'F',
      gender: 'Female',
      nationality: 'UTO',
      passport_no: 'L898902C3',
      doe: '2012-04-15',
      expiry: '2012-04-15',
      id_number: null,
    });
  });

  it('files a residence permit number as permit_no', () => {
    const fields = fieldsFromMrz(
      mrz(['IRGBRZU12345673<<<<<<<<<<<<<<<', '6608198F0808088COU<<<<<<<<<<<6', 'SAMPLE<<SUSANNA<<<<<<<<<<<<<<<']),
      'GBR BRP 0 BACK',
      NOW,
    );
    expect(fields).toMatchObject({ permit_no: 'ZU1234567', passport_no: null });
  });
});

describe('MRZ against printed fields', () => {
  it('matches names on letters, allowing an MRZ truncation, and numbers without dashes', () => {
    const comparison = compareMrzWithPrinted(
      {
        name: 'CHRISTELLE HELENE LAUR',
        surname: 'MARTIN',
        dob: '1979-06-12',
        sex: null,
        gender: null,
        nationality: null,
        country_of_stay: null,
        id_number: '784198012345678',
        passport_no: null,
        license_no: null,
        permit_no: null,
        doe: null,
        expiry: null,
        father_name: null,
      },
      { name: 'Christelle Hélène Laurence', surname: 'MARTIN', dob: '1979-06-21', id_number: '784-1980-1234567-8' },
    );
    expect(comparison).toEqual([
      { field: 'surname', mrz: 'MARTIN', printed: 'MARTIN', isMatch: true },
      { field: 'name', mrz: 'CHRISTELLE HELENE LAUR', printed: 'Christelle Hélène Laurence', isMatch: true },
      { field: 'dob', mrz: '1979-06-12', printed: '1979-06-21', isMatch: false },
      { field: 'id_number', mrz: '784198012345678', printed: '784-1980-1234567-8', isMatch: true },
    ]);
  });
});
