import dayjs from 'dayjs';

/**
 * Dates read one way across the app: the house format `26 Nov 2026` and `26 Nov 2026, 14:05`,
 * except where the spec names its own (date filters and chart axes below).
 */
export const DATE_FORMAT = 'D MMM YYYY';
export const DATE_TIME_FORMAT = 'D MMM YYYY, HH:mm';
/** Where the second matters (audit entries): `26 Nov 2026, 14:05:09`. */
export const DATE_TIME_SECONDS_FORMAT = 'D MMM YYYY, HH:mm:ss';
/** Dates in filters read 'MMMM DD, YYYY', as the spec names. */
export const FILTER_DATE_FORMAT = 'MMMM DD, YYYY';
/** Dates on chart axes read YYYY-MM-DD, as the spec names. */
export const CHART_DATE_FORMAT = 'YYYY-MM-DD';

/** A calendar date in the house format: `26 Nov 2026`. */
export function formatDate(date: Date | string): string {
  return dayjs(date).format(DATE_FORMAT);
}

/** A moment in the house format, in the browser's time zone: `26 Nov 2026, 14:05`. */
export function formatDateTime(date: Date | string): string {
  return dayjs(date).format(DATE_TIME_FORMAT);
}

/** A moment to the second, in the house format: `26 Nov 2026, 14:05:09`. */
export function formatDateTimeSeconds(date: Date | string): string {
  return dayjs(date).format(DATE_TIME_SECONDS_FORMAT);
}

/** A day as chart axes and date queries write it: 2026-11-26. */
export function toDay(date: Date | string): string {
  return dayjs(date).format(CHART_DATE_FORMAT);
}

export function formatFilterDate(date: Date | string): string {
  return dayjs(date).format(FILTER_DATE_FORMAT);
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/**
 * Notification times: seconds, minutes or hours ago within a day, then the date (the spec names no
 * format for it, so the house one). A time slightly in the future (clocks differ) reads as one
 * second ago.
 */
export function formatNotificationTime(createdAt: Date | string, now: Date = new Date()): string {
  const elapsed = now.getTime() - dayjs(createdAt).valueOf();
  if (elapsed >= DAY) return formatDate(createdAt);
  if (elapsed >= HOUR) return plural(Math.floor(elapsed / HOUR), 'hour');
  if (elapsed >= MINUTE) return plural(Math.floor(elapsed / MINUTE), 'minute');
  return plural(Math.max(1, Math.floor(elapsed / SECOND)), 'second');
}
