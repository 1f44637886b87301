import { describe, expect, it } from 'vitest';
import { addYearsToDate } from './review-date';

describe('next review date', () => {
  it('adds whole years on the same calendar day', () => {
    expect(addYearsToDate(new Date('2025-03-15T23:30:00Z'), 3)).toBe('2028-03-15');
  });

  it('falls back to 28 February when a 29 February rating has no such day in the review year', () => {
    expect(addYearsToDate(new Date('2024-02-29T12:00:00Z'), 1)).toBe('2025-02-28');
    expect(addYearsToDate(new Date('2024-02-29T12:00:00Z'), 4)).toBe('2028-02-29');
  });

  it('reads a fractional interval as whole months', () => {
    expect(addYearsToDate(new Date('2025-08-31T00:00:00Z'), 0.5)).toBe('2026-02-28');
    expect(addYearsToDate(new Date('2025-01-10T00:00:00Z'), 2.5)).toBe('2027-07-10');
  });
});
