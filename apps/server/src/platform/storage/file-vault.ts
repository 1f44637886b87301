import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db/database';
import { open, seal } from '../crypto/aead';
import { createOpenStream, createSealStream } from '../crypto/chunked-aead';
import type { BlobStore } from './blob-store';
import {
  deleteFileRow,
  deleteFileRows,
  ensureWrappedKey,
  lockStaleFiles,
  findFile,
  insertFile,
  moveFileFolder,
  lockedSegmentUsage,
  segmentUsage,
  type FileRow,
} from './file-vault.repository';

export interface StoredFile {
  fileName: string;
  originalName: string;
  contentType: string;
  sizeBytes: number;
  folder: string;
  dataSegmentId: string | null;
  /** The staff user who uploaded the file; null for a link, an application or the server itself. */
  createdBy: string | null;
  /** Set when an end customer uploaded the file through an onboarding link. */
  onboardingLinkId: string | null;
  createdAt: Date;
}

interface FileMetadata {
  originalName: string;
  contentType: string;
  folder: string;
  dataSegmentId: string | null;
  createdBy: string | null;
  onboardingLinkId?: string | null;
  /**
   * The most bytes the segment's files may total with this one; past it the file is refused with
   * StorageQuotaExceededError and nothing is kept. Checked under the segment's storage lock.
   */
  quotaBytes?: number | null;
  /** Runs in the transaction that records the file (its audit entry), so both commit or neither. */
  withinTransaction?: (tx: Queryable, file: StoredFile) => Promise<void>;
}

export interface StoreFileInput extends FileMetadata {
  body: Buffer;
}

export interface StoreStreamInput extends FileMetadata {
  /** The plaintext as it arrives; an error it throws (a size limit) aborts the store. */
  body: AsyncIterable<Buffer>;
}

export interface RemoveStaleInput {
  folder: string;
  /** Files stored before this time are removed. */
  olderThan: Date;
  /** Files removed per transaction. */
  batchSize?: number;
  /** Runs in each batch's transaction with the files it removes (their audit entry), so both commit or neither. */
  withinTransaction?: (tx: Queryable, removed: readonly StoredFile[]) => Promise<void>;
}

export class StorageQuotaExceededError extends Error {
  override name = 'StorageQuotaExceededError';
}

export interface FileVault {
  store(input: StoreFileInput): Promise<StoredFile>;
  /** Seals the body chunk by chunk into a staging file as it arrives: the file is never whole in memory. */
  storeStream(input: StoreStreamInput): Promise<StoredFile>;
  /** Metadata only, for access checks before any bytes are read. */
  describe(fileName: string): Promise<StoredFile | null>;
  read(fileName: string): Promise<{ file: StoredFile; body: Buffer } | null>;
  /** The plaintext as a stream, opened chunk by chunk; it errors if the stored bytes were altered. */
  readStream(fileName: string): Promise<{ file: StoredFile; body: Readable } | null>;
  remove(fileName: string): Promise<void>;
  /**
   * Removes the files of a folder older than a time, batch by batch, each batch one transaction:
   * its rows locked, their stored bytes deleted, the rows deleted (which frees their segment's quota)
   * and `withinTransaction` run. Answers how many files were removed; running it again removes none.
   */
  removeStale(input: RemoveStaleInput): Promise<number>;
  /**
   * Moves a file from folder `from` to `to` in the caller's transaction, so the move commits with
   * the change that asked for it; a file no longer in `from` is left alone (false).
   */
  moveFolder(tx: Queryable, fileName: string, from: string, to: string): Promise<boolean>;
  /** Bytes of files a data segment keeps. */
  usedBytes(dataSegmentId: string): Promise<number>;
}

function toStoredFile(row: FileRow): StoredFile {
  return {
    fileName: row.fileName,
    originalName: row.originalName,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    folder: row.folder,
    dataSegmentId: row.dataSegmentId,
    createdBy: row.createdBy,
    onboardingLinkId: row.onboardingLinkId,
    createdAt: new Date(row.createdAt),
  };
}

const keyIdFor = (dataSegmentId: string | null) => (dataSegmentId ? `segment:${dataSegmentId}` : 'global');
const newFileName = () => `${randomBytes(18).toString('base64url')}.enc`;

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Encrypted file storage: every body is sealed with AES-256-GCM under its data segment's key, which
 * is itself stored wrapped by the master key. The blob name is random; the row keeps the original
 * name, type and owner so access can be checked without decrypting anything.
 */
