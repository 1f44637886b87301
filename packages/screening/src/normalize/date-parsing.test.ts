import { describe, expect, it } from 'vitest';
import { parseBirthDate } from './date-parsing';

describe('birth date parsing', () => {
  it('reads ISO dates, day-first numeric dates and month names', () => {
    expect(parseBirthDate('1960-06-29')).toMatchObject({ quality: 'exact', from: { year: 1960, month: 6, day: 29 } });
    expect(parseBirthDate('29/06/1960')).toMatchObject({ quality: 'exact', from: { year: 1960, month: 6, day: 29 } });
    expect(parseBirthDate('06/29/1960')).toMatchObject({ from: { year: 1960, month: 6, day: 29 } });
    expect(parseBirthDate('29 Jun 1960')).toMatchObject({ quality: 'exact', from: { year: 1960, month: 6, day: 29 } });
    expect(parseBirthDate('June 1960')).toMatchObject({ quality: 'year', from: { year: 1960, month: 6 } });
  });

  it('reads a year alone, circa and a range', () => {
    expect(parseBirthDate('1965')).toMatchObject({ quality: 'year', from: { year: 1965 } });
    expect(parseBirthDate('circa 1958')).toMatchObject({ quality: 'approximate', from: { year: 1958 } });
    expect(parseBirthDate('1958-1962')).toMatchObject({ quality: 'range', from: { year: 1958 }, to: { year: 1962 } });
  });

  it('returns undefined for text that is not a date', () => {
    expect(parseBirthDate('')).toBeUndefined();
    expect(parseBirthDate('unknown')).toBeUndefined();
    expect(parseBirthDate('1960-13-01')).toBeUndefined();
  });
});
