import type { EntityDate, PartialDate } from '../model';

const MONTHS: Readonly<Record<string, number>> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
};

/** Which comes first in a numeric date with slashes: UK and EU files write day first, US files month first. */
export type NumericDateOrder = 'dmy' | 'mdy';

const APPROXIMATE_PREFIX = /^(?:circa|ca\.?|c\.|approximately|approx\.?|about|around)\s+/i;

/**
 * Parses a date as watch lists print it into an EntityDate: ISO (1965-05-13, 1965-05, 1965),
 * '13 May 1965', 'May 1965', '13-May-1965', '13/05/1965' or '05/13/1965' (per `order`),
 * '13.05.1965', '1965/05/13', with 'circa' / 'approximately', and ranges ('1960 to 1962',
 * 'between 1960 and 1962', '1979-1982'). UK files write an unknown day or month as 00.
 * Quality: range when two ends are given, approximate when hedged, exact when the day is known,
 * otherwise year (the month may still be known). Undefined when the text is not a date.
 */
export function parseEntityDate(text: string, order: NumericDateOrder = 'dmy'): EntityDate | undefined {
  const source = text.trim().replace(/\.$/, '');
  if (!source) return undefined;
  let body = source;
  const isApproximate = APPROXIMATE_PREFIX.test(body);
  body = body.replace(APPROXIMATE_PREFIX, '');

  const range = splitRange(body);
  if (range) {
    const from = parsePartialDate(range[0], order);
    const to = parsePartialDate(range[1], order);
    if (!from || !to || compareDates(from, to) > 0) return undefined;
    return { quality: 'range', from, to, text: source };
  }
  const date = parsePartialDate(body, order);
  if (!date) return undefined;
  const quality = isApproximate ? 'approximate' : date.day === undefined ? 'year' : 'exact';
  return { quality, from: date, text: source };
}

function splitRange(body: string): [string, string] | undefined {
  const between = /^between\s+(.+?)\s+and\s+(.+)$/i.exec(body);
  if (between?.[1] && between[2]) return [between[1], between[2]];
  const to = /^(.+?)\s+(?:to|until|-|–)\s+(.+)$/i.exec(body);
  if (to?.[1] && to[2]) return [to[1], to[2]];
  const years = /^(\d{4})\s*[-–/]\s*(\d{4})$/.exec(body);
  if (years?.[1] && years[2]) return [years[1], years[2]];
  return undefined;
}

/** One date without hedges: the forms listed on parseEntityDate. */
export function parsePartialDate(text: string, order: NumericDateOrder = 'dmy'): PartialDate | undefined {
  // xs:date may carry a time or a zone ('1960-01-01-05:00' in the UN file).
  const value = text
    .trim()
    .replace(/T.*$/, '')
    .replace(/^(\d{4}-\d{1,2}-\d{1,2})(?:Z|[+-]\d{2}:\d{2})$/, '$1');
  let match = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?$/.exec(value) ?? /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/.exec(value);
  if (match) return makeDate(match[1], match[2], match[3]);
  match = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(value);
  if (match) return order === 'dmy' ? makeDate(match[3], match[2], match[1]) : makeDate(match[3], match[1], match[2]);
  match = /^(\d{1,2})[\s-]+([A-Za-z]+)\.?[\s-]+(\d{4})$/.exec(value);
  if (match) return makeDate(match[3], monthNumber(match[2]), match[1]);
  match = /^([A-Za-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})$/.exec(value);
  if (match) return makeDate(match[3], monthNumber(match[1]), match[2]);
  match = /^([A-Za-z]+)\.?[\s-]+(\d{4})$/.exec(value);
  if (match) return makeDate(match[2], monthNumber(match[1]));
  return undefined;
}

function monthNumber(name: string | undefined): string {
  const month = name ? MONTHS[name.toLowerCase()] : undefined;
  return month === undefined ? 'invalid' : String(month);
}

/** Builds a date from its parts; '00' or an absent part means unknown, anything out of range is no date. */
function makeDate(yearText?: string, monthText?: string, dayText?: string): PartialDate | undefined {
  const year = Number(yearText);
  if (!Number.isInteger(year) || year < 1000 || year > 2200) return undefined;
  const month = monthText === undefined || Number(monthText) === 0 ? undefined : Number(monthText);
  if (month !== undefined && !(Number.isInteger(month) && month >= 1 && month <= 12)) return undefined;
  const day = dayText === undefined || Number(dayText) === 0 ? undefined : Number(dayText);
  if (day !== undefined) {
    if (month === undefined || !Number.isInteger(day) || day < 1 || day > daysInMonth(year, month)) return undefined;
    return { year, month, day };
  }
  return month === undefined ? { year } : { year, month };
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function compareDates(a: PartialDate, b: PartialDate): number {
  return a.year - b.year || (a.month ?? 0) - (b.month ?? 0) || (a.day ?? 0) - (b.day ?? 0);
}

/** 'YYYY-MM-DD', 'YYYY-MM' or 'YYYY' for a partial date. */
export function formatPartialDate(date: PartialDate): string {
  const parts = [String(date.year).padStart(4, '0')];
  if (date.month !== undefined) parts.push(String(date.month).padStart(2, '0'));
  if (date.month !== undefined && date.day !== undefined) parts.push(String(date.day).padStart(2, '0'));
  return parts.join('-');
}

/** An ISO date string for a listing or as-of date as a list prints it; undefined when unreadable. */
export function toIsoDate(text: string, order: NumericDateOrder = 'dmy'): string | undefined {
  const date = parsePartialDate(text, order);
  return date ? formatPartialDate(date) : undefined;
}
