import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
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

function tryCreate(file: string): boolean {
  try {
    const fd = openSync(file, 'wx', 0o600);
    writeSync(fd, String(process.pid));
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
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
  const file = path.join(dir, LOCK_FILE);
  const deadline = Date.now() + (options.waitMs ?? 30_000);
  for (;;) {
    if (tryCreate(file)) break;
    const owner = readOwner(file);
    if (owner === process.pid) throw new DatabaseLockedError(`The embedded database at ${dir} is already open in this process`);
    if (owner === null || !isAlive(owner)) {
      // Stale: its process is gone (or the file was left half-written by a crash).
      removeIfOwnedBy(file, owner);
      continue;
    }
    if (Date.now() >= deadline) {
      throw new DatabaseLockedError(
        `Another Sanad process (pid ${owner}) is using the embedded database at ${dir}. Stop it first, or run several processes on PostgreSQL with DATABASE_URL.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 100));
  }
  const releaseOnExit = () => removeIfOwnedBy(file, process.pid);
  process.once('exit', releaseOnExit);
  return {
    release() {
      process.off('exit', releaseOnExit);
      removeIfOwnedBy(file, process.pid);
    },
  };
}
