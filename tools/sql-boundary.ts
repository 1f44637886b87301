import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Only repositories (and platform/db, which opens connections and runs migrations) run SQL. The
 * import rules cannot see a `db.query(…)` on a handle passed in, so this scan reads the sources.
 */
// `.exec(` counts only with a literal argument: RegExp#exec takes a variable.
const SQL_CALL = /\.(query|raw)\s*(<[^>()]*>)?\s*\(|\.exec\(\s*['"`]|\bqueryOne\s*(<[^>()]*>)?\s*\(|\bsql\s*(<[^>()]*>)?\s*`/;

export function mayRunSql(file: string): boolean {
  const normalised = file.split(path.sep).join('/');
  return (
    normalised.endsWith('.repository.ts') ||
    normalised.includes('/platform/db/') ||
    // The job queue hands pg-boss a connection (or the caller's transaction) to run its own SQL on.
    normalised.endsWith('/platform/jobs/job-queue.ts') ||
    normalised.includes('apps/server/src/db/') ||
    // Tests and their helpers set up and inspect rows directly.
    normalised.endsWith('.test.ts') ||
    normalised.includes('/test-support/')
  );
}

export interface SqlViolation {
  file: string;
  line: number;
  text: string;
}

export function findSqlCalls(file: string, source: string): SqlViolation[] {
  if (mayRunSql(file)) return [];
  return source.split('\n').flatMap((text, index) => (SQL_CALL.test(text) ? [{ file, line: index + 1, text: text.trim() }] : []));
}

function listSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : listSources(full);
    return full.endsWith('.ts') ? [full] : [];
  });
}

export function scanServerForSql(root: string): SqlViolation[] {
  const sources = listSources(path.join(root, 'apps', 'server', 'src'));
  return sources.flatMap((file) => findSqlCalls(path.relative(root, file), readFileSync(file, 'utf8')));
}
