import { describe, expect, it } from 'vitest';
import { parseEntityDate, toIsoDate } from './date-parser';

describe('parseEntityDate', () => {
  it.each([
    ['1965-05-13', { quality: 'exact', from: { year: 1965, month: 5, day: 13 } }],
    ['13 May 1965', { quality: 'exact', from: { year: 1965, month: 5, day: 13 } }],
    ['13-Feb-2026', { quality: 'exact', from: { year: 2026, month: 2, day: 13 } }],
    ['1965/05/13', { quality: 'exact', from: { year: 1965, month: 5, day: 13 } }],
    ['21.2.2002', { quality: 'exact', from: { year: 2002, month: 2, day: 21 } }],
    ['1960-01-01-05:00', { quality: 'exact', from: { year: 1960, month: 1, day: 1 } }],
    ['1965', { quality: 'year', from: { year: 1965 } }],
    ['Sep 1938', { quality: 'year', from: { year: 1938, month: 9 } }],
    ['circa 1951', { quality: 'approximate', from: { year: 1951 } }],
    ['approximately 07 Jul 1966', { quality: 'approximate', from: { year: 1966, month: 7, day: 7 } }],
    ['1951 to 1953', { quality: 'range', from: { year: 1951 }, to: { year: 1953 } }],
    ['01 Jan 1961 to 31 Dec 1962', { quality: 'range', from: { year: 1961, month: 1, day: 1 }, to: { year: 1962, month: 12, day: 31 } }],
    ['circa 1979-1982', { quality: 'range', from: { year: 1979 }, to: { year: 1982 } }],
    ['between 1960 and 1962', { quality: 'range', from: { year: 1960 }, to: { year: 1962 } }],
  ])('reads %s', (text, expected) => {
    expect(parseEntityDate(text)).toEqual({ ...expected, text });
  });

  it('reads an unknown day and month written 00 as a year-only date, as UK files do', () => {
    expect(parseEntityDate('00/00/1980')).toMatchObject({ quality: 'year', from: { year: 1980 } });
    expect(parseEntityDate('00/08/1979')).toMatchObject({ quality: 'year', from: { year: 1979, month: 8 } });
  });

  it('reads slashed dates day first unless told the file is American', () => {
    expect(parseEntityDate('06/07/2003')?.from).toEqual({ year: 2003, month: 7, day: 6 });
    expect(parseEntityDate('06/07/2003', 'mdy')?.from).toEqual({ year: 2003, month: 6, day: 7 });
  });

  it('refuses what is not a calendar date', () => {
    for (const text of ['31 Feb 1970', '30-35 years old', '24/06/1402 (Hijri Calendar)', '1962 to 1960', '', 'unknown']) {
      expect(parseEntityDate(text)).toBeUndefined();
    }
  });

  it('formats listing dates as ISO text', () => {
    expect(toIsoDate('29/11/2014')).toBe('2014-11-29');
    expect(toIsoDate('2021-07')).toBe('2021-07');
    expect(toIsoDate('someday')).toBeUndefined();
  });
});
