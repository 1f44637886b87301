/**
 * Screening speed on one thread, beside a brute-force Jaro-Winkler scan over the same names in the
 * same run: the real lists (OFAC SDN 2021 + non-SDN 2025-12 + UN 2026 + BIS DPL 2022), then
 * synthetic lists of 10k, 100k and 1M names recombined from the real words (fixed seed).
 * Reports build time, index memory (heap + external, after gc), queries/s, p50/p99 per query, the
 * ratio to brute force and how the cost grows. Writes bench/results/screening-bench.json.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseCsvRecords } from '../packages/screening/src/cli/csv-reader';
import type { WatchlistEntity } from '../packages/screening/src/model';
import { ScreeningIndex } from '../packages/screening/src/matching/screening-index';
import { jaroWinkler } from '../packages/screening/src/matching/string-similarity';
import { foldLatin } from '../packages/screening/src/normalize/unicode-folding';
import { findSharedData, percentile, report, round, writeResult } from './lib';
import { buildQueries, collectWordPools, generateEntities, type BenchQuery } from './screening-synthetic';
import { loadRealLists } from './screening-lists';

const dataDir = findSharedData();
if (!dataDir) {
  console.log('screening bench skipped: no shared data folder (set SANAD_EVAL_DATA or place ../shared/data)');
  process.exit(0);
}
const collectGarbage: () => void = typeof globalThis.gc === 'function' ? () => globalThis.gc?.() : () => undefined;

function memoryInUse(): number {
  collectGarbage();
  collectGarbage();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external + usage.arrayBuffers;
}

interface Timing {
  /** Queries per second of elapsed time on this (shared) machine. */
  queriesPerSecond: number;
  /** Queries per second of CPU time used by this process: the capacity of one core, less sensitive to other load. */
  queriesPerCpuSecond: number;
  p50Ms: number;
  p99Ms: number;
  queries: number;
}

function summarizeTimings(durationsMs: number[], totalMs: number, cpu: NodeJS.CpuUsage): Timing {
  const sorted = durationsMs.toSorted((a, b) => a - b);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  return {
    queriesPerSecond: round((1000 * durationsMs.length) / totalMs, 1),
    queriesPerCpuSecond: round((1000 * durationsMs.length) / cpuMs, 1),
    p50Ms: round(percentile(sorted, 50), 3),
    p99Ms: round(percentile(sorted, 99), 3),
    queries: durationsMs.length,
  };
}

/** Queries as production runs them: default thresholds, best 20 hits. */
function timeIndex(index: ScreeningIndex, queries: readonly BenchQuery[]): Timing & { recallAt1OfPerturbed: number } {
  const durations: number[] = [];
  let expected = 0;
  let found = 0;
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  for (const query of queries) {
    const began = performance.now();
    const hits = index.screen(query);
    durations.push(performance.now() - began);
    if (query.expectedId) {
      expected += 1;
      const top = hits[0]?.score;
      if (hits.some((hit) => hit.score === top && hit.id === query.expectedId)) found += 1;
    }
  }
  const totalMs = performance.now() - start;
  return { ...summarizeTimings(durations, totalMs, process.cpuUsage(cpuStart)), recallAt1OfPerturbed: round(found / Math.max(1, expected), 4) };
}

/** The baseline: fold both strings, compare the query with every listed name, keep the best. */
function timeBruteForce(names: readonly string[], ids: readonly string[], queries: readonly BenchQuery[]): Timing & { recallAt1OfPerturbed: number } {
  const durations: number[] = [];
  let expected = 0;
  let found = 0;
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  for (const query of queries) {
    const began = performance.now();
    const folded = foldLatin(query.name);
    let best = -1;
    let bestScore = 0;
    for (let index = 0; index < names.length; index += 1) {
      const score = jaroWinkler(folded, names[index]!);
      if (score > bestScore) [best, bestScore] = [index, score];
    }
    durations.push(performance.now() - began);
    if (query.expectedId) {
      expected += 1;
      if (best >= 0 && ids[best] === query.expectedId) found += 1;
    }
  }
  const totalMs = performance.now() - start;
  return { ...summarizeTimings(durations, totalMs, process.cpuUsage(cpuStart)), recallAt1OfPerturbed: round(found / Math.max(1, expected), 4) };
}

