import { describe, expect, it } from 'vitest';
import { computeCheckDigit, getMrzCharValue, isCheckDigitValid } from './check-digit';

describe('ICAO check digits', () => {
  it('computes the digits of the ICAO 9303 specimen passport', () => {
    expect(computeCheckDigit('L898902C3')).toBe(6);
    expect(computeCheckDigit('740812')).toBe(2);
    expect(computeCheckDigit('120415')).toBe(9);
    expect(computeCheckDigit('ZE184226B<<<<<')).toBe(1);
  });

  it('values digits as themselves, letters from 10 and the filler as 0', () => {
    expect(getMrzCharValue('7')).toBe(7);
    expect(getMrzCharValue('A')).toBe(10);
    expect(getMrzCharValue('Z')).toBe(35);
    expect(getMrzCharValue('<')).toBe(0);
    expect(getMrzCharValue('a')).toBeNull();
  });

  it('refuses text outside the MRZ alphabet', () => {
    expect(computeCheckDigit('AB-12')).toBeNull();
    expect(isCheckDigitValid('AB-12', '0')).toBe(false);
  });

  it('accepts a filler check digit only for an empty field', () => {
    expect(isCheckDigitValid('<<<<<<<<<<<<<<', '<')).toBe(true);
    expect(isCheckDigitValid('<<<<<<<<<<<<<<', '0')).toBe(true);
    expect(isCheckDigitValid('ZE184226B<<<<<', '<')).toBe(false);
  });

  it('rejects a wrong digit', () => {
    expect(isCheckDigitValid('L898902C3', '7')).toBe(false);
    expect(isCheckDigitValid('L898902C3', '6')).toBe(true);
  });
});
