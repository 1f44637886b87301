/**
 * Ratings per second on one core for a 20-factor model (the 18 built-in factors of the default
 * configuration, all weighted, plus two custom-field factors), beside a naive rater that scans the
 * stored tables per rating and builds the same explanation. Both rate the same 20,000 generated
 * customers; the run fails if they disagree on any total, level, risk table or review date. Target: at least 50,000 ratings per second.
 *
 * Each measurement runs in a fresh process (this file with `--measure engine|naive`), so one
 * rater's JIT feedback on the shared fact objects does not slow the other; each is measured
 * three times, alternating, and the best run counts. The figure divides ratings by the CPU time
 * the process used, i.e. one core's throughput, because the machine is shared and wall-clock rates
 * swing with other people's work; the wall-clock rate is printed beside it.
 */
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createDefaultRiskConfig } from '../packages/risk/src/defaults/default-risk-config';
import { rateCustomer } from '../packages/risk/src/rate-customer';
import { parseRiskConfig, type RiskConfigInput } from '../packages/risk/src/risk-config.schema';
import { HIT_TYPES } from '../packages/risk/src/risk-factor.schema';
import { PEP_QUESTIONS, type RiskFacts } from '../packages/risk/src/risk-facts';
import { compileRiskModel } from '../packages/risk/src/risk-model-compiler';
import { report, round, writeResult } from './lib';
import { rateNaively } from './risk-naive-rater';

const SAMPLE_SIZE = 20_000;
const MEASURE_MS = 3_000;
const TARGET_PER_SECOND = 50_000;
const ROUNDS = 3;
const NOW = new Date('2025-11-01T00:00:00Z');

function buildTwentyFactorConfig(): RiskConfigInput {
  const config = createDefaultRiskConfig();
  for (const factor of config.factors) if (factor.weight === 0) factor.weight = 2;
  for (const field of ['sourceOfFundsEvidenced', 'expectsCashDeposits']) {
    config.factors.push({
      key: `custom:${field}`,
      title: field,
      kind: 'code',
      weight: 3,
      appliesTo: ['individual', 'company'],
      missing: 'score-unknown',
      unknownScore: 50,
      values: [
        { code: 'yes', title: 'Yes', score: field === 'expectsCashDeposits' ? 80 : 10 },
        { code: 'no', title: 'No', score: field === 'expectsCashDeposits' ? 10 : 70 },
      ],
    });
  }
  return config;
}

