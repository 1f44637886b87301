import { ACTIVITY_DEFAULT_DAYS, ACTIVITY_MAX_DAYS } from '@sanad/contracts/activity';
import { DAY_RANGE_MESSAGES } from '@sanad/contracts/day-range';
import { AppError } from './app-error';

/**
 * Ranges of local days, as the activity dashboard and the system logs filter by them: the client
 * sends days (YYYY-MM-DD) and its `x-timezone-offset`, the database compares UTC instants.
 */
export const DAY_MS = 86_400_000;

export const formatDay = (date: Date) => date.toISOString().slice(0, 10);

/** Midnight starting a local day, as a UTC instant, for a browser `offset` minutes behind UTC. */
export const localDayStart = (day: string, offset: number) => new Date(Date.parse(`${day}T00:00:00Z`) + offset * 60_000);

/** Midnight ending a local day: the start of the next one. */
export const localDayEnd = (day: string, offset: number) => new Date(localDayStart(day, offset).getTime() + DAY_MS);

export interface DayRange {
  from?: string | undefined;
  to?: string | undefined;
}

/** Refuses a day that is not a date and a start after the end; either end may be left open. */
export function assertDayRange(range: DayRange): void {
  for (const [field, day] of [
    ['from', range.from],
    ['to', range.to],
  ] as const) {
    if (day !== undefined && Number.isNaN(Date.parse(day))) throw AppError.field(field, DAY_RANGE_MESSAGES.format);
  }
  if (range.from && range.to && range.from > range.to) throw AppError.field('from', DAY_RANGE_MESSAGES.order);
}

/** The days a chart covers: the range asked for, else the last 30 days up to `to` or the caller's today; at most a year. */
export function resolveDayRange(range: DayRange, offset: number, now: Date): { from: string; to: string } {
  assertDayRange(range);
  const to = range.to ?? formatDay(new Date(now.getTime() - offset * 60_000));
  const from = range.from ?? formatDay(new Date(Date.parse(`${to}T00:00:00Z`) - (ACTIVITY_DEFAULT_DAYS - 1) * DAY_MS));
  if (from > to) throw AppError.field('from', DAY_RANGE_MESSAGES.order);
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS + 1 > ACTIVITY_MAX_DAYS)
    throw AppError.field('from', DAY_RANGE_MESSAGES.tooLong(ACTIVITY_MAX_DAYS));
  return { from, to };
}

/** Every day from `from` to `to`, both included. */
export function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let time = Date.parse(`${from}T00:00:00Z`); time <= Date.parse(`${to}T00:00:00Z`); time += DAY_MS)
    days.push(formatDay(new Date(time)));
  return days;
}
