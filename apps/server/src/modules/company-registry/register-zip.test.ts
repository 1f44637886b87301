import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Zip, ZipDeflate, zipSync } from 'fflate';
import { REGISTER_IMPORT_MESSAGES } from '@sanad/contracts/company-registry';
import { checkZipDirectory, inflateZippedCsv, readZipEntry, ZipArchiveError } from './register-zip';

/** A CSV of `rows` lines that compresses only about two to one (random hex in each row). */
function csvText(rows: number): string {
  const lines = ['CompanyName,CompanyNumber'];
  for (let row = 0; row < rows; row += 1)
    lines.push(`COMPANY ${randomBytes(12).toString('hex')} LIMITED,ZZ${String(row).padStart(6, '0')}`);
  return `${lines.join('\r\n')}\r\n`;
}

/** An archive as a streaming writer makes it: sizes left out of the local header, in a data descriptor after the data. */
function streamedZip(name: string, content: string): Buffer {
  const parts: Uint8Array[] = [];
  const zip = new Zip((error, data) => {
    if (error) throw error;
    parts.push(data);
  });
  const entry = new ZipDeflate(name, { level: 6 });
  zip.add(entry);
  entry.push(Buffer.from(content), true);
  zip.end();
  return Buffer.concat(parts);
}

async function* inChunks(bytes: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
}

async function inflated(archive: Buffer, chunkBytes = 1000): Promise<{ text: string; bytesRead: number }> {
  const pieces: Buffer[] = [];
  let bytesRead = 0;
  for await (const piece of inflateZippedCsv(inChunks(archive, chunkBytes), (count) => (bytesRead += count))) pieces.push(piece);
  return { text: Buffer.concat(pieces).toString('utf8'), bytesRead };
}

function entryOf(archive: Buffer) {
  const entry = readZipEntry(archive);
  if (!entry) throw new Error('the archive has no whole local header');
  return entry;
}

async function refusal(archive: Buffer): Promise<string> {
  try {
    await inflated(archive);
  } catch (error) {
    if (error instanceof ZipArchiveError) return error.message;
    throw error;
  }
  return 'read without error';
}

describe('reading a register ZIP as a stream', () => {
  it('inflates a deflated entry whose sizes come after its data, chunk by chunk, counting the archive bytes read', async () => {
    const text = csvText(2000);
    const archive = streamedZip('BasicCompanyDataAsOneFile-2026-11-01.csv', text);
    expect(archive.readUInt16LE(6) & 0x08).toBe(0x08);
    const read = await inflated(archive);
    expect(read.text).toBe(text);
    expect(read.bytesRead).toBe(archive.length);
  });

  it('reads an entry stored without compression, and one deflated with its sizes in the header', async () => {
    const text = csvText(50);
    const stored = Buffer.from(zipSync({ 'register.csv': [Buffer.from(text), { level: 0 }] }));
    expect(stored.readUInt16LE(8)).toBe(0);
    expect((await inflated(stored, 7)).text).toBe(text);
    const deflated = Buffer.from(zipSync({ 'register.csv': Buffer.from(text) }));
    expect((await inflated(deflated, 64 * 1024)).text).toBe(text);
  });

  it('refuses an archive whose data does not match what its directory declares', async () => {
    const text = csvText(200);
    const archive = Buffer.from(zipSync({ 'register.csv': [Buffer.from(text), { level: 0 }] }));
    // One byte of the CSV changed: the stored entry still reads, but its CRC-32 no longer matches.
    const altered = Buffer.from(archive);
    const at = archive.indexOf('ZZ000100');
    altered[at] = 0x59;
    expect(await refusal(altered)).toBe(REGISTER_IMPORT_MESSAGES.zipDamaged);
    // Cut short: the directory at the end is missing.
    expect(await refusal(archive.subarray(0, archive.length - 30))).toBe(REGISTER_IMPORT_MESSAGES.zipDamaged);
  });

  it('refuses a second file, wherever the first entry is not a CSV, and bytes hidden between the data and the directory', () => {
    const two = Buffer.from(zipSync({ 'register.csv': Buffer.from('a,b\r\n'), 'notes.txt': Buffer.from('x') }));
    const first = entryOf(two);
    expect(first.name).toBe('register.csv');
    expect(() => checkZipDirectory(two, two.length, first)).toThrow(REGISTER_IMPORT_MESSAGES.zipManyFiles);

    const notes = Buffer.from(zipSync({ 'notes.txt': Buffer.from('x') }));
    expect(() => readZipEntry(notes)).toThrow(REGISTER_IMPORT_MESSAGES.zipNotCsv('notes.txt'));

    const one = Buffer.from(zipSync({ 'register.csv': Buffer.from('a,b\r\n') }));
    const entry = entryOf(one);
    const directoryAt = one.readUInt32LE(one.length - 22 + 16);
    const padded = Buffer.concat([one.subarray(0, directoryAt), Buffer.alloc(1000), one.subarray(directoryAt)]);
    padded.writeUInt32LE(directoryAt + 1000, padded.length - 22 + 16);
    expect(() => checkZipDirectory(padded, padded.length, entry)).toThrow(REGISTER_IMPORT_MESSAGES.zipDamaged);
    expect(checkZipDirectory(one, one.length, entry)).toMatchObject({ name: 'register.csv', inflatedSize: 5 });
  });
});
