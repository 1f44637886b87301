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

/** An S3-compatible bucket (AWS, MinIO, Ceph, R2...). Bodies are already encrypted by the vault. */
export function createS3BlobStore(settings: S3Settings): BlobStore {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
  return {
    kind: 's3',
    async put(name, body) {
      assertBlobName(name);
      await client.send(new PutObjectCommand({ Bucket: settings.bucket, Key: name, Body: body, ContentType: 'application/octet-stream' }));
    },
    async get(name) {
      assertBlobName(name);
      try {
        const response = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: name }));
        if (!response.Body) return null;
        return Buffer.from(await response.Body.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async delete(name) {
      assertBlobName(name);
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: name }));
    },
  };
}
