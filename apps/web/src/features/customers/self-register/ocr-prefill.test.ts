import { describe, expect, it } from 'vitest';
import type { TOcrAnswer } from '@sanad/contracts/idv';
import { newDraft, withSection } from './draft';
import { applyReading, idTypeOfCard } from './ocr-prefill';

const summary = {
  document_name: 'PKR CNIC',
  heading: 'Document read',
  image_quality: { message: 'Good', score: 0.9, label: 'Good' as const },
  missing_text_fields: { message: '', fields: [] },
  damaged: { message: '', isDamaged: false },
  validity: { message: '', status: 'valid' as const, expiryDate: '2030-01-01' },
  portrait: { message: '', isFound: true },
};

function answer(overrides: Partial<TOcrAnswer['record']> = {}): TOcrAnswer {
  return {
    result: true,
    status_code: 200,
    message: 'Document read successfully',
    document_summary: summary,
    card_type: 'PKR CNIC 0 FRONT',
    ocr: { ocr_results: {} as TOcrAnswer['ocr']['ocr_results'] },
    face: { face_image: null },
    record: {
      basicInfo: { firstName: 'AMINA', lastName: 'QURESHI', dateOfBirth: '1986-03-14', nationalityId: 'PK' },
      identityInfo: { number: '35202-1234567-1', expiryDate: '2030-01-01', documentSummary: summary },
      documentInfo: { ocrPicture: { fileName: 'portrait12.enc' } },
      ...overrides,
    },
  };
}

describe('document reading prefill', () => {
  it('names the ID type from the card type', () => {
    expect(idTypeOfCard('GBR PT 0 FRONT')).toBe('passport');
    expect(idTypeOfCard('GBR DL')).toBe('lisence');
    expect(idTypeOfCard('PKR CNIC 0 FRONT')).toBe('id');
    expect(idTypeOfCard(null)).toBeNull();
  });

  it('fills names, date of birth, nationality and the ID from the front, and lists what it filled', () => {
    const draft = applyReading(
      newDraft(() => 'k'),
      answer(),
      'FRONT',
    );
    expect(draft.record.basicInfo).toMatchObject({
      firstName: 'AMINA',
      lastName: 'QURESHI',
      dateOfBirth: '1986-03-14',
      nationalityId: 'PK',
    });
    expect(draft.record.identityInfo).toMatchObject({
      type: 'id',
      cardType: 'PKR CNIC 0 FRONT',
      number: '35202-1234567-1',
      expiryDate: '2030-01-01',
    });
    expect(draft.record.identityInfo?.documentSummary).toEqual(summary);
    expect(draft.record.documentInfo?.ocrPicture).toEqual({ fileName: 'portrait12.enc' });
    expect(draft.document.prefilled).toContain('basicInfo.firstName');
    expect(draft.document.messages).toEqual(['Front: Document read successfully']);
  });

  it('keeps what staff typed when the reading found nothing for a field, and their chosen ID type', () => {
    let draft = withSection(
      newDraft(() => 'k'),
      'basicInfo',
      { firstName: 'Amina', fatherName: 'Tariq' },
    );
    draft = withSection(draft, 'identityInfo', { type: 'passport' });
    const read = applyReading(draft, answer({ basicInfo: { lastName: 'QURESHI', firstName: '' } }), 'BACK');
    expect(read.record.basicInfo).toEqual({ firstName: 'Amina', fatherName: 'Tariq', lastName: 'QURESHI' });
    expect(read.record.identityInfo?.type).toBe('passport');
    expect(read.record.identityInfo?.documentSummaryBack).toEqual(summary);
  });
});
