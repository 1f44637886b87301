import { z } from 'zod';

/** Refusals of a range of local days, as the activity dashboard and the system-log filters share them. */
export const DAY_RANGE_MESSAGES = {
  format: 'Use the date format YYYY-MM-DD',
  bounds: 'Choose a date from 1900-01-01 to 9999-12-31',
  order: 'The start date must not be after the end date',
  tooLong: (days: number) => `Choose a range of at most ${days} days`,
} as const;

/** A day that exists in the calendar (2024-02-30 does not). */
function isCalendarDay(day: string): boolean {
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
}

/**
 * One local day, YYYY-MM-DD, that exists in the calendar, from 1900 on: earlier days have no records
 * to filter, and ranges computed back from year 0 would leave the calendar the database knows.
 */
export const ZDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: DAY_RANGE_MESSAGES.format, abort: true })
  .refine(isCalendarDay, { message: DAY_RANGE_MESSAGES.format, abort: true })
  .refine((day) => day >= '1900-01-01', DAY_RANGE_MESSAGES.bounds);
