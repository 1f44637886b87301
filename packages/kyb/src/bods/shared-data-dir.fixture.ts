import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * The BODS examples of the shared evaluation data (SANAD_EVAL_DATA, else ../shared/data beside the
 * checkout, as bench/lib.ts finds it). Null when absent: a CI clone has no shared data and the tests
 * over it skip, while the tests over generated structures still run.
 */
export function findBodsExamplesDir(): string | null {
  const candidates = [process.env.SANAD_EVAL_DATA, path.resolve(REPO_ROOT, '../shared/data')];
  const root = candidates.find((dir): dir is string => Boolean(dir && existsSync(path.join(dir, 'kyb/bods/examples'))));
  return root ? path.join(root, 'kyb/bods/examples') : null;
}
