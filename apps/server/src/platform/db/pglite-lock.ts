import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite has no lock of its own: two processes opening one data directory corrupt it. The lock is a
 * file holding the owner's pid, created exclusively. A lock whose process is gone is stale and taken
 * over; a live owner (typically the previous server still finishing its shutdown after Ctrl-C) is
 * waited for, up to `waitMs`, and then refused with a message that says what to do.
 */
export class DatabaseLockedError extends Error {
  override name = 'DatabaseLockedError';
}

export interface DirectoryLock {
  release(): void;
}

const LOCK_FILE = 'sanad.lock';
/**
 * A lock file without a pid is taken over only when older than this. Locks are linked into place
 * whole, so only a file from a crash mid-write (or an older version, which wrote in two steps) can
 * be empty, and a writer still in its first moments must not lose its lock.
 */
const UNREADABLE_LOCK_STALE_MS = 5_000;

/**
 * Lock files held by this process. A lock naming our pid that is not here was left by an earlier
 * process that had the same pid: common in containers, where the server is often pid 1 every time.
 */
const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Links a complete file into place, so no other process ever reads a lock without its pid. */
function tryCreate(file: string): boolean {
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(draft, String(process.pid), { mode: 0o600 });
  try {
    linkSync(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(draft);
  }
}

/** How long ago the lock file was written; a file already gone counts as old. */
function ageMs(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

function removeIfOwnedBy(file: string, pid: number | null): void {
  if (readOwner(file) !== pid) return;
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}

export async function lockDataDirectory(dir: string, options: { waitMs?: number; pollMs?: number } = {}): Promise<DirectoryLock> {
  const file = path.resolve(dir, LOCK_FILE);
  const deadline = Date.now() + (options.waitMs ?? 30_000);
  for (;;) {
    if (tryCreate(file)) break;
    const owner = readOwner(file);
    if (owner === process.pid && heldHere.has(file)) {
      throw new DatabaseLockedError(`The embedded database at ${dir} is already open in this process`);
    }
    const isStale = owner === null ? ageMs(file) > UNREADABLE_LOCK_STALE_MS : owner === process.pid || !isAlive(owner);
    if (isStale) {
      removeIfOwnedBy(file, owner);
      continue;
    }
    if (Date.now() >= deadline) {
      throw new DatabaseLockedError(
        `Another Sanad process${owner === null ? '' : ` (pid ${owner})`} is using the embedded database at ${dir}. Stop it first, or run several processes on PostgreSQL with DATABASE_URL.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 100));
  }
  heldHere.add(file);
  const release = () => {
    heldHere.delete(file);
    removeIfOwnedBy(file, process.pid);
  };
  process.once('exit', release);
  return {
    release() {
      process.off('exit', release);
      release();
    },
  };
}