/** mulberry32: a small seeded generator, so every run rates the same customers. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function generateCustomers(config: RiskConfigInput, count: number): RiskFacts[] {
  const random = createRandom(20_251_101);
  const codes = (key: string) => config.factors.find((factor) => factor.key === key)?.values.map((value) => value.code) ?? [];
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const sometimes = <T>(probability: number, value: () => T): T | undefined => (random() < probability ? value() : undefined);
  const countries = codes('country');
  const customers: RiskFacts[] = [];
  for (let index = 0; index < count; index += 1) {
    const isCompany = random() < 0.2;
    const facts: RiskFacts = {
      subjectType: isCompany ? 'company' : 'individual',
      nationalities: isCompany ? undefined : random() < 0.1 ? [pick(countries), pick(countries)] : [pick(countries)],
      countryOfResidence: sometimes(0.95, () => pick(countries)),
      countryOfIncorporation: isCompany ? pick(countries) : undefined,
      state: sometimes(0.6, () => pick(codes('state'))),
      workType: isCompany ? undefined : sometimes(0.9, () => pick(codes('workType'))),
      industry: sometimes(0.9, () => pick(codes('industry'))),
      products: [pick(codes('product')), ...(random() < 0.3 ? [pick(codes('product'))] : [])],
      relationship: sometimes(0.2, () => pick(codes('relationship'))),
      investment: sometimes(0.7, () => Math.floor(random() * 80_000_000)),
      isFaceToFace: sometimes(0.9, () => random() < 0.5),
      purposeOfAction: sometimes(0.8, () => pick(codes('purposeOfAction'))),
      gender: isCompany ? undefined : pick(codes('gender')),
      assetsUnderManagement: sometimes(0.5, () => Math.floor(random() * 400_000_000)),
      hasSarHistory: sometimes(0.9, () => random() < 0.02),
      adverseMedia: sometimes(0.7, () => pick(codes('adverseMedia'))),
      entityType: isCompany ? pick(codes('entityType')) : undefined,
      pepAnswers: isCompany ? undefined : Object.fromEntries(PEP_QUESTIONS.map((question) => [question, random() < 0.03])),
      documentStatus: sometimes(0.8, () => pick(['matched', 'nearing-expiry', 'expired', 'mismatched'] as const)),
      faceMatch: sometimes(0.8, () => (random() < 0.97 ? 'matched' : 'not-matched')),
      liveness: sometimes(0.8, () => (random() < 0.98 ? 'passed' : 'failed')),
      screeningHits: sometimes(0.9, () =>
        Array.from({ length: Math.floor(random() * 3) }, () => ({
          hitType: pick(HIT_TYPES),
          score: Math.floor(random() * 100),
          determination: pick(['open', 'open', 'false-positive', 'genuine'] as const),
        })),
      ),
      registryFlags: isCompany ? { hasInsolvencyHistory: random() < 0.05, accountsOverdue: random() < 0.05 } : undefined,
      custom: { sourceOfFundsEvidenced: random() < 0.8, expectsCashDeposits: random() < 0.2 },
    };
    customers.push(JSON.parse(JSON.stringify(facts)) as RiskFacts);
  }
  return customers;
}

interface Throughput {
  /** Ratings per second of CPU time this process used: the "one core" figure, steady on a shared machine. */
  perCpuSecond: number;
  /** Ratings per second of wall-clock time: lower whenever other processes take the core. */
  perWallSecond: number;
}

/** Rates the sample round after round until the time is up. The sink keeps results alive. */
function measure(rate: (facts: RiskFacts) => unknown, customers: readonly RiskFacts[]): Throughput {
  let sink = 0;
  for (const facts of customers.slice(0, 2_000)) sink += rate(facts) === null ? 1 : 0;
  let rated = 0;
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  while (performance.now() - started < MEASURE_MS) {
    for (const facts of customers) sink += rate(facts) === null ? 1 : 0;
    rated += customers.length;
  }
  const wallSeconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  if (sink < 0) console.log(sink);
  return { perCpuSecond: rated / ((cpu.user + cpu.system) / 1e6), perWallSecond: rated / wallSeconds };
}

type Rater = 'engine' | 'naive';

function measureInChild(rater: Rater): Throughput {
  const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--measure', rater], {
    encoding: 'utf8',
  });
  const line = child.stdout.trim().split('\n').at(-1) ?? '';
  if (child.status !== 0 || !line.startsWith('{')) throw new Error(`measuring ${rater} failed: ${child.stderr || line}`);
  return JSON.parse(line) as Throughput;
}

const configInput = buildTwentyFactorConfig();
const measureIndex = process.argv.indexOf('--measure');

