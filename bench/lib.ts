import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Where the shared evaluation data lives: SANAD_EVAL_DATA, else ../shared/data beside the checkout.
 * Returns null when absent, so a benchmark can say what it skipped instead of failing on a fresh machine.
 */
export function findSharedData(): string | null {
  const candidates = [process.env.SANAD_EVAL_DATA, path.resolve(REPO_ROOT, '../shared/data')];
  return candidates.find((dir): dir is string => Boolean(dir && existsSync(dir))) ?? null;
}

/** Writes bench/results/<name>.json with the run's date and machine beside the figures. */
export function writeResult(name: string, figures: Record<string, unknown>): string {
  const dir = path.join(REPO_ROOT, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.json`);
  const body = {
    name,
    measuredAt: new Date().toISOString(),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    ...figures,
  };
  writeFileSync(file, `${JSON.stringify(body, null, 2)}\n`);
  return file;
}

export function percentile(sortedAscending: readonly number[], p: number): number {
  if (sortedAscending.length === 0) return Number.NaN;
  const index = Math.min(sortedAscending.length - 1, Math.ceil((p / 100) * sortedAscending.length) - 1);
  return sortedAscending[Math.max(0, index)] ?? Number.NaN;
}

/** Prints one figure beside its baseline and the target, so a reader sees the ratio at a glance. */
export function report(label: string, value: number, unit: string, extra: { baseline?: number; target?: string } = {}): void {
  const parts = [`${label}: ${round(value)} ${unit}`];
  if (extra.baseline !== undefined) parts.push(`baseline ${round(extra.baseline)} ${unit} (x${round(value / extra.baseline)})`);
  if (extra.target) parts.push(`target ${extra.target}`);
  console.log(parts.join(' | '));
}

export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/**
 * Re-runs the calling script (its `import.meta.url`) under `taskset -c 0` with libvips and the libuv
 * pool limited to one thread, so that the figures are for one core whatever the machine has, and
 * exits with its status. In the pinned run, or where taskset is missing (then measured unpinned), it
 * returns at once. `SANAD_BENCH_PINNED` is '1' in the pinned run.
 */
export function pinToOneCore(scriptUrl: string): void {
  if (process.env.SANAD_BENCH_PINNED) return;
  const result = spawnSync('taskset', ['-c', '0', process.execPath, ...process.execArgv, fileURLToPath(scriptUrl)], {
    stdio: 'inherit',
    env: { ...process.env, SANAD_BENCH_PINNED: '1', VIPS_CONCURRENCY: '1', UV_THREADPOOL_SIZE: '1' },
  });
  if (result.error) {
    console.log(`taskset unavailable (${result.error.message}); measuring unpinned`);
    process.env.SANAD_BENCH_PINNED = '0';
    return;
  }
  process.exit(result.status ?? 1);
}
