import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/**
 * AES-256-GCM over a stream, in chunks, so a file of any size is sealed and opened with at most two
 * chunks in memory. Layout: a random 12-byte base nonce, then each chunk's ciphertext followed by
 * its 16-byte tag. Every chunk but the last holds CHUNK_BYTES of plaintext. Chunk i uses the base
 * nonce with its last four bytes XORed with i, and authenticates `aad|i|last`, so chunks cannot be
 * reordered, dropped, or the file cut after a chunk without opening failing.
 */
export const CHUNK_BYTES = 64 * 1024;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const SEALED_CHUNK_BYTES = CHUNK_BYTES + TAG_BYTES;

function chunkNonce(base: Buffer, index: number): Buffer {
  const nonce = Buffer.from(base);
  nonce.writeUInt32BE((nonce.readUInt32BE(NONCE_BYTES - 4) ^ index) >>> 0, NONCE_BYTES - 4);
  return nonce;
}

const chunkAad = (aad: string, index: number, isLast: boolean) => Buffer.from(`${aad}|${index}|${isLast ? 1 : 0}`);

/** Collects written buffers and hands out exact-size slices without copying more than needed. */
class ByteQueue {
  private parts: Buffer[] = [];
  length = 0;

  push(part: Buffer): void {
    this.parts.push(part);
    this.length += part.length;
  }

  take(bytes: number): Buffer {
    const all = this.parts.length === 1 ? (this.parts[0] ?? Buffer.alloc(0)) : Buffer.concat(this.parts, this.length);
    const taken = all.subarray(0, bytes);
    const rest = all.subarray(bytes);
    this.parts = rest.length > 0 ? [rest] : [];
    this.length = rest.length;
    return taken;
  }
}

/** Plaintext in, the sealed layout out. */
export function createSealStream(key: Buffer, aad: string): Transform {
  const base = randomBytes(NONCE_BYTES);
  const pending = new ByteQueue();
  let index = 0;
  const sealChunk = (plaintext: Buffer, isLast: boolean): Buffer => {
    const cipher = createCipheriv('aes-256-gcm', key, chunkNonce(base, index));
    cipher.setAAD(chunkAad(aad, index, isLast));
    index += 1;
    return Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
  };
  let hasHeader = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      if (!hasHeader) {
        this.push(base);
        hasHeader = true;
      }
      pending.push(chunk);
      // A chunk is sealed only once more bytes follow it: the last one is sealed as last at the end.
      while (pending.length > CHUNK_BYTES) this.push(sealChunk(pending.take(CHUNK_BYTES), false));
      done();
    },
    flush(done: TransformCallback) {
      if (!hasHeader) this.push(base);
      this.push(sealChunk(pending.take(pending.length), true));
      done();
    },
  });
}

/** The sealed layout in, plaintext out; fails on any altered, reordered, missing or extra byte. */
export function createOpenStream(key: Buffer, aad: string): Transform {
  const pending = new ByteQueue();
  let base: Buffer | null = null;
  let index = 0;
  const openChunk = (sealed: Buffer, isLast: boolean): Buffer => {
    if (!base || sealed.length < TAG_BYTES) throw new Error('sealed file is truncated');
    const decipher = createDecipheriv('aes-256-gcm', key, chunkNonce(base, index));
    decipher.setAAD(chunkAad(aad, index, isLast));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    index += 1;
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      try {
        pending.push(chunk);
        if (!base && pending.length >= NONCE_BYTES) base = pending.take(NONCE_BYTES);
        if (base) while (pending.length > SEALED_CHUNK_BYTES) this.push(openChunk(pending.take(SEALED_CHUNK_BYTES), false));
        done();
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done: TransformCallback) {
      try {
        this.push(openChunk(pending.take(pending.length), true));
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
}

/** The sealed size of `plainBytes` of plaintext. */
export function sealedSize(plainBytes: number): number {
  const chunks = Math.max(1, Math.ceil(plainBytes / CHUNK_BYTES));
  return NONCE_BYTES + plainBytes + chunks * TAG_BYTES;
}
