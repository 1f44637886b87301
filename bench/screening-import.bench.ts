/**
 * Watch-list import speed and memory on the real lists, each beside a plain tokenisation of the
 * same files (csv-parse or a saxes pass with no handlers) measured in the same run, and the
 * version-diff time of OFAC SDN 2019 → 2021 beside a plain id-set comparison, plus a 100,000-entity
 * diff. Every list is measured in its own child process so that one list's peak memory never
 * colours the next. Run: npm run bench -- screening-import
 */
import { spawnSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseCsv } from 'csv-parse/sync';
import { SaxesParser } from 'saxes';
import type { ListFormat } from '../packages/screening/src/importers/import-result';
import { importList } from '../packages/screening/src/importers/list-importer';
import { sourceFromPath } from '../packages/screening/src/importers/list-source';
import { decodeText } from '../packages/screening/src/importers/text-decoding';
import type { WatchlistEntity } from '../packages/screening/src/model';
import { createListVersion } from '../packages/screening/src/versions/list-version';
import { diffEntityLists, diffListVersions } from '../packages/screening/src/versions/version-diff';
import { findSharedData, percentile, report, round, writeResult } from './lib';

interface ListCase {
  name: string;
  format: ListFormat;
  /** Under screening/lists/. */
  target: string;
  delimiter?: string;
}

const LISTS: readonly ListCase[] = [
  { name: 'un-2026', format: 'un', target: 'un/UN_consolidated_2026-02-27.xml' },
  { name: 'un-2018', format: 'un', target: 'un/UN_consolidated_2018-10-29.xml' },
  { name: 'ofac-sdn-2021', format: 'ofac', target: 'ofac-sdn-2021' },
  { name: 'ofac-sdn-2019', format: 'ofac', target: 'ofac-sdn-2019' },
  { name: 'ofac-cons-2025', format: 'ofac', target: 'ofac-non-sdn-2025-12' },
  { name: 'bis-dpl-2022', format: 'bis-dpl', target: 'us-bis-dpl/dpl_2022.txt', delimiter: '\t' },
  { name: 'uk-ofsi-excerpt', format: 'uk-ofsi', target: 'uk/ConList_excerpt_2020.csv' },
  { name: 'eu-fsf-excerpt', format: 'eu-fsf', target: 'eu/EU_FSF_excerpt_2018.csv', delimiter: ';' },
  { name: 'ftm-zala', format: 'ftm', target: 'ftm/zala.ftm.json' },
];

const RUNS = 5;
const SELF = fileURLToPath(import.meta.url);

async function filesOf(target: string): Promise<string[]> {
  if (!path.extname(target)) return (await readdir(target)).map((name) => path.join(target, name)).toSorted();
  return [target];
}

/** The baseline: tokenise the same bytes with the bare parser and do nothing with the tokens. */
async function tokenise(list: ListCase, target: string): Promise<number> {
  let tokens = 0;
  for (const file of await filesOf(target)) {
    const text = decodeText(await readFile(file));
    if (file.endsWith('.xml')) {
      const parser = new SaxesParser();
      parser.on('opentag', () => {
        tokens += 1;
      });
      parser.write(text).close();
    } else if (file.endsWith('.json')) {
      for (const line of text.split('\n')) if (line.trim()) tokens += Object.keys(JSON.parse(line) as object).length;
    } else {
      const rows = parseCsv(text.replaceAll('\u001a', ''), {
        delimiter: list.delimiter ?? ',',
        relax_column_count: true,
        relax_quotes: true,
      }) as string[][];
      tokens += rows.length;
    }
  }
  return tokens;
}

/**
 * Median wall-clock and CPU (user + system) milliseconds over RUNS runs after one warm-up. The
 * machine is shared, so CPU time is the figure reported: it does not grow while the process waits
 * for a core.
 */
async function timeRuns(run: () => Promise<unknown>): Promise<{ wallMs: number; cpuMs: number }> {
  await run();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    const start = performance.now();
    const usage = process.cpuUsage();
    await run();
    const spent = process.cpuUsage(usage);
    wall.push(performance.now() - start);
    cpu.push((spent.user + spent.system) / 1000);
  }
  return {
    wallMs: percentile(
      wall.toSorted((a, b) => a - b),
      50,
    ),
    cpuMs: percentile(
      cpu.toSorted((a, b) => a - b),
      50,
    ),
  };
}

/** Child mode: measure one list and print one JSON line. */
async function measureOne(name: string, mode: string, lists: string): Promise<void> {
  const list = LISTS.find((candidate) => candidate.name === name);
  if (!list) throw new Error(`unknown list ${name}`);
  const target = path.join(lists, list.target);
  if (mode === 'time') {
    const parse = await timeRuns(async () => importList(list.format, await sourceFromPath(target)));
    const baseline = await timeRuns(async () => tokenise(list, target));
    const result = await importList(list.format, await sourceFromPath(target));
    console.log(
      JSON.stringify({
        parseCpuMs: parse.cpuMs,
        parseWallMs: parse.wallMs,
        baselineCpuMs: baseline.cpuMs,
        baselineWallMs: baseline.wallMs,
        entities: result.entities.length,
        warnings: result.warnings.length,
      }),
    );
    return;
  }
  globalThis.gc?.();
  const before = process.memoryUsage().heapUsed;
  const kept = mode === 'peak-import' ? await importList(list.format, await sourceFromPath(target)) : await tokenise(list, target);
  globalThis.gc?.();
  const retained = process.memoryUsage().heapUsed - before;
  console.log(JSON.stringify({ peakRssMb: process.resourceUsage().maxRSS / 1024, retainedMb: retained / 1048576, kept: typeof kept }));
}

