import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
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
    expect(readdirSync(dir)).toEqual(['sanad.lock']);
    lock.release();
    expect(existsSync(path.join(dir, 'sanad.lock'))).toBe(false);
  });

  it('can be taken again in this process once released', async () => {
    const dir = scratch();
    (await lockDataDirectory(dir)).release();
    const again = await lockDataDirectory(dir, { waitMs: 0 });
    expect(readFileSync(path.join(dir, 'sanad.lock'), 'utf8')).toBe(String(process.pid));
    again.release();
  });

  it('takes over a lock with this process id that an earlier process with the same pid left', async () => {
    const dir = scratch();
    // A container restarted after a crash: the new server has the old one's pid.
    writeFileSync(path.join(dir, 'sanad.lock'), String(process.pid));
    const lock = await lockDataDirectory(dir, { waitMs: 0 });
    await expect(lockDataDirectory(dir, { waitMs: 0 })).rejects.toThrow('already open in this process');
    lock.release();
  });

  it('leaves a young lock file without a pid to its writer, and takes over an old one', async () => {
    const dir = scratch();
    const file = path.join(dir, 'sanad.lock');
    writeFileSync(file, '');
    await expect(lockDataDirectory(dir, { waitMs: 0 })).rejects.toThrow(DatabaseLockedError);
    expect(readFileSync(file, 'utf8')).toBe('');

    const aMinuteAgo = new Date(Date.now() - 60_000);
    utimesSync(file, aMinuteAgo, aMinuteAgo);
    const lock = await lockDataDirectory(dir, { waitMs: 0 });
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid));
    lock.release();
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
    await expect(lockDataDirectory(dir, { waitMs: 200, pollMs: 20 })).rejects.toThrow(
      `Another Sanad process (pid ${owner.pid}) is using the embedded database`,
    );

    const waiting = lockDataDirectory(dir, { waitMs: 10_000, pollMs: 20 });
    setTimeout(() => owner.stop(), 150);
    const lock = await waiting;
    expect(readFileSync(path.join(dir, 'sanad.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
  });
});
