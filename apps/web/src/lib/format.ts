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
