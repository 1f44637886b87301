import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { assertBlobName, type BlobStore } from './blob-store';

export interface S3Settings {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

const isMissingKey = (error: unknown) => error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey';

/** An S3-compatible bucket (AWS, MinIO, Ceph, R2...). Bodies are already encrypted by the vault. */
export function createS3BlobStore(settings: S3Settings): BlobStore {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where S3 requires them: a streamed upload is then sent as it is, not in the
    // aws-chunked framing that several S3-compatible stores do not decode.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const object = async (name: string) => {
    assertBlobName(name);
    try {
      return (await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: name }))).Body ?? null;
    } catch (error) {
      if (isMissingKey(error)) return null;
      throw error;
    }
  };
  return {
    kind: 's3',
    stagingDir: path.join(tmpdir(), 'sanad-staging'),
    async put(name, body) {
      assertBlobName(name);
      await client.send(new PutObjectCommand({ Bucket: settings.bucket, Key: name, Body: body, ContentType: 'application/octet-stream' }));
    },
    async putFile(name, sourcePath) {
      assertBlobName(name);
      // A stream with its length is sent as it is read: the file never sits in memory whole.
      const { size } = await stat(sourcePath);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: settings.bucket,
            Key: name,
            Body: createReadStream(sourcePath),
            ContentLength: size,
            ContentType: 'application/octet-stream',
          }),
        );
      } finally {
        await rm(sourcePath, { force: true });
      }
    },
    async get(name) {
      const body = await object(name);
      return body ? Buffer.from(await body.transformToByteArray()) : null;
    },
    async getStream(name) {
      const body = await object(name);
      if (!body) return null;
      return body instanceof Readable ? body : Readable.fromWeb(body.transformToWebStream() as Parameters<typeof Readable.fromWeb>[0]);
    },
    async delete(name) {
      assertBlobName(name);
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: name }));
    },
  };
}
