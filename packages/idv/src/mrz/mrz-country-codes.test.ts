import { describe, expect, it } from 'vitest';
import { findNearbyStateCodes, isMrzStateCode } from './mrz-country-codes';

describe('MRZ state codes', () => {
  it('accepts ISO alpha-3 codes, Germany padded with fillers and the ICAO specials', () => {
    for (const code of ['JPN', 'GBR', 'D<<', 'GBN', 'UNO', 'XXA', 'EUE', 'UTO']) expect(isMrzStateCode(code)).toBe(true);
    for (const code of ['IPN', 'COU', 'QQQ', '<<<']) expect(isMrzStateCode(code)).toBe(false);
  });

  it('offers the valid codes one confusable letter away, and none for a valid code', () => {
    expect(findNearbyStateCodes('<PN')).toEqual(['JPN']);
    expect(findNearbyStateCodes('LTV')).toEqual(['LTU']);
    expect(findNearbyStateCodes('IPN').toSorted()).toEqual(['IRN', 'JPN']);
    expect(findNearbyStateCodes('JPN')).toEqual([]);
  });
});
