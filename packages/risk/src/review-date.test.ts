import { describe, expect, it } from 'vitest';
import { addYearsToDate, formatRatingDates } from './review-date';

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

describe('rating dates', () => {
  it('gives the same dates whether or not the instant was seen just before', () => {
    const first = formatRatingDates(new Date('2025-03-15T10:00:00Z'), 1);
    const other = formatRatingDates(new Date('2026-01-31T00:00:00Z'), 1);
    const again = formatRatingDates(new Date('2025-03-15T10:00:00Z'), 3);
    expect(first).toEqual({ ratedAt: '2025-03-15T10:00:00.000Z', nextReviewDate: '2026-03-15' });
    expect(other).toEqual({ ratedAt: '2026-01-31T00:00:00.000Z', nextReviewDate: '2027-01-31' });
    expect(again).toEqual({ ratedAt: '2025-03-15T10:00:00.000Z', nextReviewDate: '2028-03-15' });
    expect(formatRatingDates(new Date('2025-03-15T10:00:00Z'), null).nextReviewDate).toBeNull();
  });
});
