import { describe, expect, it } from 'vitest';
import type { RecognizedLine } from '../ocr/tesseract-engine';
import { readPrintedFields } from './printed-fields';

/** Builds OCR lines from rows of [text, x] words at a given y, 20 px tall, 12 px per character. */
function lines(rows: Array<[number, Array<[string, number]>]>): RecognizedLine[] {
  return rows.map(([y, words]) => {
    const recognized = words.flatMap(([text, x]) => {
      let cursor = x;
      return text.split(' ').map((word) => {
        const entry = { text: word, confidence: 90, box: { x: cursor, y, width: word.length * 12, height: 20 } };
        cursor += (word.length + 1) * 12;
        return entry;
      });
    });
    const left = Math.min(...recognized.map((word) => word.box.x));
    const right = Math.max(...recognized.map((word) => word.box.x + word.box.width));
    return {
      text: words.map(([text]) => text).join('   '),
      confidence: 90,
      box: { x: left, y, width: right - left, height: 20 },
      words: recognized,
      symbols: [],
    };
  });
}

describe('printed field reading', () => {
  it("takes a CNIC holder's sex from the number's last digit when the one-letter Gender value was not read", () => {
    const cnic = lines([
      [100, [['Name', 40]]],
      [130, [['Sana Tariq', 40]]],
      [260, [['Gender', 40]]],
      [340, [['Identity Number', 40]]],
      [370, [['35201-4567891-2', 40]]],
    ]);
    expect(readPrintedFields('PKR CNIC', cnic).sex).toBe('F');
  });

  it('reads a CNIC front whose values sit under their labels, two columns per row', () => {
    const cnic = lines([
      [20, [['ISLAMIC REPUBLIC OF PAKISTAN', 40]]],
      [100, [['Name', 40]]],
      [130, [['Bilal Ahmed Khan', 40]]],
      [180, [['Father Name', 40]]],
      [210, [['Ahmed Raza Khan', 40]]],
      [
        260,
        [
          ['Gender', 40],
          ['Country of Stay', 300],
        ],
      ],
      [
        290,
        [
          ['M', 40],
          ['Pakistan', 300],
        ],
      ],
      [
        340,
        [
          ['Identity Number', 40],
          ['Date of Birth', 420],
        ],
      ],
      [
        370,
        [
          ['61101-5551212-3', 40],
          ['09.11.1988', 420],
        ],
      ],
      [
        420,
        [
          ['Date of Issue', 40],
          ['Date of Expiry', 300],
        ],
      ],
      [
        450,
        [
          ['15.04.2018', 40],
          ['15.04.2028', 300],
        ],
      ],
    ]);
    expect(readPrintedFields('PKR CNIC', cnic)).toEqual({
      name: 'Bilal Ahmed Khan',
      father_name: 'Ahmed Raza Khan',
      sex: 'M',
      country_of_stay: 'Pakistan',
      id_number: '61101-5551212-3',
      dob: '1988-11-09',
      issueDate: '2018-04-15',
      doe: '2028-04-15',
    });
  });

  it('falls back to patterns when CNIC labels were not read', () => {
    const cnic = lines([
      [100, [['61101-5551212-3 09.11.1988', 40]]],
      [140, [['15.04.2018 15.04.2028', 40]]],
    ]);
    expect(readPrintedFields('PKR CNIC', cnic)).toMatchObject({ id_number: '61101-5551212-3', dob: '1988-11-09', doe: '2028-04-15' });
  });

  it('reads an Emirates ID front whose values follow their labels', () => {
    const eid = lines([
      [40, [['UNITED ARAB EMIRATES', 300]]],
      [120, [['ID Number: 784-1980-1234567-8', 300]]],
      [180, [['Name: Omar Khalid Al Mansoori', 300]]],
      [240, [['Nationality: Jordan', 300]]],
    ]);
    expect(readPrintedFields('ARE ID', eid)).toEqual({
      id_number: '784-1980-1234567-8',
      name: 'Omar Khalid Al Mansoori',
      nationality: 'Jordan',
    });
  });

  it('reads the numbered fields of a UK licence, sex from the number', () => {
    const licence = lines([
      [40, [['DRIVING LICENCE', 300]]],
      [100, [['1. MORGAN', 300]]],
      [140, [['2. SARAH MEREDITH', 300]]],
      [180, [['3. 11.03.1976 UNITED KINGDOM', 300]]],
      [220, [['| 4a. 19.01.2019', 280]]],
      [260, [['4b. 18.01.2029', 300]]],
      [340, [['5. MORGA753116SM9IJ', 300]]],
    ]);
    expect(readPrintedFields('GBR DL', licence)).toEqual({
      surname: 'MORGAN',
      name: 'SARAH MEREDITH',
      dob: '1976-03-11',
      issueDate: '2019-01-19',
      doe: '2029-01-18',
      license_no: 'MORGA753116SM9IJ',
      sex: 'F',
    });
  });

  it('reads passport data page labels for comparison with the MRZ', () => {
    const page = lines([
      [100, [['Surname', 450]]],
      [130, [['HOLLOWAY', 450]]],
      [200, [['Given names', 450]]],
      [230, [['JANE ELIZABETH', 450]]],
      [300, [['Passport No.', 450]]],
      [330, [['533401372', 450]]],
    ]);
    expect(readPrintedFields('GBR PT', page)).toEqual({ surname: 'HOLLOWAY', name: 'JANE ELIZABETH', passport_no: '533401372' });
  });
});
