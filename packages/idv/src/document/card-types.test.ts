import { describe, expect, it } from 'vitest';
import { CARD_TYPE_GROUPS, CARD_TYPES, findCardType, getCardFamily, getOtherSide, isCardTypeAllowedBy } from './card-types';

describe('card type catalogue', () => {
  it("holds the spec's example strings", () => {
    for (const code of ['PKR CNIC 1 FRONT', 'PKR NICOP 0 BACK', 'GBR PT 0 FRONT', 'NON PT 0 FRONT'])
      expect(findCardType(code)?.code).toBe(code);
  });

  it('writes every code as country, document, variant and side', () => {
    for (const definition of CARD_TYPES) expect(definition.code).toMatch(/^[A-Z]{3} [A-Z]+ \d (FRONT|BACK)$/);
  });

  it('lets a family name such as GBR BRP allow all its sides', () => {
    expect(isCardTypeAllowedBy('GBR BRP 0 BACK', 'GBR BRP')).toBe(true);
    expect(isCardTypeAllowedBy('GBR BRP 0 BACK', 'gbr  brp')).toBe(true);
    expect(isCardTypeAllowedBy('GBR BRP 0 BACK', 'GBR BRP 0 FRONT')).toBe(false);
    expect(isCardTypeAllowedBy('GBR PT 0 FRONT', 'GBR P')).toBe(false);
  });

  it('resolves every group entry to catalogue types', () => {
    const entries = Object.values(CARD_TYPE_GROUPS).flatMap((groups) => Object.values(groups).flat());
    expect(entries.filter((entry) => !CARD_TYPES.some((definition) => isCardTypeAllowedBy(definition.code, entry)))).toEqual([]);
    expect(Object.keys(CARD_TYPE_GROUPS.PK ?? {})).toEqual(['default', 'URDU', 'SMART', 'nicopOld', 'nicopNew']);
    expect(Object.keys(CARD_TYPE_GROUPS.UK ?? {})).toEqual([
      'default',
      'passport',
      'passportMRZ',
      'brp',
      'license',
      'qrp',
      'uae resident cards',
    ]);
  });

  it('names the family and the other side', () => {
    expect(getCardFamily('PKR CNIC 1 FRONT')).toBe('PKR CNIC');
    expect(getOtherSide('PKR CNIC 1 FRONT')).toBe('PKR CNIC 1 BACK');
    expect(getOtherSide('GBR PT 0 FRONT')).toBeUndefined();
  });
});
