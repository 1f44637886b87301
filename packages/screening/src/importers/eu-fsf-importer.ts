import { importEuFsfCsv } from './eu-fsf-csv-importer';
import { importEuFsfXml } from './eu-fsf-xml-importer';
import type { ImportOptions, ListImportResult } from './import-result';
import { type ListSource, pickSingleFile } from './list-source';

/** The EU financial sanctions file in either layout: XML when the file opens with '<', else the semicolon CSV. */
export async function importEuFsf(source: ListSource, options: ImportOptions = {}): Promise<ListImportResult> {
  const file = pickSingleFile(source, /\.(xml|csv)$/i);
  const head = new TextDecoder().decode((await firstChunk(source, file)).subarray(0, 64));
  return head
    .replace(/^\uFEFF/, '')
    .trimStart()
    .startsWith('<')
    ? importEuFsfXml(source, file, options)
    : importEuFsfCsv(source, file, options);
}

async function firstChunk(source: ListSource, file: string): Promise<Uint8Array> {
  for await (const chunk of source.openStream(file)) return chunk;
  return new Uint8Array();
}
