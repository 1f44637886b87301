import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { createLocalBlobStore } from './local-blob-store';
import { createS3BlobStore } from './s3-blob-store';
import { StorageQuotaExceededError, createFileVault } from './file-vault';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database';
import { makeDataSegment } from '../../test-support/factories';

let database: TestDatabase;
let db: Database;
let directory: string;
let s3: S3rver;
let s3Endpoint: string;
const masterKey = randomBytes(32);
const secretText = 'CNIC 35202-1234567-1 belongs to Ayesha Khan';

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  directory = mkdtempSync(path.join(tmpdir(), 'sanad-files-'));
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(directory, 's3'),
    configureBuckets: [{ name: 'sanad-files', configs: [] }],
  });
  const address = (await s3.run()) as AddressInfo;
  s3Endpoint = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await s3.close();
  await database.dispose();
  rmSync(directory, { recursive: true, force: true });
});

function filesUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('encrypted file storage on local disk', () => {
  it('stores a file under a generated name, encrypted, and reads it back', async () => {
    const root = path.join(directory, 'local');
    const vault = createFileVault(db, createLocalBlobStore(root), masterKey);
    const segment = await makeDataSegment(db);
    const stored = await vault.store({
      body: Buffer.from(secretText),
      originalName: 'id card.txt',
      contentType: 'text/plain',
      folder: 'customers',
      dataSegmentId: segment,
      createdBy: null,
    });
    expect(stored.fileName).toMatch(/^[A-Za-z0-9_-]{24}\.enc$/);
    expect(stored).toMatchObject({ originalName: 'id card.txt', dataSegmentId: segment, sizeBytes: secretText.length });

    const onDisk = filesUnder(root);
    expect(onDisk).toHaveLength(1);
    expect(readFileSync(onDisk[0] ?? '').includes(Buffer.from('Ayesha'))).toBe(false);

    const read = await vault.read(stored.fileName);
    expect(read?.body.toString()).toBe(secretText);
  });

  it('refuses to return a file whose stored bytes were altered', async () => {
    const root = path.join(directory, 'tamper');
    const vault = createFileVault(db, createLocalBlobStore(root), masterKey);
    const stored = await vault.store({
      body: Buffer.from(secretText),
      originalName: 'a.txt',
      contentType: 'text/plain',
      folder: 'customers',
      dataSegmentId: null,
      createdBy: null,
    });
    const [file] = filesUnder(root);
    const bytes = readFileSync(file ?? '');
    bytes[bytes.length - 1] = (bytes.at(-1) ?? 0) ^ 0xff;
    writeFileSync(file ?? '', bytes);
    await expect(vault.read(stored.fileName)).rejects.toThrow(/unable to authenticate data/);
  });

  it('cannot decrypt with another master key', async () => {
    const root = path.join(directory, 'other-key');
    const stored = await createFileVault(db, createLocalBlobStore(root), masterKey).store({
      body: Buffer.from(secretText),
      originalName: 'b.txt',
      contentType: 'text/plain',
      folder: 'customers',
      dataSegmentId: null,
      createdBy: null,
    });
    const stranger = createFileVault(db, createLocalBlobStore(root), randomBytes(32));
    await expect(stranger.read(stored.fileName)).rejects.toThrow(/unable to authenticate data/);
  });

  it('removes both the row and the body', async () => {
    const root = path.join(directory, 'remove');
    const vault = createFileVault(db, createLocalBlobStore(root), masterKey);
    const stored = await vault.store({
      body: Buffer.from('x'),
      originalName: 'c.txt',
      contentType: 'text/plain',
      folder: 'logo',
      dataSegmentId: null,
      createdBy: null,
    });
    await vault.remove(stored.fileName);
    expect(await vault.read(stored.fileName)).toBeNull();
    expect(filesUnder(root)).toHaveLength(0);
  });
});

async function* inPieces(body: Buffer, piece = 10_000): AsyncGenerator<Buffer> {
  for (let offset = 0; offset < body.length; offset += piece) yield body.subarray(offset, offset + piece);
}

