import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { assertBlobName, type BlobStore } from './blob-store';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Files on local disk, fanned out by the first two characters so no folder grows huge. */
export function createLocalBlobStore(root: string): BlobStore {
  const locate = (name: string) => {
    assertBlobName(name);
    return path.join(root, name.slice(0, 2), name);
  };
  return {
    kind: 'local',
    stagingDir: path.join(root, '.staging'),
    async put(name, body) {
      const target = locate(name);
      await mkdir(path.dirname(target), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, body, { mode: 0o600 });
      await rename(temporary, target);
    },
    async putFile(name, sourcePath) {
      const target = locate(name);
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await rename(sourcePath, target);
      } catch (error) {
        // A staging folder on another disk: copy, then drop the original.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
        await copyFile(sourcePath, temporary);
        await rename(temporary, target);
        await rm(sourcePath, { force: true });
      }
    },
    async get(name) {
      try {
        return await readFile(locate(name));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async getStream(name): Promise<Readable | null> {
      const target = locate(name);
      try {
        await stat(target);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      return createReadStream(target);
    },
    async delete(name) {
      await rm(locate(name), { force: true });
    },
  };
}
