import { describe, expect, it } from 'vitest';
import { mapOcrResultToCustomerRecord, type CustomerRecordLookups } from './customer-record-mapper';
import { createEmptyFields, type OcrFields } from './ocr-fields';
import { SUMMARY_TEXT, type OcrResult } from './ocr-result';

const LOOKUPS: CustomerRecordLookups = {
  findGender: (gender) => ({ Male: { id: 'g-1', name: 'Male' }, Female: { id: 'g-2', name: 'Female' } })[gender],
  findNationality: (value) =>
    ({ PAK: { id: 'n-pk', name: 'Pakistan' }, Pakistan: { id: 'n-pk', name: 'Pakistan' }, GBR: { id: 'n-gb', name: 'United Kingdom' } })[
      value
    ],
};

function result(cardType: string, fields: Partial<OcrFields>): OcrResult {
  return {
    result: true,
    status_code: 200,
    message: 'Document read successfully',
    document_summary: {
      document_name: cardType,
      heading: SUMMARY_TEXT.documentDetected,
      image_quality: { score: 95, label: 'Good', message: 'Image quality is Good' },
      missing_text_fields: { fields: [], message: SUMMARY_TEXT.textClear },
      damaged: { isDamaged: false, message: SUMMARY_TEXT.notDamaged },
      validity: { status: 'valid', expiryDate: fields.doe ?? null, message: SUMMARY_TEXT.valid },
      portrait: { isFound: true, message: SUMMARY_TEXT.faceFound },
    },
    card_type: cardType,
    ocr: { ocr_results: { ...createEmptyFields(), ...fields } },
    face: { face_image: null },
  };
}

describe('mapping an OCR result onto the customer record', () => {
  it('fills basicInfo and identityInfo from a CNIC front, ids through the lookups', () => {
    const patch = mapOcrResultToCustomerRecord(
      result('PKR CNIC 1 FRONT', {
        name: 'Sana Tariq',
        father_name: 'Tariq Mehmood',
        dob: '1991-02-14',
        sex: 'F',
        gender: 'Female',
        nationality: 'Pakistan',
        id_number: '35201-4567891-2',
        doe: '2029-06-01',
      }),
      { lookups: LOOKUPS, ocrPictureFileName: 'f3a1.enc' },
    );
    expect(patch.basicInfo).toEqual({
      firstName: 'Sana Tariq',
      fatherName: 'Tariq Mehmood',
      dateOfBirth: '1991-02-14',
      gender: 'Female',
      genderId: 'g-2',
      nationality: 'Pakistan',
      nationalityId: 'n-pk',
    });
    expect(patch.identityInfo).toMatchObject({ cardType: 'PKR CNIC 1 FRONT', number: '35201-4567891-2', expiryDate: '2029-06-01' });
    expect(patch.identityInfo.documentSummary?.document_name).toBe('PKR CNIC 1 FRONT');
    expect(patch.identityInfo.documentSummaryBack).toBeUndefined();
    expect(patch.documentInfo).toEqual({ ocrPicture: { fileName: 'f3a1.enc' } });
  });

  it('puts a passport under identityInfo.passport and keeps the surname apart', () => {
    const patch = mapOcrResultToCustomerRecord(
      result('GBR PT 0 FRONT', {
        name: 'JANE ELIZABETH',
        surname: 'HOLLOWAY',
        sex: 'F',
        gender: 'Female',
        nationality: 'GBR',
        passport_no: '533401372',
        doe: '2030-01-15',
      }),
      { lookups: LOOKUPS },
    );
    expect(patch.basicInfo).toMatchObject({
      firstName: 'JANE ELIZABETH',
      lastName: 'HOLLOWAY',
      nationality: 'United Kingdom',
      nationalityId: 'n-gb',
    });
    expect(patch.identityInfo.passport).toMatchObject({ number: '533401372', expiryDate: '2030-01-15' });
    expect(patch.identityInfo.number).toBeUndefined();
    expect(patch.documentInfo).toEqual({});
  });

  it("files a back side's summary as documentSummaryBack", () => {
    const patch = mapOcrResultToCustomerRecord(result('GBR BRP 0 BACK', { permit_no: 'ZU1234567' }), { lookups: LOOKUPS });
    expect(patch.identityInfo.documentSummaryBack?.document_name).toBe('GBR BRP 0 BACK');
    expect(patch.identityInfo.number).toBe('ZU1234567');
  });

  it('leaves out what was not read and keeps unknown values without ids', () => {
    const patch = mapOcrResultToCustomerRecord(result('NON ID 0 BACK', { nationality: 'UTO' }), { lookups: LOOKUPS });
    expect(patch.basicInfo).toEqual({ nationality: 'UTO' });
  });
});
