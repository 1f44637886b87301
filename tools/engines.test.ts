import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

interface LockEntry {
  version?: string;
  engines?: { node?: string } | string[];
  optional?: boolean;
}

/** The oldest Node the README promises ("You need Node.js 20.19 or newer"). */
function readmeMinimumNode(): string {
  const match = /You need Node\.js (\d+\.\d+) or newer/.exec(read('README.md'));
  if (!match?.[1]) throw new Error('README no longer names its minimum Node version');
  return `${match[1]}.0`;
}

describe('the Node versions the README names', () => {
  const minimum = readmeMinimumNode();

  it('are the ones package.json declares', () => {
    const declared = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
    expect(semver.minVersion(declared)?.version).toBe(minimum);
  });

  it('are supported by every installed package, so npm install prints no engine warning', () => {
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, LockEntry> };
    const refusing = Object.entries(lock.packages)
      .filter(([key, entry]) => key.includes('node_modules/') && !entry.optional)
      .flatMap(([key, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return range && !semver.satisfies(minimum, range) ? [`${key}@${entry.version ?? '?'} needs node ${range}`] : [];
      });
    expect(refusing).toEqual([]);
  });
});