function runChild(name: string, mode: string, lists: string): Record<string, number> {
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', SELF, '--one', name, mode, lists], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`${name} ${mode} failed: ${child.stderr}`);
  return JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, number>;
}

/** Spreads a list to `size` entities with fresh ids, and changes every tenth one for the "after" side. */
function scaleUp(entities: readonly WatchlistEntity[], size: number): { before: WatchlistEntity[]; after: WatchlistEntity[] } {
  const before: WatchlistEntity[] = [];
  for (let index = 0; index < size; index += 1) {
    const source = entities[index % entities.length];
    if (source) before.push({ ...source, id: `S${index}` });
  }
  const after = before.map((entity, index) => (index % 10 === 0 ? { ...entity, remarks: `${entity.remarks ?? ''} amended` } : entity));
  return { before, after: after.slice(size / 100) };
}

async function main(): Promise<void> {
  const data = findSharedData();
  if (!data) {
    console.log('screening-import: shared data not found (SANAD_EVAL_DATA or ../shared/data); skipped every list.');
    return;
  }
  const lists = path.join(data, 'screening', 'lists');
  const figures: Record<string, unknown> = { runsPerFigure: RUNS, statistic: 'median' };
  for (const list of LISTS) {
    const time = runChild(list.name, 'time', lists);
    const importPeak = runChild(list.name, 'peak-import', lists);
    const baselinePeak = runChild(list.name, 'peak-baseline', lists);
    report(`${list.name} parse (${time.entities} entities), CPU`, time.parseCpuMs ?? Number.NaN, 'ms', { baseline: time.baselineCpuMs });
    report(`${list.name} peak RSS`, importPeak.peakRssMb ?? Number.NaN, 'MB', { baseline: baselinePeak.peakRssMb });
    figures[list.name] = {
      entities: time.entities,
      warnings: time.warnings,
      parseCpuMs: round(time.parseCpuMs ?? Number.NaN),
      parseWallMs: round(time.parseWallMs ?? Number.NaN),
      baselineTokeniseCpuMs: round(time.baselineCpuMs ?? Number.NaN),
      baselineTokeniseWallMs: round(time.baselineWallMs ?? Number.NaN),
      entitiesPerCpuSecond: round(((time.entities ?? 0) / (time.parseCpuMs ?? Number.NaN)) * 1000, 0),
      peakRssMb: round(importPeak.peakRssMb ?? Number.NaN),
      baselinePeakRssMb: round(baselinePeak.peakRssMb ?? Number.NaN),
      retainedHeapMb: round(importPeak.retainedMb ?? Number.NaN),
    };
  }

  const sdn2019 = (await importList('ofac', await sourceFromPath(path.join(lists, 'ofac-sdn-2019')))).entities;
  const sdn2021 = (await importList('ofac', await sourceFromPath(path.join(lists, 'ofac-sdn-2021')))).entities;
  const diffTimes = await timeRuns(async () => diffEntityLists(sdn2019, sdn2021));
  const idTimes = await timeRuns(async () => {
    const old = new Set(sdn2019.map((entity) => entity.id));
    const current = new Set(sdn2021.map((entity) => entity.id));
    return [[...current].filter((id) => !old.has(id)), [...old].filter((id) => !current.has(id))];
  });
  const diff = diffEntityLists(sdn2019, sdn2021);
  report('OFAC SDN 2019 → 2021 diff, CPU', diffTimes.cpuMs, 'ms', { baseline: idTimes.cpuMs });
  const scaled = scaleUp(sdn2021, 100_000);
  const scaledTimes = await timeRuns(async () => diffEntityLists(scaled.before, scaled.after));
  const scaledVersion = createListVersion({ list: 'ofac-sdn', entities: scaled.before });
  const idScaledTimes = await timeRuns(async () => {
    const old = new Set(scaled.before.map((entity) => entity.id));
    return scaled.after.filter((entity) => !old.has(entity.id)).length;
  });
  const scaledDiff = diffEntityLists(scaled.before, scaled.after);
  const storedTimes = await timeRuns(async () =>
    diffListVersions(scaledVersion, createListVersion({ list: 'ofac-sdn', entities: scaled.after })),
  );
  report('100,000-entity diff, both sides hashed, CPU', scaledTimes.cpuMs, 'ms', { baseline: idScaledTimes.cpuMs });
  report('100,000-entity diff against a stored version, CPU', storedTimes.cpuMs, 'ms', { baseline: idScaledTimes.cpuMs });
  figures.ofacSdnDiff2019to2021 = {
    diffCpuMs: round(diffTimes.cpuMs),
    diffWallMs: round(diffTimes.wallMs),
    baselineIdSetCpuMs: round(idTimes.cpuMs),
    added: diff.added.length,
    removed: diff.removed.length,
    changed: diff.changed.length,
    unchanged: diff.unchangedCount,
  };
  figures.diff100k = {
    entities: scaled.before.length,
    diffCpuMs: round(scaledTimes.cpuMs),
    diffWallMs: round(scaledTimes.wallMs),
    againstStoredVersionCpuMs: round(storedTimes.cpuMs),
    baselineIdSetCpuMs: round(idScaledTimes.cpuMs),
    changed: scaledDiff.changed.length,
    removed: scaledDiff.removed.length,
  };
  console.log(`written ${writeResult('screening-import', figures)}`);
}

const oneIndex = process.argv.indexOf('--one');
if (oneIndex !== -1) {
  const [name = '', mode = 'time', lists = ''] = process.argv.slice(oneIndex + 1);
  await measureOne(name, mode, lists);
} else {
  await main();
}