/** A body that fails part way, as one cut off at a size limit does. */
async function* failing(): AsyncGenerator<Buffer> {
  yield Buffer.alloc(100_000);
  throw new Error('too large');
}

describe('files stored as they stream in', () => {
  const bigText = Buffer.from(`${secretText}\n`.repeat(20_000));
  const meta = { originalName: 'list.csv', contentType: 'text/csv', folder: 'screening-list', createdBy: null } as const;

  it('seals a file chunk by chunk, encrypted on disk, and reads it back whole or as a stream', async () => {
    const root = path.join(directory, 'stream');
    const vault = createFileVault(db, createLocalBlobStore(root), masterKey);
    const segment = await makeDataSegment(db);
    const stored = await vault.storeStream({ ...meta, body: inPieces(bigText), dataSegmentId: segment });
    expect(stored).toMatchObject({ sizeBytes: bigText.length, dataSegmentId: segment });
    const [onDisk] = filesUnder(root);
    expect(readFileSync(onDisk ?? '').includes(Buffer.from('Ayesha'))).toBe(false);
    expect((await vault.read(stored.fileName))?.body.equals(bigText)).toBe(true);
    const streamed = await vault.readStream(stored.fileName);
    const chunks: Buffer[] = [];
    for await (const chunk of streamed?.body ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bigText)).toBe(true);
  });

  it('refuses a streamed file whose stored bytes were altered', async () => {
    const root = path.join(directory, 'stream-tamper');
    const vault = createFileVault(db, createLocalBlobStore(root), masterKey);
    const stored = await vault.storeStream({ ...meta, body: inPieces(bigText), dataSegmentId: null });
    const [file] = filesUnder(root);
    const bytes = readFileSync(file ?? '');
    bytes[100_000] = (bytes[100_000] ?? 0) ^ 0xff;
    writeFileSync(file ?? '', bytes);
    await expect(vault.read(stored.fileName)).rejects.toThrow(/unable to authenticate data/);
  });

  it('keeps nothing when the body fails part way (a size limit) or the quota would be exceeded', async () => {
    const root = path.join(directory, 'stream-refused');
    const vault = createFileVault(db, createLocalBlobStore(root), masterKey);
    const segment = await makeDataSegment(db);
    await expect(vault.storeStream({ ...meta, body: failing(), dataSegmentId: segment })).rejects.toThrow('too large');
    await expect(vault.storeStream({ ...meta, body: inPieces(bigText), dataSegmentId: segment, quotaBytes: 1000 })).rejects.toThrow(
      StorageQuotaExceededError,
    );
    expect(filesUnder(root)).toEqual([]);
    expect(await vault.usedBytes(segment)).toBe(0);
  });
});

describe('encrypted file storage on an S3-compatible bucket', () => {
  it('round-trips a file through the loopback S3 emulator, encrypted in the bucket', async () => {
    const blobs = createS3BlobStore({
      endpoint: s3Endpoint,
      region: 'us-east-1',
      bucket: 'sanad-files',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    const vault = createFileVault(db, blobs, masterKey);
    const stored = await vault.store({
      body: Buffer.from(secretText),
      originalName: 'd.txt',
      contentType: 'text/plain',
      folder: 'customers',
      dataSegmentId: null,
      createdBy: null,
    });
    const raw = await blobs.get(stored.fileName);
    expect(raw?.includes(Buffer.from('Ayesha'))).toBe(false);
    expect((await vault.read(stored.fileName))?.body.toString()).toBe(secretText);
    await vault.remove(stored.fileName);
    expect(await blobs.get(stored.fileName)).toBeNull();

    const big = Buffer.from(`${secretText}\n`.repeat(10_000));
    const streamed = await vault.storeStream({
      body: (async function* () {
        yield big.subarray(0, 1000);
        yield big.subarray(1000);
      })(),
      originalName: 'e.csv',
      contentType: 'text/csv',
      folder: 'screening-list',
      dataSegmentId: null,
      createdBy: null,
    });
    expect((await blobs.get(streamed.fileName))?.includes(Buffer.from('Ayesha'))).toBe(false);
    expect((await vault.read(streamed.fileName))?.body.equals(big)).toBe(true);
  });
});
