import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseLockedError, lockDataDirectory } from './pglite-lock';

const dirs: string[] = [];
function scratch(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sanad-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A live process that is not this one: a child that sleeps until killed. */
function otherProcess() {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => undefined, 60000)'], { stdio: 'ignore' });
  return { pid: child.pid ?? 0, stop: () => child.kill('SIGKILL'), exited: new Promise((resolve) => child.once('exit', resolve)) };
}

describe('the embedded database directory lock', () => {
  it('holds the directory with this process id and frees it on release', async () => {
    const dir = scratch();
    const lock = await lockDataDirectory(dir);
    expect(readFileSync(path.join(dir, 'sanad.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(existsSync(path.join(dir, 'sanad.lock'))).toBe(false);
  });

  it('refuses a second open in the same process', async () => {
    const dir = scratch();
    const lock = await lockDataDirectory(dir);
    await expect(lockDataDirectory(dir, { waitMs: 0 })).rejects.toThrow(DatabaseLockedError);
    lock.release();
  });

  it('takes over a lock whose process is gone', async () => {
    const dir = scratch();
    const gone = otherProcess();
    gone.stop();
    await gone.exited;
    writeFileSync(path.join(dir, 'sanad.lock'), String(gone.pid));
    const lock = await lockDataDirectory(dir, { waitMs: 0 });
    expect(readFileSync(path.join(dir, 'sanad.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
  });

  it('waits for a live owner that is shutting down, and refuses one that stays', async () => {
    const dir = scratch();
    const owner = otherProcess();
    writeFileSync(path.join(dir, 'sanad.lock'), String(owner.pid));
    await expect(lockDataDirectory(dir, { waitMs: 200, pollMs: 20 })).rejects.toThrow(`Another Sanad process (pid ${owner.pid}) is using the embedded database`);

    const waiting = lockDataDirectory(dir, { waitMs: 10_000, pollMs: 20 });
    setTimeout(() => owner.stop(), 150);
    const lock = await waiting;
    expect(readFileSync(path.join(dir, 'sanad.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
  });
});
