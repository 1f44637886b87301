import dayjs from 'dayjs';

/** Dates in filters read 'MMMM DD, YYYY' (001 §9). */
export const FILTER_DATE_FORMAT = 'MMMM DD, YYYY';
/** Dates on chart axes read YYYY-MM-DD (001 §9). */
export const CHART_DATE_FORMAT = 'YYYY-MM-DD';

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
 * Notification times (001 §9): seconds, minutes or hours ago within a day, then the date. A time
 * slightly in the future (clocks differ) reads as one second ago.
 */
export function formatNotificationTime(createdAt: Date | string, now: Date = new Date()): string {
  const elapsed = now.getTime() - dayjs(createdAt).valueOf();
  if (elapsed >= DAY) return formatFilterDate(createdAt);
  if (elapsed >= HOUR) return plural(Math.floor(elapsed / HOUR), 'hour');
  if (elapsed >= MINUTE) return plural(Math.floor(elapsed / MINUTE), 'minute');
  return plural(Math.max(1, Math.floor(elapsed / SECOND)), 'second');
}
