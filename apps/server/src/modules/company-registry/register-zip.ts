/**
 * The register file as Companies House publishes it: a ZIP archive holding the one CSV file
 * (BasicCompanyDataAsOneFile-YYYY-MM-DD.zip, deflate). It is read as a stream from its first byte:
 * the entry's local header, then its deflated bytes inflated chunk by chunk (fflate), never whole in
 * memory. Deflate data ends by itself, so the sizes a streaming writer leaves out of the local header
 * (a data descriptor) are not needed. The archive's central directory, at its very end, is checked
 * when the stream ends: exactly one entry, a CSV, where the local header put it, and (when inflated)
 * of the size and CRC-32 it declares.
 */
import { crc32 } from 'node:zlib';
import { Inflate } from 'fflate';
import { REGISTER_IMPORT_MESSAGES, REGISTER_ZIPPED_CSV_MAX_MEGABYTES } from '@sanad/contracts/company-registry';
import { RegisterFileError } from './companies-house-file';

/** Stored with this type, so the job knows to inflate what it reads back. */
export const ZIP_CONTENT_TYPE = 'application/zip';

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const ZIP64_END = 0x06064b50;
const LOCAL_HEADER_BYTES = 30;
const CENTRAL_HEADER_BYTES = 46;
const END_BYTES = 22;
const STORED = 0;
const DEFLATE = 8;
/** Bit 0: encrypted; bit 6: strong encryption. */
const ENCRYPTED_FLAGS = 0x41;
const DATA_DESCRIPTOR_FLAG = 0x08;
const UTF8_FLAG = 0x800;
const UNKNOWN_32 = 0xffffffff;
/** A data descriptor is 12 to 24 bytes (with or without its signature, 32- or 64-bit sizes). */
const LARGEST_DATA_DESCRIPTOR = 24;
/**
 * Bytes kept from the end of the stream: the end record with its longest comment, the ZIP64 end
 * record and locator, and one central entry with the longest name, extra field and comment.
 */
export const ZIP_TAIL_BYTES = 320 * 1024;
/** What the upload reads before storing: the longest local header plus compressed bytes enough for the CSV header. */
export const ZIP_HEAD_BYTES = 256 * 1024;
const MAX_INFLATED_BYTES = REGISTER_ZIPPED_CSV_MAX_MEGABYTES * 1024 * 1024;
/** Compressed bytes inflated at a time when only the CSV header is wanted, so a bomb cannot fill memory. */
const HEAD_STEP_BYTES = 4 * 1024;

/** Why a ZIP is refused: `isUnsupported` when it is a kind of archive Sanad does not read (415), else it is damaged or wrong (422). */
export class ZipArchiveError extends RegisterFileError {
  override name = 'ZipArchiveError';
  constructor(
    message: string,
    readonly isUnsupported = false,
  ) {
    super(message);
  }
}

/** The archive's one entry as its local header describes it. */
export interface ZipEntry {
  name: string;
  flags: number;
  method: number;
  /** Known only when the local header carries it (no data descriptor); -1 otherwise. */
  compressedSize: number;
  /** The local header with its name and extra field: where the entry's data starts. */
  headerBytes: number;
}

/** What the central directory declares of the entry. */
export interface ZipDirectoryEntry {
  name: string;
  crc: number;
  compressedSize: number;
  inflatedSize: number;
}

const damaged = () => new ZipArchiveError(REGISTER_IMPORT_MESSAGES.zipDamaged);

/** A ZIP archive's first bytes: a local header, or the end record of an empty archive. */
export function isZipArchive(head: Buffer): boolean {
  if (head.length < 4) return false;
  const signature = head.readUInt32LE(0);
  return signature === LOCAL_HEADER || signature === END_OF_DIRECTORY;
}

function entryName(bytes: Buffer, flags: number): string {
  // Without the UTF-8 flag the name is code page 437; its ASCII part (".csv") reads the same in latin1.
  return bytes.toString(flags & UTF8_FLAG ? 'utf8' : 'latin1');
}

