import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { ListImportError } from './list-import-error';

/**
 * The files of one list import, by base name. Importers read small files whole and stream the
 * large ones (Dow Jones, World-Check, FtM), so the same source serves an upload held in memory
 * and a directory on disk.
 */
export interface ListSource {
  readonly fileNames: readonly string[];
  readFile(name: string): Promise<Uint8Array>;
  openStream(name: string): AsyncIterable<Uint8Array>;
}

/** A source over files already in memory (an uploaded file, a test fixture). */
export function sourceFromFiles(files: Record<string, Uint8Array | string>): ListSource {
  const bytes = new Map<string, Uint8Array>();
  for (const [name, content] of Object.entries(files)) {
    bytes.set(name, typeof content === 'string' ? new TextEncoder().encode(content) : content);
  }
  const get = (name: string): Uint8Array => {
    const content = bytes.get(name);
    if (!content) throw new Error(`No file named ${name} in this source`);
    return content;
  };
  return {
    fileNames: [...bytes.keys()],
    readFile: async (name) => get(name),
    openStream: (name) => chunkBytes(get(name)),
  };
}

async function* chunkBytes(content: Uint8Array, chunkSize = 1 << 16): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < content.length; offset += chunkSize) {
    yield content.subarray(offset, Math.min(content.length, offset + chunkSize));
  }
}

/** A source over a directory (every regular file in it) or a single file. */
export async function sourceFromPath(target: string): Promise<ListSource> {
  const info = await stat(target);
  const dir = info.isDirectory() ? target : path.dirname(target);
  const names = info.isDirectory()
    ? (await readdir(target, { withFileTypes: true }))
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name)
        .toSorted()
    : [path.basename(target)];
  const resolve = (name: string): string => {
    if (!names.includes(name)) throw new Error(`No file named ${name} in ${target}`);
    return path.join(dir, name);
  };
  return {
    fileNames: names,
    readFile: async (name) => readFile(resolve(name)),
    openStream: (name) => createReadStream(resolve(name), { highWaterMark: 1 << 16 }),
  };
}

/** The file whose name matches, ignoring case; undefined when absent. */
export function findFile(source: ListSource, pattern: RegExp): string | undefined {
  return source.fileNames.find((name) => pattern.test(name));
}

/** The one file of a single-file format: the only file, or the only one with the expected extension. */
export function pickSingleFile(source: ListSource, extension: RegExp): string {
  if (source.fileNames.length === 1 && source.fileNames[0]) return source.fileNames[0];
  const candidates = source.fileNames.filter((name) => extension.test(name));
  if (candidates.length === 1 && candidates[0]) return candidates[0];
  throw new ListImportError(
    candidates.length === 0 ? 'no list file found' : `expected one list file, found ${candidates.length}: ${candidates.join(', ')}`,
    null,
  );
}
