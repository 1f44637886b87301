import { DAY_RANGE_MESSAGES } from '@sanad/contracts/day-range';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { assertDayRange, eachDay, localDayEnd, localDayStart, resolveDayRange } from './day-range';

const NOW = new Date('2026-03-10T22:30:00Z');

/** The field errors a refused range answers with. */
function refusalOf(check: () => unknown): AppError['fieldErrors'] {
  try {
    check();
  } catch (error) {
    if (error instanceof AppError) return error.fieldErrors;
    throw error;
  }
  throw new Error('the range was accepted');
}

describe('ranges of local days', () => {
  it('bounds a local day by the UTC instants of its midnights', () => {
    // UTC+3 sends an offset of -180.
    expect(localDayStart('2026-03-10', -180).toISOString()).toBe('2026-03-09T21:00:00.000Z');
    expect(localDayEnd('2026-03-10', -180).toISOString()).toBe('2026-03-10T21:00:00.000Z');
  });

  it("defaults to the 30 days up to the caller's today", () => {
    expect(resolveDayRange({}, 0, NOW)).toEqual({ from: '2026-02-09', to: '2026-03-10' });
    expect(resolveDayRange({}, -180, NOW)).toEqual({ from: '2026-02-10', to: '2026-03-11' });
    expect(resolveDayRange({ to: '2026-01-30' }, 0, NOW)).toEqual({ from: '2026-01-01', to: '2026-01-30' });
  });

  it('refuses a day that is not a date, on its own field', () => {
    expect(refusalOf(() => assertDayRange({ to: '2026-13-40' }))).toEqual({ to: [DAY_RANGE_MESSAGES.format] });
    expect(refusalOf(() => resolveDayRange({ from: '2026-02-32' }, 0, NOW))).toEqual({ from: [DAY_RANGE_MESSAGES.format] });
  });

  it('refuses a start after the end, also when the end is today by default', () => {
    expect(refusalOf(() => assertDayRange({ from: '2026-02-02', to: '2026-02-01' }))).toEqual({ from: [DAY_RANGE_MESSAGES.order] });
    expect(refusalOf(() => resolveDayRange({ from: '2026-04-01' }, 0, NOW))).toEqual({ from: [DAY_RANGE_MESSAGES.order] });
    expect(() => assertDayRange({ from: '2026-04-01' })).not.toThrow();
  });

  it('allows a range of a year and refuses a longer one', () => {
    expect(resolveDayRange({ from: '2024-01-01', to: '2024-12-31' }, 0, NOW)).toEqual({ from: '2024-01-01', to: '2024-12-31' });
    expect(refusalOf(() => resolveDayRange({ from: '2025-01-01', to: '2026-01-02' }, 0, NOW))).toEqual({
      from: [DAY_RANGE_MESSAGES.tooLong(366)],
    });
  });

  it('lists every day of a range, both ends included', () => {
    expect(eachDay('2024-02-27', '2024-03-01')).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01']);
  });
});