/** Refuses an entry Sanad cannot read: encrypted, a method other than deflate or none, or not a CSV. */
function assertReadableEntry(entry: { name: string; flags: number; method: number }): void {
  if (entry.flags & ENCRYPTED_FLAGS) throw new ZipArchiveError(REGISTER_IMPORT_MESSAGES.zipEncrypted, true);
  if (entry.method !== STORED && entry.method !== DEFLATE) throw new ZipArchiveError(REGISTER_IMPORT_MESSAGES.zipMethod, true);
  if (!/\.csv$/i.test(entry.name)) throw new ZipArchiveError(REGISTER_IMPORT_MESSAGES.zipNotCsv(entry.name), true);
}

/**
 * The first entry's local header, once `bytes` holds all of it (null before). Throws for an empty
 * archive and for an entry Sanad cannot read.
 */
export function readZipEntry(bytes: Buffer): ZipEntry | null {
  if (bytes.length < 4) return null;
  const signature = bytes.readUInt32LE(0);
  if (signature === END_OF_DIRECTORY) throw new ZipArchiveError(REGISTER_IMPORT_MESSAGES.zipEmpty, true);
  if (signature !== LOCAL_HEADER) throw damaged();
  if (bytes.length < LOCAL_HEADER_BYTES) return null;
  const flags = bytes.readUInt16LE(6);
  const method = bytes.readUInt16LE(8);
  const compressedSize = bytes.readUInt32LE(18);
  const nameBytes = bytes.readUInt16LE(26);
  const headerBytes = LOCAL_HEADER_BYTES + nameBytes + bytes.readUInt16LE(28);
  if (bytes.length < headerBytes) return null;
  const name = entryName(bytes.subarray(LOCAL_HEADER_BYTES, LOCAL_HEADER_BYTES + nameBytes), flags);
  // A streaming writer leaves the size out (a data descriptor after the data); a ZIP64 one puts it in the extra field.
  const isSizeKnown = !(flags & DATA_DESCRIPTOR_FLAG) && compressedSize !== UNKNOWN_32;
  const entry = { name, flags, method, headerBytes, compressedSize: isSizeKnown ? compressedSize : -1 };
  assertReadableEntry(entry);
  // Stored bytes carry no end of their own: their length must be in the local header.
  if (entry.method === STORED && !isSizeKnown) throw new ZipArchiveError(REGISTER_IMPORT_MESSAGES.zipMethod, true);
  return entry;
}

/** Inflates (or, stored, passes through) an entry's data pushed in pieces; `finish` says whether its end was reached. */
function createEntryReader(entry: ZipEntry) {
  let output: Buffer[] = [];
  let storedLeft = entry.compressedSize;
  const inflater = new Inflate((data) => {
    if (data.length > 0) output.push(Buffer.from(data.buffer, data.byteOffset, data.length));
  });
  const run = (action: () => void): Buffer[] => {
    try {
      action();
    } catch {
      throw damaged();
    }
    const pieces = output;
    output = [];
    return pieces;
  };
  return {
    push(data: Buffer): Buffer[] {
      if (entry.method === STORED) {
        const piece = data.subarray(0, Math.max(0, storedLeft));
        storedLeft -= piece.length;
        return piece.length > 0 ? [piece] : [];
      }
      // Bytes past the deflate data's end (a data descriptor, the directory) are ignored by the inflater.
      return run(() => inflater.push(data, false));
    },
    /** The rest of the entry; throws when the data stopped before its end. */
    finish(): Buffer[] {
      if (entry.method === STORED) {
        if (storedLeft > 0) throw damaged();
        return [];
      }
      return run(() => inflater.push(new Uint8Array(0), true));
    },
  };
}

