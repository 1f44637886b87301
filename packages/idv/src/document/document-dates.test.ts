import { describe, expect, it } from 'vitest';
import { assessValidity, findPrintedDates, mrzDateToIso, parsePrintedDate } from './document-dates';

const NOW = new Date('2026-03-01T10:00:00Z');

describe('document dates', () => {
  it('puts MRZ birth dates in the past and expiry dates up to fifty years ahead', () => {
    expect(mrzDateToIso('740812', 'birth', NOW)).toBe('1974-08-12');
    expect(mrzDateToIso('200101', 'birth', NOW)).toBe('2020-01-01');
    expect(mrzDateToIso('300115', 'birth', NOW)).toBe('1930-01-15');
    expect(mrzDateToIso('340528', 'expiry', NOW)).toBe('2034-05-28');
    expect(mrzDateToIso('941101', 'expiry', NOW)).toBe('1994-11-01');
  });

  it('refuses impossible MRZ dates', () => {
    expect(mrzDateToIso('741332', 'birth', NOW)).toBeNull();
    expect(mrzDateToIso('7408<<', 'birth', NOW)).toBeNull();
  });

  it('reads the printed date styles of the supported documents, day first', () => {
    expect(parsePrintedDate('12.12.1982.')).toBe('1982-12-12');
    expect(parsePrintedDate('DOB 05/03/2017')).toBe('2017-03-05');
    expect(parsePrintedDate('25-SEP-1973')).toBe('1973-09-25');
    expect(parsePrintedDate('25 Sept 1973')).toBe('1973-09-25');
    expect(parsePrintedDate('1982-12-12')).toBe('1982-12-12');
    expect(parsePrintedDate('31.02.2020')).toBeNull();
  });

  it('lists dates in reading order', () => {
    expect(findPrintedDates('14.02.1991 issued 01.06.2019 expires 01.06.2029').map((date) => date.iso)).toEqual([
      '1991-02-14',
      '2019-06-01',
      '2029-06-01',
    ]);
  });

  it('counts a document valid through its expiry day and warns inside the window', () => {
    expect(assessValidity('2026-03-01', NOW, 30)).toBe('near_expiry');
    expect(assessValidity('2026-02-28', NOW, 30)).toBe('expired');
    expect(assessValidity('2026-03-30', NOW, 30)).toBe('near_expiry');
    expect(assessValidity('2026-04-01', NOW, 30)).toBe('valid');
    expect(assessValidity('2026-04-01', NOW, 60)).toBe('near_expiry');
    expect(assessValidity(null, NOW, 30)).toBe('unknown');
  });
});
