import { z } from 'zod';

/** Refusals of a range of local days, as the activity dashboard and the system-log filters share them. */
export const DAY_RANGE_MESSAGES = {
  format: 'Use the date format YYYY-MM-DD',
  order: 'The start date must not be after the end date',
  tooLong: (days: number) => `Choose a range of at most ${days} days`,
} as const;

/** One local day, YYYY-MM-DD. */
export const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, DAY_RANGE_MESSAGES.format);
