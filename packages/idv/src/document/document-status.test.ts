import { describe, expect, it } from 'vitest';
import { resolveOcrStatus, type DocumentFindings } from './document-status';
import { FALLBACK_OCR_MESSAGE, getOcrStatusMessage } from './ocr-status';

function findings(overrides: Partial<DocumentFindings> = {}): DocumentFindings {
  return {
    hasDocument: true,
    hasBlurredContent: false,
    isTooSmall: false,
    isCutOff: false,
    documentCount: 1,
    cardType: { status: null, reason: null },
    sharpness: 90,
    qualityScore: 92,
    isDamaged: false,
    mrz: 'valid',
    isPrintedTextReadable: true,
    isPortraitExpected: true,
    isPortraitFound: true,
    validity: 'valid',
    ...overrides,
  };
}

describe('OCR status resolution', () => {
  it('answers 200 for a clean read', () => {
    expect(resolveOcrStatus(findings()).code).toBe(200);
  });

  it.each([
    [{ hasDocument: false }, 1002],
    [{ hasDocument: false, hasBlurredContent: true }, 1004],
    [{ isTooSmall: true }, 1007],
    [{ isCutOff: true }, 1006],
    [{ documentCount: 2 }, 1001],
    [{ cardType: { status: 1003, reason: 'back side found' } }, 1003],
    [{ cardType: { status: 1005, reason: 'not accepted' } }, 1005],
    [{ sharpness: 20 }, 1004],
    [{ isDamaged: true }, 1100],
    [{ mrz: 'unreadable' }, 3001],
    [{ mrz: 'none', isPrintedTextReadable: false }, 3003],
    [{ mrz: 'none', isPrintedTextReadable: false, qualityScore: 40 }, 1008],
    [{ mrz: 'invalid' }, 1008],
    [{ isPortraitFound: false }, 2001],
    [{ validity: 'expired' }, 1],
  ] as Array<[Partial<DocumentFindings>, number]>)('maps %j to %i', (override, code) => {
    expect(resolveOcrStatus(findings(override)).code).toBe(code);
  });

  it('reports the picture before the document: blur wins over an expired date', () => {
    expect(resolveOcrStatus(findings({ sharpness: 10, validity: 'expired' })).code).toBe(1004);
  });

  it('does not ask for a face on a side without one', () => {
    expect(resolveOcrStatus(findings({ isPortraitExpected: false, isPortraitFound: false })).code).toBe(200);
  });

  it('explains the code it chose', () => {
    expect(resolveOcrStatus(findings({ validity: 'expired' })).reasons[0]).toBe('the expiry date has passed');
  });
});

describe('OCR status messages', () => {
  it('gives every spec code a message and anything else the fallback', () => {
    for (const code of [1, 900, 1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1100, 2001, 3001, 3003]) {
      expect(getOcrStatusMessage(code)).not.toBe(FALLBACK_OCR_MESSAGE);
    }
    expect(getOcrStatusMessage(1000)).toBe(getOcrStatusMessage(1005));
    expect(getOcrStatusMessage(1002)).toBe(getOcrStatusMessage(1007));
    expect(getOcrStatusMessage(3001)).toBe(getOcrStatusMessage(3003));
    expect(getOcrStatusMessage(4242)).toBe('Something went wrong. Please try again');
  });
});
