import { beforeEach, describe, expect, it } from 'vitest';
import { DRAFT_STORAGE_KEY, clearDraft, loadDraft, newDraft, saveDraft, toSubmission, withSection } from './draft';

describe('the self-register draft', () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps one submission key for the life of a draft, across reloads', () => {
    const first = loadDraft();
    expect(first.submissionKey).toMatch(/^[0-9a-f-]{36}$/);
    saveDraft(withSection(first, 'basicInfo', { firstName: 'Amina' }));
    const again = loadDraft();
    expect(again.submissionKey).toBe(first.submissionKey);
    expect(again.record.basicInfo?.firstName).toBe('Amina');
    clearDraft();
    expect(loadDraft().submissionKey).not.toBe(first.submissionKey);
  });

  it('starts again when the stored draft cannot be read', () => {
    sessionStorage.setItem(DRAFT_STORAGE_KEY, '{not json');
    expect(loadDraft().record.basicInfo).toBeUndefined();
    sessionStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify({ record: {} }));
    expect(typeof loadDraft().submissionKey).toBe('string');
  });

  it('sends the whole record once: the key, the segment, the document sides, and no empty text', () => {
    let draft = newDraft(() => 'key-1');
    draft = withSection(draft, 'basicInfo', { firstName: 'Amina', middleName: '  ', lastName: 'Qureshi' });
    draft = withSection(draft, 'occupationInfo', { taxId: '' });
    draft = { ...draft, document: { ...draft.document, front: { fileName: 'abcdefgh12.enc', originalFileName: 'front.jpg' } } };
    const body = toSubmission(draft, 'segment-1');
    expect(body.submissionKey).toBe('key-1');
    expect(body.dataSegmentId).toBe('segment-1');
    expect(body.basicInfo).toEqual({ firstName: 'Amina', lastName: 'Qureshi' });
    expect(body.occupationInfo).toEqual({});
    expect(body.documentInfo?.identity).toEqual({ fileName: 'abcdefgh12.enc', originalFileName: 'front.jpg' });
    expect(body.pepDeclaration?.anyPublicPos).toBe(false);
    expect(body.accountInfo).toEqual({ products: [] });
  });
});
