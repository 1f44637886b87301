/**
 * Runs every bench/<area>.<kind>.ts in its own process, one after another, so that one
 * benchmark's memory and JIT state never colour the next. `kind` is `bench` or `eval`;
 * further arguments narrow the run to the named areas (`npm run bench -- screening`).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './lib';

const [kind = 'bench', ...areas] = process.argv.slice(2);
if (kind !== 'bench' && kind !== 'eval') {
  console.error(`Unknown kind '${kind}': use bench or eval`);
  process.exit(2);
}

const suffix = `.${kind}.ts`;
const files = readdirSync(path.join(REPO_ROOT, 'bench'))
  .filter((file) => file.endsWith(suffix))
  .filter((file) => areas.length === 0 || areas.includes(file.slice(0, -suffix.length)))
  .toSorted();

let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', path.join('bench', file)], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    failed += 1;
    console.error(`${file} exited with ${result.status ?? result.signal}`);
  }
}
console.log(`\n${files.length - failed} of ${files.length} ${kind} files completed; results in bench/results/`);
process.exit(failed === 0 ? 0 : 1);
