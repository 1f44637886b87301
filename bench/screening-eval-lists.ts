/** The parts of the screening evaluation that run against the real lists. */
import type { WatchlistEntity } from '../packages/screening/src/model';
import { ScreeningIndex } from '../packages/screening/src/matching/screening-index';
import type { ScreeningHit, ScreeningQuery } from '../packages/screening/src/matching/screening-types';
import { report, round } from './lib';
import type { LoadedList } from './screening-lists';

function foldName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function yearsOf(entity: WatchlistEntity): Set<number> {
  const years = new Set<number>();
  for (const date of entity.birthDates) {
    const to = date.to?.year ?? date.from.year;
    for (let year = date.from.year; year <= to; year += 1) years.add(year);
  }
  return years;
}

function describeHit(hit: ScreeningHit | undefined): string | null {
  return hit ? `${hit.score} ${hit.list}:${hit.id} ${hit.name} (${hit.explanation.name.listed})` : null;
}

/** The UN listing a positive was taken from: same name as listed, and the same birth year when namesakes exist. */
function findTruth(byName: Map<string, WatchlistEntity[]>, row: Record<string, string>): Set<string> {
  const named = byName.get(foldName(row.full_name!)) ?? [];
  const year = Number(row.date_of_birth?.slice(0, 4));
  const sameYear = named.filter((entity) => Number.isFinite(year) && yearsOf(entity).has(year));
  const truth = sameYear.length > 0 ? sameYear : named;
  return new Set(truth.map((entity) => entity.id));
}

export function evaluateUnRecall(lists: readonly LoadedList[], rows: readonly Record<string, string>[]): Record<string, unknown> {
  const un = lists.find((list) => list.name.startsWith('un'))?.entities ?? [];
  const index = ScreeningIndex.build(un);
  const byName = new Map<string, WatchlistEntity[]>();
  for (const entity of un) {
    for (const name of entity.names) {
      const key = foldName(name.full);
      const holders = byName.get(key) ?? [];
      if (!holders.includes(entity)) holders.push(entity);
      byName.set(key, holders);
    }
  }
  const modes: Record<string, (row: Record<string, string>) => ScreeningQuery> = {
    nameOnly: (row) => ({ name: row.full_name!, type: 'person' }),
    withDobAndNationality: (row) => ({ name: row.full_name!, type: 'person', dob: row.date_of_birth!, nationality: row.nationality! }),
  };
  const result: Record<string, unknown> = {};
  let unresolved = 0;
  const truths = rows.map((row) => findTruth(byName, row));
  for (const truth of truths) if (truth.size === 0) unresolved += 1;
  for (const [mode, toQuery] of Object.entries(modes)) {
    let correct = 0;
    let tiedAtTop = 0;
    const misses: unknown[] = [];
    rows.forEach((row, position) => {
      const truth = truths[position]!;
      if (truth.size === 0) return;
      const hits = index.screen(toQuery(row), { threshold: 0, maxHits: 5 });
      const top = hits[0];
      if (top && truth.has(top.id)) {
        correct += 1;
        if (hits[1] && hits[1].score === top.score && !truth.has(hits[1].id)) tiedAtTop += 1;
      } else if (misses.length < 25) {
        misses.push({ query: row.full_name, dob: row.date_of_birth, expected: [...truth], got: describeHit(top) });
      }
    });
    const resolved = rows.length - unresolved;
    const recall = correct / Math.max(1, resolved);
    report(`UN recall@1 (${mode})`, recall, '', { target: '>= 0.99' });
    result[mode] = { recallAt1: round(recall, 4), correct, resolved, tiedAtTopWithAnotherEntity: tiedAtTop, misses };
  }
  return { positives: rows.length, unresolvedGroundTruth: unresolved, ...result };
}

export function evaluateNegatives(lists: readonly LoadedList[], rows: readonly Record<string, string>[]): Record<string, unknown> {
  const index = ScreeningIndex.build(lists.flatMap((list) => list.entities));
  const modes: Record<string, (row: Record<string, string>) => ScreeningQuery> = {
    nameOnly: (row) => ({ name: row.full_name!, type: 'person' }),
    withDob: (row) => ({ name: row.full_name!, type: 'person', dob: row.date_of_birth! }),
    withDobNationalityGender: (row) => ({
      name: row.full_name!,
      type: 'person',
      dob: row.date_of_birth!,
      nationality: row.nationality!,
      gender: row.gender!,
    }),
  };
  const result: Record<string, unknown> = {};
  for (const [mode, toQuery] of Object.entries(modes)) {
    let alerted = 0;
    const examples: { customer: string; hit: string | null; score: number }[] = [];
    for (const row of rows) {
      const hits = index.screen(toQuery(row));
      if (hits.length === 0) continue;
      alerted += 1;
      examples.push({ customer: row.full_name!, hit: describeHit(hits[0]), score: hits[0]!.score });
    }
    const perThousand = (1000 * alerted) / rows.length;
    report(`false alerts per 1,000 clean customers (${mode})`, perThousand, '', {
      target: mode === 'nameOnly' ? undefined : '<= 5 with DOB',
    });
    examples.sort((a, b) => b.score - a.score);
    result[mode] = { alertedCustomers: alerted, alertsPer1000: round(perThousand, 2), highestScoring: examples.slice(0, 15) };
  }
  return { customers: rows.length, ...result };
}

export function evaluateAlertExpectations(lists: readonly LoadedList[], rows: readonly Record<string, string>[]): Record<string, unknown> {
  const index = ScreeningIndex.build(lists.flatMap((list) => list.entities));
  const cases = rows.map((row) => {
    const hits = index.screen({ name: row.test_value! });
    return {
      id: row.test_id,
      value: row.test_value,
      expected: row.expected_outcome,
      alerted: hits.length > 0,
      topHit: describeHit(hits[0]),
    };
  });
  const count = (expected: string, alerted: boolean): number =>
    cases.filter((item) => item.expected === expected && item.alerted === alerted).length;
  const summary = {
    mustAlert: { alerted: count('must_alert', true), missed: count('must_alert', false) },
    mustNotAlert: { silent: count('must_not_alert', false), alerted: count('must_not_alert', true) },
    shouldAlert: { alerted: count('should_alert', true), missed: count('should_alert', false) },
    mayAlert: { alerted: count('may_alert', true), silent: count('may_alert', false) },
    contextDependent: { alerted: count('context_dependent', true), silent: count('context_dependent', false) },
  };
  report(
    'alert expectations: must-alert cases alerting',
    summary.mustAlert.alerted,
    `of ${summary.mustAlert.alerted + summary.mustAlert.missed}`,
  );
  report(
    'alert expectations: must-not-alert cases alerting',
    summary.mustNotAlert.alerted,
    `of ${summary.mustNotAlert.alerted + summary.mustNotAlert.silent}`,
  );
  return { summary, cases };
}