/** The entry's first inflated bytes in `head`: up to the first line end, or at least `wanted` bytes, whichever comes first. */
export function inflateZipHead(head: Buffer, entry: ZipEntry, wanted: number): Buffer {
  const reader = createEntryReader(entry);
  const collected: Buffer[] = [];
  let collectedBytes = 0;
  const data = head.subarray(entry.headerBytes);
  for (let start = 0; start < data.length && collectedBytes < wanted; start += HEAD_STEP_BYTES) {
    for (const piece of reader.push(data.subarray(start, start + HEAD_STEP_BYTES))) {
      collected.push(piece);
      collectedBytes += piece.length;
    }
    if (collected.some((piece) => piece.includes(0x0a))) break;
  }
  return Buffer.concat(collected, collectedBytes);
}

/** The last bytes of a stream, kept as it passes (for the central directory at the archive's end). */
export function createTailKeeper(keep = ZIP_TAIL_BYTES) {
  let chunks: Buffer[] = [];
  let kept = 0;
  let total = 0;
  return {
    push(chunk: Buffer): void {
      total += chunk.length;
      chunks.push(chunk);
      kept += chunk.length;
      while (chunks.length > 1 && kept - (chunks[0]?.length ?? 0) >= keep) kept -= chunks.shift()?.length ?? 0;
    },
    /** The kept bytes and the stream's total length. */
    read(): { tail: Buffer; totalBytes: number } {
      const tail = Buffer.concat(chunks, kept);
      chunks = [tail];
      return { tail, totalBytes: total };
    },
  };
}

const readUInt64 = (bytes: Buffer, offset: number) => Number(bytes.readBigUInt64LE(offset));

/** The ZIP64 extra field's sizes and offset, each present only where the 32-bit field is all ones. */
function zip64Values(extra: Buffer, wanted: readonly boolean[]): (number | null)[] {
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let position = at + 4;
      return wanted.map((isWanted) => {
        if (!isWanted || position + 8 > at + 4 + size) return null;
        const value = readUInt64(extra, position);
        position += 8;
        return value;
      });
    }
    at += 4 + size;
  }
  return wanted.map(() => null);
}

/**
 * Checks the archive's end against its first entry: `tail` is the archive's last bytes, `totalBytes`
 * its length. Exactly one entry, a readable CSV, starting at the archive's first byte with its data
 * running up to the directory (so nothing is hidden between them), and not inflating past the limit.
 */
export function checkZipDirectory(tail: Buffer, totalBytes: number, local: ZipEntry): ZipDirectoryEntry {
  const tailStart = totalBytes - tail.length;
  let end = -1;
  for (let at = tail.length - END_BYTES; at >= 0 && at >= tail.length - END_BYTES - 0xffff; at -= 1) {
    if (tail.readUInt32LE(at) === END_OF_DIRECTORY && at + END_BYTES + tail.readUInt16LE(at + 20) === tail.length) {
      end = at;
      break;
    }
  }
  if (end < 0) throw damaged();
  let entries = tail.readUInt16LE(end + 10);
  let directoryOffset = tail.readUInt32LE(end + 16);
  if (entries === 0xffff || directoryOffset === UNKNOWN_32) {
    const locator = end - 20;
    if (locator < 0 || tail.readUInt32LE(locator) !== ZIP64_END_LOCATOR) throw damaged();
    const record = readUInt64(tail, locator + 8) - tailStart;
    if (record < 0 || record + 56 > locator || tail.readUInt32LE(record) !== ZIP64_END) throw damaged();
    entries = readUInt64(tail, record + 32);
    directoryOffset = readUInt64(tail, record + 48);
  }
  if (entries === 0) throw new ZipArchiveError(REGISTER_IMPORT_MESSAGES.zipEmpty, true);
  if (entries > 1) throw new ZipArchiveError(REGISTER_IMPORT_MESSAGES.zipManyFiles);
  const at = directoryOffset - tailStart;
  if (at < 0 || at + CENTRAL_HEADER_BYTES > tail.length || tail.readUInt32LE(at) !== CENTRAL_HEADER) throw damaged();
  const flags = tail.readUInt16LE(at + 8);
  const method = tail.readUInt16LE(at + 10);
  const nameBytes = tail.readUInt16LE(at + 28);
  const extraBytes = tail.readUInt16LE(at + 30);
  if (at + CENTRAL_HEADER_BYTES + nameBytes + extraBytes > tail.length) throw damaged();
  const name = entryName(tail.subarray(at + CENTRAL_HEADER_BYTES, at + CENTRAL_HEADER_BYTES + nameBytes), flags);
  assertReadableEntry({ name, flags, method });
  const sizes = [tail.readUInt32LE(at + 24), tail.readUInt32LE(at + 20), tail.readUInt32LE(at + 42)];
  const extra = tail.subarray(at + CENTRAL_HEADER_BYTES + nameBytes, at + CENTRAL_HEADER_BYTES + nameBytes + extraBytes);
  const wide = zip64Values(
    extra,
    sizes.map((size) => size === UNKNOWN_32),
  );
  const [inflatedSize, compressedSize, localOffset] = sizes.map((size, index) => wide[index] ?? size) as [number, number, number];
  if (localOffset !== 0 || name !== local.name || method !== local.method) throw damaged();
  if (local.compressedSize >= 0 && local.compressedSize !== compressedSize) throw damaged();
  const gap = directoryOffset - (local.headerBytes + compressedSize);
  if (gap < 0 || gap > LARGEST_DATA_DESCRIPTOR) throw damaged();
  if (inflatedSize > MAX_INFLATED_BYTES) throw new ZipArchiveError(REGISTER_IMPORT_MESSAGES.zipTooLarge);
  return { name, crc: tail.readUInt32LE(at + 16), compressedSize, inflatedSize };
}

