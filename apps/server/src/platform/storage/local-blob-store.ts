import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { assertBlobName, type BlobStore } from './blob-store';

/** Files on local disk, fanned out by the first two characters so no folder grows huge. */
export function createLocalBlobStore(root: string): BlobStore {
  const locate = (name: string) => {
    assertBlobName(name);
    return path.join(root, name.slice(0, 2), name);
  };
  return {
    kind: 'local',
    async put(name, body) {
      const target = locate(name);
      await mkdir(path.dirname(target), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, body, { mode: 0o600 });
      await rename(temporary, target);
    },
    async get(name) {
      try {
        return await readFile(locate(name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(name) {
      await rm(locate(name), { force: true });
    },
  };
}