if (measureIndex > 0) {
  const rater = process.argv[measureIndex + 1] as Rater;
  const model = compileRiskModel(configInput);
  const storedConfig = parseRiskConfig(configInput);
  const customers = generateCustomers(configInput, SAMPLE_SIZE);
  const rate =
    rater === 'engine'
      ? (facts: RiskFacts) => rateCustomer(model, facts, { now: NOW })
      : (facts: RiskFacts) => rateNaively(storedConfig, facts, NOW);
  console.log(JSON.stringify(measure(rate, customers)));
} else {
  const compileStarted = performance.now();
  const model = compileRiskModel(configInput);
  const compileMs = performance.now() - compileStarted;
  const storedConfig = parseRiskConfig(configInput);
  const customers = generateCustomers(configInput, SAMPLE_SIZE);

  const disagreements = customers.filter((facts) => {
    const engine = rateCustomer(model, facts, { now: NOW });
    const naive = rateNaively(storedConfig, facts, NOW);
    return (
      engine.totalScore !== naive.totalScore ||
      engine.level !== naive.level ||
      JSON.stringify(engine.riskTable) !== JSON.stringify(naive.riskTable) ||
      engine.overrideTable.length !== naive.overrideTable.length ||
      engine.nextReviewDate !== naive.nextReviewDate
    );
  });
  if (disagreements.length > 0) {
    console.error(`engine and naive rater disagree on ${disagreements.length} customers, e.g. ${JSON.stringify(disagreements[0])}`);
    process.exit(1);
  }
  const levels: Record<string, number> = {};
  for (const facts of customers) {
    const level = rateCustomer(model, facts, { now: NOW }).level;
    levels[level] = (levels[level] ?? 0) + 1;
  }

  const runs: Record<Rater, Throughput[]> = { engine: [], naive: [] };
  for (let attempt = 0; attempt < ROUNDS; attempt += 1) {
    runs.naive.push(measureInChild('naive'));
    runs.engine.push(measureInChild('engine'));
  }
  const best = (list: Throughput[], key: keyof Throughput) => Math.max(...list.map((run) => run[key]));
  const enginePerSecond = best(runs.engine, 'perCpuSecond');
  const naivePerSecond = best(runs.naive, 'perCpuSecond');
  const engineWall = best(runs.engine, 'perWallSecond');
  const naiveWall = best(runs.naive, 'perWallSecond');
  const describeRuns = (list: Throughput[]) =>
    list.map((run) => `${Math.round(run.perCpuSecond)} (wall ${Math.round(run.perWallSecond)})`).join(', ');

  console.log(`model: ${model.factors.length} factors, version ${model.version}, compiled in ${round(compileMs)} ms`);
  console.log(
    `sample: ${SAMPLE_SIZE} generated customers, levels ${JSON.stringify(levels)}; engine and naive rater agree on every total, level, risk table and review date`,
  );
  console.log(`runs, ratings per CPU second: engine ${describeRuns(runs.engine)}; naive ${describeRuns(runs.naive)}`);
  report('ratings per second on one core (compiled model, full explanation)', enginePerSecond, 'ratings/s', {
    baseline: naivePerSecond,
    target: `>= ${TARGET_PER_SECOND}`,
  });
  report('ratings per wall-clock second (shared machine)', engineWall, 'ratings/s', { baseline: naiveWall });
  const file = writeResult('risk-bench', {
    factors: model.factors.length,
    sampleSize: SAMPLE_SIZE,
    measureSecondsEach: MEASURE_MS / 1000,
    method:
      'each rater measured three times in fresh processes, alternating; ratings divided by the CPU time the process used (one core), best run counts; wall-clock rate beside it',
    compileMs: round(compileMs),
    ratingsPerSecond: Math.round(enginePerSecond),
    microsecondsPerRating: round(1e6 / enginePerSecond),
    ratingsPerWallSecond: Math.round(engineWall),
    runs: {
      engine: runs.engine.map((run) => ({ perCpuSecond: Math.round(run.perCpuSecond), perWallSecond: Math.round(run.perWallSecond) })),
      naive: runs.naive.map((run) => ({ perCpuSecond: Math.round(run.perCpuSecond), perWallSecond: Math.round(run.perWallSecond) })),
    },
    baseline: {
      name: 'naive rater scanning the stored factor tables per rating, building the same explanation',
      ratingsPerSecond: Math.round(naivePerSecond),
      ratingsPerWallSecond: Math.round(naiveWall),
    },
    speedup: round(enginePerSecond / naivePerSecond),
    target: { ratingsPerSecond: TARGET_PER_SECOND, isMet: enginePerSecond >= TARGET_PER_SECOND },
    levels,
  });
  console.log(`written to ${file}`);
  if (enginePerSecond < TARGET_PER_SECOND) process.exitCode = 1;
}