/**
 * The CSV file inside a ZIP archive streamed from its first byte, inflated chunk by chunk. `onBytes`
 * counts the archive's bytes read (the progress shown). When the archive ends, its directory is
 * checked and what was inflated must have the size and CRC-32 it declares; otherwise it throws.
 */
export async function* inflateZippedCsv(archive: AsyncIterable<Buffer>, onBytes?: (count: number) => void): AsyncGenerator<Buffer> {
  const tail = createTailKeeper();
  let pending: Buffer = Buffer.alloc(0);
  let entry: ZipEntry | null = null;
  let reader: ReturnType<typeof createEntryReader> | null = null;
  let inflatedBytes = 0;
  let crc = 0;
  const passOn = (pieces: Buffer[]) => {
    for (const piece of pieces) {
      inflatedBytes += piece.length;
      if (inflatedBytes > MAX_INFLATED_BYTES) throw new ZipArchiveError(REGISTER_IMPORT_MESSAGES.zipTooLarge);
      crc = crc32(piece, crc);
    }
    return pieces;
  };
  for await (const chunk of archive) {
    onBytes?.(chunk.length);
    tail.push(chunk);
    let data = chunk;
    if (!reader) {
      pending = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
      entry = readZipEntry(pending);
      if (!entry) continue;
      reader = createEntryReader(entry);
      data = pending.subarray(entry.headerBytes);
      pending = Buffer.alloc(0);
    }
    yield* passOn(reader.push(data));
  }
  if (!reader || !entry) throw damaged();
  yield* passOn(reader.finish());
  const { tail: last, totalBytes } = tail.read();
  const declared = checkZipDirectory(last, totalBytes, entry);
  if (declared.inflatedSize !== inflatedBytes || declared.crc !== crc >>> 0) throw damaged();
}

/**
 * The upload's bytes passed on unchanged, its directory checked against `entry` once the last byte
 * has passed: an archive refused there throws before the store commits, so nothing of it is kept.
 */
export async function* withZipDirectoryChecked(archive: AsyncIterable<Buffer>, entry: ZipEntry): AsyncGenerator<Buffer> {
  const tail = createTailKeeper();
  for await (const chunk of archive) {
    tail.push(chunk);
    yield chunk;
  }
  const { tail: last, totalBytes } = tail.read();
  checkZipDirectory(last, totalBytes, entry);
}
