/** Dates as documents print them, turned into ISO YYYY-MM-DD. */

const MONTHS: Readonly<Record<string, number>> = {
  JAN: 1,
  FEB: 2,
  MAR: 3,
  APR: 4,
  MAY: 5,
  JUN: 6,
  JUL: 7,
  AUG: 8,
  SEP: 9,
  SEPT: 9,
  OCT: 10,
  NOV: 11,
  DEC: 12,
};

function toIso(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * MRZ dates carry two-digit years. A birth date is in the past: the latest century that does not
 * put it after `now`. An expiry date may be decades ahead: 20YY unless that is more than 50 years away.
 */
export function mrzDateToIso(yymmdd: string, kind: 'birth' | 'expiry', now: Date): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  const yy = Number(yymmdd.slice(0, 2));
  const month = Number(yymmdd.slice(2, 4));
  const day = Number(yymmdd.slice(4, 6));
  const currentYear = now.getUTCFullYear();
  let year = 2000 + yy;
  if (kind === 'birth' && year > currentYear) year -= 100;
  if (kind === 'expiry' && year > currentYear + 50) year -= 100;
  return toIso(year, month, day);
}

export interface FoundDate {
  iso: string;
  index: number;
  text: string;
}

/**
 * Every date in free text, in reading order: 12.12.1982, 12/12/1982, 12-12-1982, 25-SEP-1973,
 * 25 SEP 1973 and 1982-12-12. Day-first everywhere except the ISO form, as every document handled
 * here prints it.
 */
export function findPrintedDates(text: string): FoundDate[] {
  const found: FoundDate[] = [];
  const upper = text.toUpperCase();
  for (const match of upper.matchAll(/\b(\d{1,2})\s?[./-]\s?(\d{1,2})\s?[./-]\s?(\d{4})\b/g)) {
    const iso = toIso(Number(match[3]), Number(match[2]), Number(match[1]));
    if (iso) found.push({ iso, index: match.index ?? 0, text: match[0] });
  }
  for (const match of upper.matchAll(/\b(\d{1,2})[\s./-]*(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEPT?|OCT|NOV|DEC)[A-Z]*[\s./-]*(\d{4})\b/g)) {
    const iso = toIso(Number(match[3]), MONTHS[match[2] ?? ''] ?? 0, Number(match[1]));
    if (iso) found.push({ iso, index: match.index ?? 0, text: match[0] });
  }
  for (const match of upper.matchAll(/\b(\d{4})-(\d{2})-(\d{2})\b/g)) {
    const iso = toIso(Number(match[1]), Number(match[2]), Number(match[3]));
    if (iso) found.push({ iso, index: match.index ?? 0, text: match[0] });
  }
  return found.toSorted((a, b) => a.index - b.index);
}

export function parsePrintedDate(text: string): string | null {
  return findPrintedDates(text)[0]?.iso ?? null;
}

export type Validity = 'valid' | 'near_expiry' | 'expired' | 'unknown';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A document expires at the end of its expiry day; 'near' is within `nearExpiryDays` after today. */
export function assessValidity(expiryIso: string | null, now: Date, nearExpiryDays: number): Validity {
  if (!expiryIso) return 'unknown';
  const expiry = Date.parse(`${expiryIso}T23:59:59.999Z`);
  if (Number.isNaN(expiry)) return 'unknown';
  if (expiry < now.getTime()) return 'expired';
  if (expiry - now.getTime() <= nearExpiryDays * DAY_MS) return 'near_expiry';
  return 'valid';
}
