import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOG_ACTIONS, LOG_MODULES } from '@sanad/contracts/log-modules';

const SOURCE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Every snake_case literal written as an audit action (`action: 'x'` or `action: cond ? 'x' : 'y'`). */
function writtenActionCodes(): Set<string> {
  const codes = new Set<string>();
  for (const file of sourceFiles(SOURCE_ROOT)) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!/^\s*action:/.test(line)) continue;
      for (const match of line.matchAll(/'([a-z]+(?:_[a-z]+)+)'/g)) if (match[1]) codes.add(match[1]);
    }
  }
  return codes;
}

describe('the action-code catalogue', () => {
  it('lists every action code the server writes', () => {
    const catalogued = new Set(LOG_MODULES.flatMap((module) => LOG_ACTIONS[module]));
    const written = writtenActionCodes();
    expect(written.size).toBeGreaterThan(40);
    expect([...written].filter((code) => !catalogued.has(code))).toEqual([]);
  });

  it('includes the examples the spec gives', () => {
    expect(LOG_ACTIONS.authentication).toContain('logged_in');
    expect(LOG_ACTIONS.system_users).toContain('created_user');
    expect(LOG_ACTIONS.system_logs).toContain('exported_logs');
  });
});
