/**
 * Ongoing screening's re-screen after a list change, on one thread: N generated customers run
 * through a matcher built from a 1,000-entity delta (what the monitoring job does), beside a full
 * re-screen of the same customers against every listed entity (what re-screening without the
 * delta would cost) in the same run. The full re-screen is timed on the first
 * MONITORING_FULL_SAMPLE customers (default 5,000) and its time for N is extrapolated, labelled so.
 *
 * Customers: first and last names recombined from negatives_us.csv (clean people) with their birth
 * dates, plus one in a thousand carrying a perturbed name of a delta entity (so the delta matcher
 * finds and scores real hits). Delta: 1,000 real entities taken evenly from the real lists.
 *
 * MONITORING_CUSTOMERS sets N (default 200,000; `MONITORING_CUSTOMERS=1000000` for the target).
 * Writes bench/results/monitoring-bench.json.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseCsvRecords } from '@sanad/csv/csv';
import type { WatchlistEntity } from '../packages/screening/src/model';
import { ScreeningIndex } from '../packages/screening/src/matching/screening-index';
import type { ScreeningQuery } from '../packages/screening/src/matching/screening-types';
import { findSharedData, report, round, writeResult } from './lib';
import { createRandom, perturbName } from './screening-synthetic';
import { loadRealLists } from './screening-lists';

const dataDir = findSharedData();
if (!dataDir) {
  console.log('monitoring bench skipped: no shared data folder (set SANAD_EVAL_DATA or place ../shared/data)');
  process.exit(0);
}

const customerCount = Number(process.env.MONITORING_CUSTOMERS ?? 200_000);
const fullSample = Math.min(customerCount, Number(process.env.MONITORING_FULL_SAMPLE ?? 5_000));
const DELTA_SIZE = 1_000;
const TARGET_CUSTOMERS = 1_000_000;
const TARGET_SECONDS = 60;
const loadAverageAtStart = os.loadavg().map((load) => round(load, 2));

const listed = (await loadRealLists(dataDir)).flatMap((list) => list.entities.map((entity) => ({ ...entity, list: list.name })));
const step = Math.max(1, Math.floor(listed.length / DELTA_SIZE));
const delta: WatchlistEntity[] = [];
for (let index = 0; index < listed.length && delta.length < DELTA_SIZE; index += step) delta.push(listed[index]!);

/** N customers, deterministic: recombined clean names, one in a thousand a perturbed delta name. */
function generateCustomers(count: number): ScreeningQuery[] {
  const people = parseCsvRecords(readFileSync(path.join(dataDir!, 'screening/tuning/negatives_us.csv'), 'utf8'));
  const firsts = people.map((person) => person.first_name!).filter(Boolean);
  const lasts = people.map((person) => person.last_name!).filter(Boolean);
  const births = people.map((person) => person.date_of_birth!).filter(Boolean);
  const deltaPeople = delta.filter((entity) => entity.type === 'person');
  const random = createRandom(17);
  const customers: ScreeningQuery[] = [];
  for (let index = 0; index < count; index += 1) {
    if (index % 1000 === 500 && deltaPeople.length > 0) {
      const entity = deltaPeople[Math.floor(random() * deltaPeople.length)]!;
      customers.push({ name: perturbName(entity.names[0]!.full, random), type: 'person' });
      continue;
    }
    const first = firsts[Math.floor(random() * firsts.length)]!;
    const last = lasts[Math.floor(random() * lasts.length)]!;
    customers.push({ name: `${first} ${last}`, type: 'person', dob: births[Math.floor(random() * births.length)]! });
  }
  return customers;
}

function timeScreening(index: ScreeningIndex, customers: readonly ScreeningQuery[], count: number, sampleAt = 0) {
  let hits = 0;
  let customersWithHits = 0;
  let sampleSeconds = Number.NaN;
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let position = 0; position < count; position += 1) {
    const found = index.screen(customers[position]!, { maxHits: 20 }).length;
    hits += found;
    if (found > 0) customersWithHits += 1;
    if (position + 1 === sampleAt) sampleSeconds = (performance.now() - started) / 1000;
  }
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  return {
    customers: count,
    seconds: round(seconds, 3),
    customersPerSecond: round(count / seconds, 0),
    customersPerCpuSecond: round(count / cpuSeconds, 0),
    hits,
    customersWithHits,
    /** Customers per second over the first `sampleAt` customers (the full re-screen's sample). */
    sampleCustomersPerSecond: round(sampleAt / sampleSeconds, 0),
  };
}