export function createFileVault(db: Database, blobs: BlobStore, masterKey: Buffer): FileVault {
  const keys = new Map<string, Buffer>();

  async function dataKey(keyId: string): Promise<Buffer> {
    const cached = keys.get(keyId);
    if (cached) return cached;
    const wrapped = await ensureWrappedKey(db, keyId, seal(masterKey, randomBytes(32), keyId).toString('base64'));
    const key = open(masterKey, Buffer.from(wrapped, 'base64'), keyId);
    keys.set(keyId, key);
    return key;
  }

  /** Records a blob already in the store; without a row, the blob is deleted again. */
  async function record(fileName: string, sizeBytes: number, encryption: FileRow['encryption'], input: FileMetadata): Promise<StoredFile> {
    try {
      return await db.transaction(async (tx) => {
        if (input.quotaBytes !== undefined && input.quotaBytes !== null && input.dataSegmentId) {
          const used = await lockedSegmentUsage(tx, input.dataSegmentId);
          if (used + sizeBytes > input.quotaBytes) throw new StorageQuotaExceededError(`segment would hold ${used + sizeBytes} bytes`);
        }
        const row = await insertFile(tx, {
          fileName,
          originalName: input.originalName.slice(0, 255),
          contentType: input.contentType,
          sizeBytes,
          folder: input.folder,
          dataSegmentId: input.dataSegmentId,
          keyId: keyIdFor(input.dataSegmentId),
          createdBy: input.createdBy,
          onboardingLinkId: input.onboardingLinkId ?? null,
          encryption,
        });
        const stored = toStoredFile(row);
        await input.withinTransaction?.(tx, stored);
        return stored;
      });
    } catch (error) {
      // No row, no file: never leave an unreferenced body behind.
      await blobs.delete(fileName).catch(() => undefined);
      throw error;
    }
  }

  async function openBody(row: FileRow): Promise<Readable | null> {
    const key = await dataKey(row.keyId);
    if (row.encryption === 'chunked') {
      const sealed = await blobs.getStream(row.fileName);
      if (!sealed) return null;
      const opened = createOpenStream(key, row.fileName);
      sealed.on('error', (error) => opened.destroy(error));
      return sealed.pipe(opened);
    }
    const sealed = await blobs.get(row.fileName);
    return sealed ? Readable.from([open(key, sealed, row.fileName)]) : null;
  }

  return {
    async store(input) {
      const key = await dataKey(keyIdFor(input.dataSegmentId));
      const fileName = newFileName();
      await blobs.put(fileName, seal(key, input.body, fileName));
      return record(fileName, input.body.length, 'whole', input);
    },

    async storeStream(input) {
      const key = await dataKey(keyIdFor(input.dataSegmentId));
      const fileName = newFileName();
      await mkdir(blobs.stagingDir, { recursive: true, mode: 0o700 });
      const staging = path.join(blobs.stagingDir, `${randomBytes(12).toString('hex')}.part`);
      let sizeBytes = 0;
      const count = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          sizeBytes += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await pipeline(Readable.from(input.body), count, createSealStream(key, fileName), createWriteStream(staging, { mode: 0o600 }));
        await blobs.putFile(fileName, staging);
      } catch (error) {
        await rm(staging, { force: true });
        throw error;
      }
      return record(fileName, sizeBytes, 'chunked', input);
    },

    async describe(fileName) {
      const row = await findFile(db, fileName);
      return row ? toStoredFile(row) : null;
    },

    async read(fileName) {
      const row = await findFile(db, fileName);
      if (!row) return null;
      const body = await openBody(row);
      return body ? { file: toStoredFile(row), body: await collect(body) } : null;
    },

    async readStream(fileName) {
      const row = await findFile(db, fileName);
      if (!row) return null;
      const body = await openBody(row);
      return body ? { file: toStoredFile(row), body } : null;
    },

    async remove(fileName) {
      // The bytes first: a crash in between leaves a row without bytes, which removing again
      // clears, rather than bytes no row names, which nothing would ever find again.
      await blobs.delete(fileName);
      await deleteFileRow(db, fileName);
    },

    async removeStale({ folder, olderThan, batchSize = 100, withinTransaction }) {
      let removed = 0;
      for (;;) {
        // Bytes are deleted while the rows are locked, so no save can move a file whose bytes are
        // going; should the commit fail, the rows stay and the next run deletes them (deleting
        // bytes already gone is harmless).
        const batch = await db.transaction(async (tx) => {
          const rows = await lockStaleFiles(tx, folder, olderThan, batchSize);
          for (const row of rows) await blobs.delete(row.fileName);
          await deleteFileRows(
            tx,
            rows.map((row) => row.fileName),
          );
          const files = rows.map(toStoredFile);
          if (files.length > 0) await withinTransaction?.(tx, files);
          return files.length;
        });
        removed += batch;
        if (batch < batchSize) return removed;
      }
    },

    moveFolder: (tx, fileName, from, to) => moveFileFolder(tx, fileName, from, to),

    usedBytes: (dataSegmentId) => segmentUsage(db, dataSegmentId),
  };
}
