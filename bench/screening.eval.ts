/**
 * Screening accuracy on ../shared/data/screening/tuning (never the held-out sets):
 * name pairs (P/R/F1 at the default threshold, beside whole-string Jaro-Winkler at its best
 * threshold), entity checks, UN recall@1, false alerts per 1,000 clean customers, the alert
 * expectations and Watchman's Jaro-Winkler expectations as a reference. The labelled pairs and
 * checks are split into a tuned part and a held-apart part, printed side by side; the generated
 * sets (listed names rewritten and written in other scripts by rule) likewise.
 * Writes bench/results/screening-eval.json.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { parseCsvRecords } from '@sanad/csv/csv';
import type { WatchlistEntity } from '../packages/screening/src/model';
import { scoreNamePair } from '../packages/screening/src/matching/name-scorer';
import { ScreeningIndex } from '../packages/screening/src/matching/screening-index';
import type { ScreeningQuery } from '../packages/screening/src/matching/screening-types';
import { jaroWinkler } from '../packages/screening/src/matching/string-similarity';
import { DEFAULT_THRESHOLDS } from '../packages/screening/src/matching/thresholds';
import { findSharedData, report, round, writeResult } from './lib';
import { bestF1, countConfusion, pearson, spearman } from './screening-eval-metrics';
import { evaluateAlertExpectations, evaluateNegatives, evaluateUnRecall } from './screening-eval-lists';
import { splitCases, type SplitPart } from './screening-eval-split';
import { evaluateGeneratedSets } from './screening-generated';
import { loadRealLists } from './screening-lists';

const dataDir = findSharedData();
if (!dataDir) {
  console.log('screening eval skipped: no shared data folder (set SANAD_EVAL_DATA or place ../shared/data)');
  process.exit(0);
}
const tuningDir = path.join(dataDir, 'screening/tuning');
const DEFAULT_THRESHOLD = DEFAULT_THRESHOLDS.sanction;

function readCsv(file: string): Record<string, string>[] {
  return parseCsvRecords(readFileSync(path.join(tuningDir, file), 'utf8'));
}

function kindOfSchema(schema: string): 'person' | 'organisation' | 'unknown' {
  if (schema === 'Person') return 'person';
  if (['Company', 'Organization', 'Vessel', 'Airplane'].includes(schema)) return 'organisation';
  return 'unknown';
}

interface LabelledScore {
  isMatch: boolean;
  score: number;
}

/** P/R/F1 at the default threshold and the curve, for one part of the cases. */
function summarisePart<T extends LabelledScore>(cases: readonly T[]): Record<string, unknown> {
  return {
    cases: cases.length,
    ...countConfusion(cases, DEFAULT_THRESHOLD),
    byThreshold: [60, 65, 70, 75, 78, 80, 85, 90].map((threshold) => ({ threshold, ...countConfusion(cases, threshold) })),
  };
}

/** Prints the tuned and held-apart figures side by side. */
function reportSplit(label: string, parts: Record<SplitPart, readonly LabelledScore[]>): void {
  const tuned = countConfusion(parts.tuned, DEFAULT_THRESHOLD);
  const heldApart = countConfusion(parts.heldApart, DEFAULT_THRESHOLD);
  const line = (metrics: typeof tuned): string => `F1 ${metrics.f1} (P ${metrics.precision}, R ${metrics.recall})`;
  console.log(
    `${label} at ${DEFAULT_THRESHOLD}: tuned ${line(tuned)} [${parts.tuned.length}] | held apart ${line(heldApart)} [${parts.heldApart.length}]`,
  );
}

function evaluateNamePairs(): Record<string, unknown> {
  const rows = readCsv('name_pairs_tuning.csv');
  const cases = rows.map((row) => {
    const { score } = scoreNamePair(row.name1!, row.name2!, { kind: kindOfSchema(row.schema!) });
    return { isMatch: row.is_match === 'true', score, row };
  });
  const metrics = countConfusion(cases, DEFAULT_THRESHOLD);
  const baseline = bestF1(
    rows.map((row) => ({ isMatch: row.is_match === 'true', score: 100 * jaroWinkler(row.name1!.toLowerCase(), row.name2!.toLowerCase()) })),
  );
  report('name pairs F1 at default threshold', metrics.f1, '', { baseline: baseline.metrics.f1, target: '>= 0.92' });
  const parts = splitCases(cases, ({ row }) => `${row.name1}|${row.name2}`);
  reportSplit('name pairs', parts);
  // Errors are listed for the tuning part only: the held-apart part is read as figures, never case by case.
  const errors = parts.tuned
    .filter(({ isMatch, score }) => isMatch !== score >= DEFAULT_THRESHOLD)
    .map(({ row, score }) => ({ name1: row.name1, name2: row.name2, label: row.is_match, quality: row.quality, score }));
  return {
    cases: rows.length,
    threshold: DEFAULT_THRESHOLD,
    ...metrics,
    byThreshold: [70, 75, 80, 85, 90].map((threshold) => ({ threshold, ...countConfusion(cases, threshold) })),
    split: { tuned: summarisePart(parts.tuned), heldApart: summarisePart(parts.heldApart) },
    baselineJaroWinklerWholeString: { bestThreshold: baseline.threshold, ...baseline.metrics },
    errors,
  };
}

