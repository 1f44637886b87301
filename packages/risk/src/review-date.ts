/**
 * The next periodic review date: the rating date plus the level's interval (risk-level-review, in
 * years). Whole calendar months in UTC; a date that does not exist in the target month falls back
 * to that month's last day (29 February + 1 year = 28 February).
 */

// A re-rating job rates a whole segment with one `now`; formatting it once saves a Date and a
// string per customer. The memo holds one instant, so results are the same with or without it.
let memoTime = Number.NaN;
let memoIso = '';
const memoReviewDates = new Map<number, string>();

/** `now.toISOString()` and the review date for `years` after it, memoised for the last instant seen. */
export function formatRatingDates(now: Date, years: number | null): { ratedAt: string; nextReviewDate: string | null } {
  const time = now.getTime();
  if (time !== memoTime) {
    memoTime = time;
    memoIso = now.toISOString();
    memoReviewDates.clear();
  }
  if (years === null) return { ratedAt: memoIso, nextReviewDate: null };
  let nextReviewDate = memoReviewDates.get(years);
  if (nextReviewDate === undefined) {
    nextReviewDate = addYearsToDate(now, years);
    memoReviewDates.set(years, nextReviewDate);
  }
  return { ratedAt: memoIso, nextReviewDate };
}

export function addYearsToDate(from: Date, years: number): string {
  const months = Math.max(1, Math.round(years * 12));
  const monthIndex = from.getUTCMonth() + months;
  const year = from.getUTCFullYear() + Math.floor(monthIndex / 12);
  const month = monthIndex % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(from.getUTCDate(), lastDay);
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Accepts a Date or an ISO 8601 string; throws RangeError on anything that is not a valid instant. */
export function toInstant(value: Date | string): Date {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) throw new RangeError('now must be a valid date');
  return date;
}