const customers = generateCustomers(customerCount);
const deltaBuild = performance.now();
const deltaIndex = ScreeningIndex.build(delta);
const deltaBuildMs = performance.now() - deltaBuild;
const fullBuild = performance.now();
const fullIndex = ScreeningIndex.build(listed);
const fullBuildMs = performance.now() - fullBuild;

// Both start cold on the same customers: each index caches the similar listed words of every
// customer word it has seen, so the delta's rate over all N includes that cache filling up.
const deltaRun = timeScreening(deltaIndex, customers, customerCount, fullSample);
const fullRun = timeScreening(fullIndex, customers, fullSample);
const fullSecondsForAll = customerCount / fullRun.customersPerSecond;
const deltaSecondsForTarget = TARGET_CUSTOMERS / deltaRun.customersPerSecond;
const isTargetMeasured = customerCount >= TARGET_CUSTOMERS;

report(`delta re-screen (${DELTA_SIZE} changed entities), ${customerCount} customers`, deltaRun.customersPerSecond, 'customers/s', {
  baseline: fullRun.customersPerSecond,
  target: `${TARGET_CUSTOMERS} in ≤ ${TARGET_SECONDS} s (${round(TARGET_CUSTOMERS / TARGET_SECONDS, 0)}/s)`,
});
console.log(
  `delta re-screen: ${deltaRun.seconds} s for ${customerCount} customers (${deltaRun.customersWithHits} with hits, ${deltaRun.hits} hits); index of ${delta.length} entities built in ${round(deltaBuildMs, 1)} ms`,
);
console.log(`same ${fullSample} customers: delta ${deltaRun.sampleCustomersPerSecond}/s beside full ${fullRun.customersPerSecond}/s`);
console.log(
  `full re-screen (${listed.length} entities): ${fullRun.customersPerSecond} customers/s measured on ${fullSample} of the same customers; extrapolated ${round(fullSecondsForAll, 1)} s for ${customerCount}; index built in ${round(fullBuildMs, 0)} ms`,
);
// On a shared machine the elapsed rate mostly measures the other load; CPU time is one core's capacity.
console.log(
  `per CPU second: delta ${deltaRun.customersPerCpuSecond} customers beside full ${fullRun.customersPerCpuSecond}; 1,000,000 customers ≈ ${round(TARGET_CUSTOMERS / deltaRun.customersPerCpuSecond, 1)} CPU s (delta) and ${round(TARGET_CUSTOMERS / fullRun.customersPerCpuSecond, 1)} CPU s (full), EXTRAPOLATED`,
);
console.log(
  isTargetMeasured
    ? `1,000,000 customers: measured ${deltaRun.seconds} s (target ≤ ${TARGET_SECONDS} s)`
    : `1,000,000 customers: EXTRAPOLATED ${round(deltaSecondsForTarget, 1)} s from ${customerCount} measured (target ≤ ${TARGET_SECONDS} s); run MONITORING_CUSTOMERS=1000000 to measure it`,
);

const file = writeResult('monitoring-bench', {
  loadAverageAtStart,
  cpus: os.cpus().length,
  method:
    'One thread, matching only (no database): each customer name with its birth date run through ScreeningIndex.screen at the default thresholds, best 20 hits. Delta: 1,000 real entities taken evenly from OFAC SDN 2021, OFAC non-SDN 2025-12, UN 2026-02-27 and BIS DPL 2022; full: every entity of those lists. The full re-screen is timed on a sample of the same customers and extrapolated to N.',
  delta: { entities: delta.length, buildMs: round(deltaBuildMs, 1), ...deltaRun },
  full: {
    entities: listed.length,
    buildMs: round(fullBuildMs, 0),
    ...fullRun,
    extrapolatedSecondsForAllCustomers: round(fullSecondsForAll, 1),
  },
  speedup: round(deltaRun.customersPerSecond / fullRun.customersPerSecond, 1),
  speedupOnSameSample: round(deltaRun.sampleCustomersPerSecond / fullRun.customersPerSecond, 1),
  oneMillion: {
    seconds: round(isTargetMeasured ? deltaRun.seconds : deltaSecondsForTarget, 1),
    cpuSecondsExtrapolated: round(TARGET_CUSTOMERS / deltaRun.customersPerCpuSecond, 1),
    fullCpuSecondsExtrapolated: round(TARGET_CUSTOMERS / fullRun.customersPerCpuSecond, 1),
    isExtrapolated: !isTargetMeasured,
    targetSeconds: TARGET_SECONDS,
  },
});
console.log(`wrote ${file}`);
