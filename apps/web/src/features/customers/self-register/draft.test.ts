import { beforeEach, describe, expect, it } from 'vitest';
import { DRAFT_STORAGE_KEY, clearDraft, loadDraft, newDraft, saveDraft, toSubmission, withSection } from './draft';
import { DRAFT_LIFETIME_MS } from './draft-storage';

describe('the self-register draft', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

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
    localStorage.setItem(DRAFT_STORAGE_KEY, '{not json');
    expect(loadDraft().record.basicInfo).toBeUndefined();
    localStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify({ savedAt: Date.now(), draft: { record: {} } }));
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

  it('keeps the record in progress in local storage under "customer", with the signature reference', () => {
    let draft = withSection(newDraft(), 'basicInfo', { firstName: 'Amina' });
    draft = withSection(draft, 'signature', { sign: 'abcdefgh12.enc', name: 'Amina', date: '27-11-2026', agree: true });
    saveDraft(draft);
    expect(DRAFT_STORAGE_KEY).toBe('customer');
    const stored = JSON.parse(localStorage.getItem('customer') ?? '{}') as { draft: typeof draft };
    expect(stored.draft.record.basicInfo?.firstName).toBe('Amina');
    expect(stored.draft.record.signature).toEqual({ sign: 'abcdefgh12.enc', name: 'Amina', date: '27-11-2026', agree: true });
    // A new tab (empty session storage) continues from local storage.
    sessionStorage.clear();
    expect(loadDraft().record.signature?.sign).toBe('abcdefgh12.enc');
  });

  it('keeps document and tax numbers in this tab only, never in local storage', () => {
    let draft = withSection(newDraft(), 'identityInfo', { type: 'id', number: '35202-1234567-1', passport: { number: 'AB123' } });
    draft = withSection(draft, 'occupationInfo', { taxId: 'TX-9', workTypeId: 'salaried' });
    draft = withSection(draft, 'crsInfo', { taxCountries: [{ country: 'Pakistan', tin: '123' }] });
    saveDraft(draft);
    const kept = localStorage.getItem('customer') ?? '';
    for (const secret of ['35202-1234567-1', 'AB123', 'TX-9', 'tin']) expect(kept).not.toContain(secret);
    expect(kept).toContain('salaried');
    const again = loadDraft();
    expect(again.record.identityInfo).toEqual({ type: 'id', number: '35202-1234567-1', passport: { number: 'AB123' } });
    expect(again.record.occupationInfo).toEqual({ taxId: 'TX-9', workTypeId: 'salaried' });
    sessionStorage.clear();
    const otherTab = loadDraft();
    expect(otherTab.record.identityInfo).toEqual({ type: 'id' });
    expect(otherTab.record.crsInfo).toBeUndefined();
  });

  it('drops a draft untouched for twelve hours, and keeps only the outcome once registered', () => {
    const draft = withSection(newDraft(), 'basicInfo', { firstName: 'Amina' });
    saveDraft(draft, DRAFT_STORAGE_KEY, undefined, 1_000);
    expect(loadDraft(DRAFT_STORAGE_KEY, undefined, 1_000 + DRAFT_LIFETIME_MS + 1).record.basicInfo).toBeUndefined();
    const result = { _id: 'c1', sanadId: 'SND-1', fullName: 'Amina Q', riskLevel: null, kycStatus: 'pending', hitCount: 0 };
    saveDraft({ ...draft, reached: 'finish', result });
    const finished = loadDraft();
    expect(finished.result).toEqual(result);
    expect(finished.record.basicInfo).toBeUndefined();
    expect(localStorage.getItem('customer')).not.toContain('Amina"');
  });
});
