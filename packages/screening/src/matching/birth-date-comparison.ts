/**
 * Compares a customer's date of birth with the dates a listing gives (exact, year only, circa, a
 * range). Agreement confirms a name match a little; a clearly different full date is strong
 * evidence of a namesake, because lists and identity documents rarely get a full date wrong.
 */
import type { EntityDate, PartialDate } from '../model';
import type { QualifierEffect } from './screening-types';

export const BIRTH_DATE_POINTS = {
  sameDay: 8,
  sameYear: 4,
  withinRange: 2,
  dayMonthSwapped: 2,
  sameYearOtherDay: -12,
  differentDay: -35,
  differentYear: -25,
};

const APPROXIMATE_YEARS = 2;

function formatDate(date: PartialDate): string {
  const parts = [String(date.year).padStart(4, '0')];
  if (date.month !== undefined) parts.push(String(date.month).padStart(2, '0'));
  if (date.month !== undefined && date.day !== undefined) parts.push(String(date.day).padStart(2, '0'));
  return parts.join('-');
}

function describe(date: EntityDate): string {
  if (date.text) return date.text;
  if (date.quality === 'range' && date.to) return `${formatDate(date.from)} to ${formatDate(date.to)}`;
  return `${date.quality === 'approximate' ? 'circa ' : ''}${formatDate(date.from)}`;
}

/** The year span a date stands for, widened for 'circa'. */
function yearSpan(date: EntityDate): [number, number] {
  const slack = date.quality === 'approximate' ? APPROXIMATE_YEARS : 0;
  const to = date.quality === 'range' && date.to ? date.to.year : date.from.year;
  return [Math.min(date.from.year, to) - slack, Math.max(date.from.year, to) + slack];
}

function hasDay(date: EntityDate): boolean {
  return date.quality === 'exact' && date.from.month !== undefined && date.from.day !== undefined;
}

function compareOne(query: EntityDate, listed: EntityDate): QualifierEffect {
  const shown = `customer ${describe(query)}, listed ${describe(listed)}`;
  if (hasDay(query) && hasDay(listed)) {
    const q = query.from;
    const l = listed.from;
    if (q.year === l.year && q.month === l.month && q.day === l.day) {
      return { kind: 'dob', outcome: 'match', points: BIRTH_DATE_POINTS.sameDay, detail: `same date of birth (${shown})` };
    }
    if (q.year === l.year && q.month === l.day && q.day === l.month) {
      return { kind: 'dob', outcome: 'partial', points: BIRTH_DATE_POINTS.dayMonthSwapped, detail: `day and month swapped (${shown})` };
    }
    if (q.year === l.year) {
      return {
        kind: 'dob',
        outcome: 'mismatch',
        points: BIRTH_DATE_POINTS.sameYearOtherDay,
        detail: `same year, different day (${shown})`,
      };
    }
    return { kind: 'dob', outcome: 'mismatch', points: BIRTH_DATE_POINTS.differentDay, detail: `different date of birth (${shown})` };
  }
  const [queryFrom, queryTo] = yearSpan(query);
  const [listedFrom, listedTo] = yearSpan(listed);
  const gap = Math.max(0, listedFrom - queryTo, queryFrom - listedTo);
  if (gap === 0) {
    const isSameYear = queryFrom === queryTo && listedFrom === listedTo;
    return isSameYear
      ? { kind: 'dob', outcome: 'match', points: BIRTH_DATE_POINTS.sameYear, detail: `same year of birth (${shown})` }
      : {
          kind: 'dob',
          outcome: 'partial',
          points: BIRTH_DATE_POINTS.withinRange,
          detail: `year of birth within the listed range (${shown})`,
        };
  }
  if (gap === 1) return { kind: 'dob', outcome: 'partial', points: 0, detail: `year of birth one year apart (${shown})` };
  return { kind: 'dob', outcome: 'mismatch', points: BIRTH_DATE_POINTS.differentYear, detail: `different year of birth (${shown})` };
}

/** The most favourable comparison with any listed date, or undefined when either side has none. */
export function compareBirthDates(query: EntityDate | undefined, listed: readonly EntityDate[]): QualifierEffect | undefined {
  if (!query || listed.length === 0) return undefined;
  let best: QualifierEffect | undefined;
  for (const date of listed) {
    const effect = compareOne(query, date);
    if (!best || effect.points > best.points) best = effect;
  }
  return best;
}
