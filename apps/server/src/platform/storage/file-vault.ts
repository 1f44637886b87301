import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db/database';
import { queryOne } from '../db/database';
import { open, seal } from '../crypto/aead';
import type { BlobStore } from './blob-store';

export interface StoredFile {
  fileName: string;
  originalName: string;
  contentType: string;
  sizeBytes: number;
  folder: string;
  dataSegmentId: string | null;
  /** Set when an end customer uploaded the file through an onboarding link. */
  onboardingLinkId: string | null;
  createdAt: Date;
}

export interface StoreFileInput {
  body: Buffer;
  originalName: string;
  contentType: string;
  folder: string;
  dataSegmentId: string | null;
  createdBy: string | null;
  onboardingLinkId?: string | null;
}

export interface FileVault {
  store(input: StoreFileInput): Promise<StoredFile>;
  /** Metadata only, for access checks before any bytes are read. */
  describe(fileName: string): Promise<StoredFile | null>;
  read(fileName: string): Promise<{ file: StoredFile; body: Buffer } | null>;
  remove(fileName: string): Promise<void>;
}

interface FileRow {
  file_name: string;
  original_name: string;
  content_type: string;
  size_bytes: number;
  folder: string;
  data_segment_id: string | null;
  key_id: string;
  onboarding_link_id: string | null;
  created_at: Date;
}

function toStoredFile(row: FileRow): StoredFile {
  return {
    fileName: row.file_name,
    originalName: row.original_name,
    contentType: row.content_type,
    sizeBytes: row.size_bytes,
    folder: row.folder,
    dataSegmentId: row.data_segment_id,
    onboardingLinkId: row.onboarding_link_id,
    createdAt: row.created_at,
  };
}

const keyIdFor = (dataSegmentId: string | null) => (dataSegmentId ? `segment:${dataSegmentId}` : 'global');

/**
 * Encrypted file storage: every body is sealed with AES-256-GCM under its data segment's key, which
 * is itself stored wrapped by the master key. The blob name is random; the row keeps the original
 * name, type and owner so access can be checked without decrypting anything.
 */
export function createFileVault(db: Database, blobs: BlobStore, masterKey: Buffer): FileVault {
  const keys = new Map<string, Buffer>();

  async function dataKey(tx: Queryable, keyId: string): Promise<Buffer> {
    const cached = keys.get(keyId);
    if (cached) return cached;
    const fresh = seal(masterKey, randomBytes(32), keyId).toString('base64');
    // Two processes may create the same key at once; the first insert wins and both read it back.
    await tx.query('insert into data_keys (key_id, wrapped_key) values ($1, $2) on conflict (key_id) do nothing', [keyId, fresh]);
    const row = await queryOne<{ wrapped_key: string }>(tx, 'select wrapped_key from data_keys where key_id = $1', [keyId]);
    if (!row) throw new Error(`data key ${keyId} vanished`);
    const key = open(masterKey, Buffer.from(row.wrapped_key, 'base64'), keyId);
    keys.set(keyId, key);
    return key;
  }

  async function describeRow(fileName: string): Promise<FileRow | null> {
    return queryOne<FileRow>(
      db,
      `select file_name, original_name, content_type, size_bytes, folder, data_segment_id, key_id, onboarding_link_id, created_at
         from files where file_name = $1`,
      [fileName],
    );
  }

  return {
    async store(input) {
      const keyId = keyIdFor(input.dataSegmentId);
      const key = await dataKey(db, keyId);
      const fileName = `${randomBytes(18).toString('base64url')}.enc`;
      await blobs.put(fileName, seal(key, input.body, fileName));
      try {
        const row = await queryOne<FileRow>(
          db,
          `insert into files (file_name, original_name, content_type, size_bytes, folder, data_segment_id, key_id, created_by, onboarding_link_id)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
           returning file_name, original_name, content_type, size_bytes, folder, data_segment_id, key_id, onboarding_link_id, created_at`,
          [
            fileName,
            input.originalName.slice(0, 255),
            input.contentType,
            input.body.length,
            input.folder,
            input.dataSegmentId,
            keyId,
            input.createdBy,
            input.onboardingLinkId ?? null,
          ],
        );
        if (!row) throw new Error('file insert returned nothing');
        return toStoredFile(row);
      } catch (error) {
        // No row, no file: never leave an unreferenced body behind.
        await blobs.delete(fileName).catch(() => undefined);
        throw error;
      }
    },
    async describe(fileName) {
      const row = await describeRow(fileName);
      return row ? toStoredFile(row) : null;
    },
    async read(fileName) {
      const row = await describeRow(fileName);
      if (!row) return null;
      const sealed = await blobs.get(fileName);
      if (!sealed) return null;
      const key = await dataKey(db, row.key_id);
      return { file: toStoredFile(row), body: open(key, sealed, fileName) };
    },
    async remove(fileName) {
      await db.query('delete from files where file_name = $1', [fileName]);
      await blobs.delete(fileName);
    },
  };
}
