import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BulkFileError, inputFromRow, rowSubmissionKey, sheetFromCsv } from './bulk-rows';

const HEADER = 'firstName,lastName,dateOfBirth,nationalityId,countryOfResidenceId,idType,idNumber,email,phoneNumber';
const GOOD = 'Amina,Rahman,1988-04-12,PK,PK,id,35202-1234567-1,amina@example.com,+923001234567';

describe('reading a customers sheet', () => {
  it('numbers rows by their line, skips empty ones, matches headers without regard to case and takes off a formula guard', () => {
    const sheet =
      sheetFromCsv(` FIRSTNAME ,lastName,dateOfBirth,nationalityId,countryOfResidenceId,idType,idNumber,email,phoneNumber,isdCode
${GOOD},'+92
,,,,,,,,,

${GOOD.replace('Amina', 'Bilal')},`);
    expect(sheet.headers[0]).toBe('FIRSTNAME');
    expect(sheet.rows.map((row) => row.rowNumber)).toEqual([2, 5]);
    expect(sheet.rows[0]?.cells).toMatchObject({ FIRSTNAME: 'Amina', isdCode: '+92' });
  });

  it('refuses a file with an unknown or a missing required column, or without rows', () => {
    expect(() => sheetFromCsv(`${HEADER},colour\n${GOOD},red`)).toThrow(
      new BulkFileError('Unknown column: colour. Use the columns of the template'),
    );
    expect(() => sheetFromCsv('firstName,lastName\nA,B')).toThrow(/^Missing columns: dateOfBirth, nationalityId/);
    expect(() => sheetFromCsv(HEADER)).toThrow('The file has no customer rows under its header');
    expect(() => sheetFromCsv('')).toThrow(BulkFileError);
  });
});

describe('a row as the registration input', () => {
  const key = rowSubmissionKey('7d0c6f0e-0000-4000-8000-000000000001', 2);

  it('fills the record sections, splits lists and reads flags', () => {
    const [row] = sheetFromCsv(`${HEADER},products,isFaceToFace,pepRelative\n${GOOD},savings; current ,Yes,0`).rows;
    const mapped = row ? inputFromRow(row, 'segment-1', key) : null;
    expect(mapped).toMatchObject({
      input: {
        submissionKey: key,
        dataSegmentId: 'segment-1',
        basicInfo: { firstName: 'Amina', lastName: 'Rahman', dateOfBirth: '1988-04-12', nationalityId: 'PK' },
        identityInfo: { type: 'id', number: '35202-1234567-1' },
        contactInfo: { email: 'amina@example.com', phoneNumber: '+923001234567' },
        accountInfo: { products: ['savings', 'current'], isf2f: true },
        pepDeclaration: { relativeTwelveMonths: false },
      },
    });
  });

  it('gives every reason of a refused row in the words of its columns', () => {
    const [row] = sheetFromCsv(`${HEADER},isFaceToFace\nAmina,,1988-04-12,PK,PK,licence,1,not-an-email,+923001234567,perhaps`).rows;
    const mapped = row ? inputFromRow(row, 'segment-1', key) : null;
    expect(mapped).toEqual({
      reason:
        'isFaceToFace: answer yes or no; lastName: Last name is required; idType: Choose an ID type: passport, driving licence or national ID card; email: Enter a valid email address',
    });
  });

  it('keys a row by its upload and line: the same row always, another row never, a valid UUID', () => {
    expect(rowSubmissionKey('u', 2)).toBe(rowSubmissionKey('u', 2));
    expect(rowSubmissionKey('u', 3)).not.toBe(rowSubmissionKey('u', 2));
    expect(rowSubmissionKey('v', 2)).not.toBe(rowSubmissionKey('u', 2));
    expect(z.uuid().safeParse(key).success).toBe(true);
  });
});