function flattenNames(entities: readonly WatchlistEntity[]): { names: string[]; ids: string[] } {
  const names: string[] = [];
  const ids: string[] = [];
  for (const entity of entities) {
    for (const name of entity.names) {
      names.push(foldLatin(name.full));
      ids.push(entity.id);
    }
  }
  return { names, ids };
}

function measure(label: string, entities: readonly WatchlistEntity[], queries: readonly BenchQuery[], bruteForceQueries: number): Record<string, unknown> {
  const before = memoryInUse();
  const buildStart = performance.now();
  const index = ScreeningIndex.build(entities);
  const buildMs = performance.now() - buildStart;
  const indexBytes = memoryInUse() - before;
  index.screen(queries[0]!);
  const engine = timeIndex(index, queries);
  const { names, ids } = flattenNames(entities);
  const bruteForce = timeBruteForce(names, ids, queries.slice(0, bruteForceQueries));
  const speedup = engine.queriesPerCpuSecond / bruteForce.queriesPerCpuSecond;
  report(`${label}: queries/s (elapsed)`, engine.queriesPerSecond, 'q/s', { baseline: bruteForce.queriesPerSecond });
  report(`${label}: queries per CPU second`, engine.queriesPerCpuSecond, 'q/s', { baseline: bruteForce.queriesPerCpuSecond });
  report(`${label}: p99 per query`, engine.p99Ms, 'ms', { baseline: bruteForce.p99Ms });
  report(`${label}: index build`, buildMs / 1000, 's');
  report(`${label}: index memory`, indexBytes / 2 ** 20, 'MiB');
  return {
    entities: entities.length,
    names: index.stats.names,
    distinctWords: index.stats.words,
    buildSeconds: round(buildMs / 1000, 2),
    indexMemoryMiB: round(indexBytes / 2 ** 20, 1),
    processMemoryMiB: round(memoryInUse() / 2 ** 20, 1),
    engine,
    bruteForceJaroWinkler: bruteForce,
    speedupOverBruteForce: round(speedup, 1),
  };
}

const customers = parseCsvRecords(readFileSync(path.join(dataDir, 'screening/tuning/negatives_us.csv'), 'utf8'));
const realEntities = (await loadRealLists(dataDir)).flatMap((list) => list.entities);
const realQueries = buildQueries(realEntities, customers, 4000, 7);
const realLists = measure('real lists', realEntities, realQueries, 300);

const pools = collectWordPools(realEntities);
const scale: Record<string, unknown>[] = [];
for (const [size, bruteForceQueries] of [
  [10_000, 200],
  [100_000, 40],
  [1_000_000, 8],
] as const) {
  const entities = generateEntities(pools, size, 11);
  const queries = buildQueries(entities, customers, 2000, 13);
  scale.push({ size, ...measure(`synthetic ${size.toLocaleString('en')}`, entities, queries, bruteForceQueries) });
}

const costAt = (index: number): number => (scale[index]!.engine as Timing).p50Ms;
const growth = {
  p50From10kTo100k: round(costAt(1) / costAt(0), 2),
  p50From100kTo1M: round(costAt(2) / costAt(1), 2),
  note: 'ratio of median query cost; a full scan would grow 10x per step',
};
report('query cost growth 10k → 100k', growth.p50From10kTo100k, 'x');
report('query cost growth 100k → 1M', growth.p50From100kTo1M, 'x');

const file = writeResult('screening-bench', {
  machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, threadsUsed: 1, loadAverageAtEnd: os.loadavg().map((load) => round(load, 2)) },
  method:
    'One thread. Engine queries use the default thresholds (best 20 hits); half are perturbed listed names (typo, reordering, dropped word), half clean customers from negatives_us.csv with their birth dates. The baseline folds case and accents and computes Jaro-Winkler against every listed name. p50/p99 are elapsed time per query.',
  targets: { realListsQueriesPerSecond: '>= 2000', p99At1MMs: '<= 5', buildAt1MSeconds: '<= 60', memoryAt1MMiB: '<= 1024' },
  realLists,
  scale,
  growth,
});
console.log(`results in ${file}`);