interface EntityCheckSide {
  name?: string;
  firstName?: string;
  middleName?: string;
  lastName?: string;
  fatherName?: string;
}

function fullName(side: EntityCheckSide): string {
  return side.name ?? [side.firstName, side.middleName, side.lastName].filter(Boolean).join(' ');
}

function evaluateEntityChecks(): Record<string, unknown> {
  const document = parse(readFileSync(path.join(tuningDir, 'entity_checks.yml'), 'utf8')) as {
    checks: { match: boolean; schema: string; query: EntityCheckSide; candidate: EntityCheckSide }[];
  };
  const cases = document.checks.map((check, index) => {
    const kind = kindOfSchema(check.schema);
    const entity: WatchlistEntity = {
      id: String(index),
      list: 'checks',
      type: kind === 'person' ? 'person' : 'organisation',
      names: [{ full: fullName(check.candidate), type: 'primary' }],
      birthDates: [],
      birthPlaces: [],
      countries: [],
      identifiers: [],
      fatherNames: check.candidate.fatherName ? [check.candidate.fatherName] : [],
      addresses: [],
      associates: [],
      programmes: [],
      hitType: 'sanction',
      categories: [],
    };
    const query: ScreeningQuery = { name: fullName(check.query) };
    if (kind !== 'unknown') query.type = kind;
    if (check.query.fatherName) query.fatherName = check.query.fatherName;
    const [hit] = ScreeningIndex.build([entity]).screen(query, { threshold: 0 });
    return { isMatch: check.match, score: hit?.score ?? 0, query: query.name, candidate: entity.names[0]!.full };
  });
  const metrics = countConfusion(cases, DEFAULT_THRESHOLD);
  report('entity checks F1 at default threshold', metrics.f1, '');
  const parts = splitCases(cases, ({ query, candidate }) => `${query}|${candidate}`);
  reportSplit('entity checks', parts);
  return {
    cases: cases.length,
    threshold: DEFAULT_THRESHOLD,
    ...metrics,
    split: { tuned: summarisePart(parts.tuned), heldApart: summarisePart(parts.heldApart) },
    errors: parts.tuned
      .filter(({ isMatch, score }) => isMatch !== score >= DEFAULT_THRESHOLD)
      .map(({ query, candidate, isMatch, score }) => ({ query, candidate, match: isMatch, score })),
  };
}

function evaluateJaroWinklerReference(): Record<string, unknown> {
  const rows = readCsv('jaro_winkler_test_expectations.csv').filter((row) => row.indexed && row.search);
  const theirs = rows.map((row) => Number(row.expected_score));
  const ours = rows.map((row) => scoreNamePair(row.search!, row.indexed!).score / 100);
  const agreeing = rows.filter((_, index) => theirs[index]! >= 0.9 === ours[index]! >= DEFAULT_THRESHOLD / 100).length;
  const largestGaps = rows
    .map((row, index) => ({ indexed: row.indexed, search: row.search, watchman: theirs[index], sanad: round(ours[index]!, 3) }))
    .toSorted((a, b) => Math.abs(b.watchman! - b.sanad) - Math.abs(a.watchman! - a.sanad))
    .slice(0, 10);
  report('Jaro-Winkler reference: rank correlation with Watchman', spearman(theirs, ours), '');
  return {
    cases: rows.length,
    spearman: round(spearman(theirs, ours), 3),
    pearson: round(pearson(theirs, ours), 3),
    agreeingOnMatchDecision: agreeing,
    largestGaps,
  };
}

const namePairs = evaluateNamePairs();
const entityChecks = evaluateEntityChecks();
const jaroWinklerReference = evaluateJaroWinklerReference();

const lists = await loadRealLists(dataDir);
const unRecall = evaluateUnRecall(lists, readCsv('un_positives_untreated.csv'));
const negatives = evaluateNegatives(lists, readCsv('negatives_us.csv'));
const alertExpectations = evaluateAlertExpectations(lists, readCsv('alert_expectations.csv'));
const generated = evaluateGeneratedSets(lists.flatMap((list) => list.entities));

const file = writeResult('screening-eval', {
  defaultThresholds: DEFAULT_THRESHOLDS,
  lists: lists.map((list) => ({ name: list.name, entities: list.entities.length })),
  namePairs,
  entityChecks,
  unRecall,
  negatives,
  alertExpectations,
  generated,
  jaroWinklerReference,
});
console.log(`results in ${file}`);
