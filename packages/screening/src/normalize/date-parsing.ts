/**
 * Reads a date of birth as customers and files write it: 1960, 1960-06, 1960-06-29, 29/06/1960,
 * 29.06.1960, 29 Jun 1960, Jun 1960, 'circa 1960'. Day-first when a slash form is ambiguous, as
 * everywhere but the United States.
 */
import type { EntityDate, PartialDate } from '../model';

const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12,
};

function isValid(date: PartialDate): boolean {
  if (date.year < 1800 || date.year > 2200) return false;
  if (date.month !== undefined && (date.month < 1 || date.month > 12)) return false;
  if (date.day !== undefined && (date.day < 1 || date.day > 31)) return false;
  return true;
}

function readPartialDate(text: string): PartialDate | undefined {
  let match = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?$/.exec(text);
  if (match) {
    const date: PartialDate = { year: Number(match[1]) };
    if (match[2]) date.month = Number(match[2]);
    if (match[3]) date.day = Number(match[3]);
    return date;
  }
  match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (match) {
    let day = Number(match[1]);
    let month = Number(match[2]);
    if (month > 12 && day <= 12) [day, month] = [month, day];
    return { year: Number(match[3]), month, day };
  }
  match = /^(?:(\d{1,2})\s+)?([a-z]{3})[a-z]*\.?\s+(\d{4})$/i.exec(text);
  if (match) {
    const month = MONTHS[match[2]!.toLowerCase()];
    if (month === undefined) return undefined;
    const date: PartialDate = { year: Number(match[3]), month };
    if (match[1]) date.day = Number(match[1]);
    return date;
  }
  return undefined;
}

/** The date a query gives, with its quality, or undefined when the text is not a date. */
export function parseBirthDate(text: string | undefined): EntityDate | undefined {
  if (!text) return undefined;
  let trimmed = text.trim();
  const isApproximate = /^(circa|ca\.?|c\.|approx(?:imately)?\.?|about)\s+/i.test(trimmed);
  trimmed = trimmed.replace(/^(circa|ca\.?|c\.|approx(?:imately)?\.?|about)\s+/i, '');
  const range = /^(\d{4})\s*(?:-|to|–)\s*(\d{4})$/.exec(trimmed);
  if (range) {
    return { quality: 'range', from: { year: Number(range[1]) }, to: { year: Number(range[2]) }, text };
  }
  const date = readPartialDate(trimmed);
  if (!date || !isValid(date)) return undefined;
  const quality = isApproximate ? 'approximate' : date.day !== undefined ? 'exact' : 'year';
  return { quality, from: date, text };
}
