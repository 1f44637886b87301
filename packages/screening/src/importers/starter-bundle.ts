import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { screeningPackageDir } from '../package-dir';
import type { ListFormat, ListImportResult } from './import-result';
import { importList, isListFormat } from './list-importer';
import { ListImportError } from './list-import-error';
import { sourceFromFiles } from './list-source';

/** Where the package keeps its starter lists; a server that bundles its code passes its own copy's path. */
export const STARTER_DIR = path.join(screeningPackageDir(), 'starter');

export interface StarterFile {
  name: string;
  sourceUrl: string;
  sha256: string;
  bytes: number;
}

export interface StarterList {
  key: string;
  format: ListFormat;
  directory: string;
  asOf: string;
  publisher: string;
  licence: string;
  files: StarterFile[];
}

export interface StarterManifest {
  description: string;
  lists: StarterList[];
}

export async function readStarterManifest(dir: string = STARTER_DIR): Promise<StarterManifest> {
  const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as StarterManifest;
  for (const list of manifest.lists) {
    if (!isListFormat(list.format))
      throw new ListImportError(`starter list ${list.key} has unknown format '${list.format}'`, null, 'manifest.json');
  }
  return manifest;
}

/**
 * Imports every list of the starter bundle (the public-domain UN, OFAC SDN, OFAC consolidated
 * and BIS DPL files shipped in starter/), each dated by the manifest when the file itself carries
 * no date. A file whose checksum differs from the manifest is refused: the bundle is shipped
 * unchanged or not at all.
 */
export async function loadStarterBundle(dir: string = STARTER_DIR): Promise<{ list: StarterList; result: ListImportResult }[]> {
  const manifest = await readStarterManifest(dir);
  // Every checksum is verified before anything is imported, so a damaged bundle fails at once.
  const contents: Record<string, Uint8Array>[] = [];
  for (const list of manifest.lists) {
    const files: Record<string, Uint8Array> = {};
    for (const file of list.files) {
      const bytes = await readFile(path.join(dir, list.directory, file.name));
      const digest = createHash('sha256').update(bytes).digest('hex');
      if (digest !== file.sha256)
        throw new ListImportError(`checksum of ${list.directory}/${file.name} differs from the manifest`, null, file.name);
      files[file.name] = bytes;
    }
    contents.push(files);
  }
  const loaded: { list: StarterList; result: ListImportResult }[] = [];
  for (const [index, list] of manifest.lists.entries()) {
    const result = await importList(list.format, sourceFromFiles(contents[index] ?? {}), { list: list.key });
    loaded.push({ list, result: { ...result, asOf: result.asOf ?? list.asOf } });
  }
  return loaded;
}
