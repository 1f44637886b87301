import { describe, expect, it } from 'vitest';
import type { TCustomerRecord } from '@sanad/contracts/customers';
import { NOT_RECORDED, ocrFields, otherFiles, summaryChecks, verifiedDocuments } from './document-verification';

const summary = {
  document_name: 'PAK CNIC',
  heading: 'Document detected',
  image_quality: { message: 'Image quality is Good', score: 94, label: 'Good' },
  missing_text_fields: { message: 'Text is clear', fields: [] },
  damaged: { message: 'The card is not damaged', isDamaged: false },
  validity: { message: 'Near to expiry', status: 'near_expiry', expiryDate: '2026-12-01' },
  portrait: { message: "Can't find face", isFound: false },
};

describe('document verification', () => {
  it("reads the reader's summary as checks, each with its tone", () => {
    expect(summaryChecks(summary)).toEqual([
      { label: 'Document', value: 'PAK CNIC', tone: 'none' },
      { label: 'Image quality', value: 'Good (94)', tone: 'good' },
      { label: 'Text fields', value: 'All read', tone: 'good' },
      { label: 'Damage', value: 'Not damaged', tone: 'good' },
      { label: 'Expiry', value: 'Near to expiry (2026-12-01)', tone: 'warn' },
      { label: 'Portrait', value: "Can't find face", tone: 'bad' },
    ]);
  });

  it("says 'Not recorded' where the record holds no reading, and invents nothing", () => {
    const record: TCustomerRecord = { basicInfo: { firstName: 'Sana' }, identityInfo: { number: '35202-1' } };
    expect(summaryChecks(undefined)).toEqual([{ label: 'Document reading', value: NOT_RECORDED, tone: 'none' }]);
    expect(verifiedDocuments(record).map((document) => document.key)).toEqual(['front', 'back']);
    expect(ocrFields(record)).toEqual([
      { label: 'Name', read: null, entered: 'Sana' },
      { label: 'Surname', read: null, entered: null },
      { label: 'Date of birth', read: null, entered: null },
      { label: 'ID number', read: null, entered: '35202-1' },
    ]);
  });

  it('shows the passport and the other files only when the record has them', () => {
    const record = {
      identityInfo: { passport: { number: 'AB1', documentSummary: summary } },
      documentInfo: { identity: { fileName: 'f.png', originalFileName: 'front.png' }, video: { fileName: 'v.webm' } },
    } as TCustomerRecord;
    const documents = verifiedDocuments(record);
    expect(documents.map((document) => [document.key, document.file])).toEqual([
      ['front', 'front.png'],
      ['back', null],
      ['passport', null],
    ]);
    expect(otherFiles(record)).toEqual([{ key: 'video', name: 'v.webm' }]);
  });
});
