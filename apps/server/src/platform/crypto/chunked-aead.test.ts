import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { CHUNK_BYTES, createOpenStream, createSealStream, sealedSize } from './chunked-aead';

const key = randomBytes(32);

async function through(stream: NodeJS.ReadWriteStream, input: Buffer, pieces = 7): Promise<Buffer> {
  const out: Buffer[] = [];
  const step = Math.max(1, Math.ceil(input.length / pieces));
  const parts =
    input.length === 0
      ? []
      : Array.from({ length: Math.ceil(input.length / step) }, (_, index) => input.subarray(index * step, (index + 1) * step));
  await pipeline(Readable.from(parts), stream, async function (source: AsyncIterable<Buffer | string>) {
    for await (const chunk of source) out.push(Buffer.from(chunk));
  });
  return Buffer.concat(out);
}

const seal = (plain: Buffer) => through(createSealStream(key, 'file.enc'), plain);
const open = (sealed: Buffer, aad = 'file.enc') => through(createOpenStream(key, aad), sealed, 13);

describe('chunked AES-GCM', () => {
  it.each([0, 1, CHUNK_BYTES - 1, CHUNK_BYTES, CHUNK_BYTES + 1, 3 * CHUNK_BYTES + 17])(
    'round-trips %i bytes at the size it predicts',
    async (size) => {
      const plain = randomBytes(size);
      const sealed = await seal(plain);
      expect(sealed.length).toBe(sealedSize(size));
      expect((await open(sealed)).equals(plain)).toBe(true);
    },
  );

  it('fails on an altered byte, a dropped chunk, a cut after a whole chunk, swapped chunks or another name', async () => {
    const plain = randomBytes(3 * CHUNK_BYTES);
    const sealed = await seal(plain);
    const unit = CHUNK_BYTES + 16;
    const altered = Buffer.from(sealed);
    altered[12 + unit + 5] = (altered[12 + unit + 5] ?? 0) ^ 1;
    const header = sealed.subarray(0, 12);
    const [first, second, third] = [0, 1, 2].map((index) => sealed.subarray(12 + index * unit, 12 + (index + 1) * unit));
    const cases = [
      altered,
      Buffer.concat([header, first ?? Buffer.alloc(0), third ?? Buffer.alloc(0)]),
      Buffer.concat([header, first ?? Buffer.alloc(0), second ?? Buffer.alloc(0)]),
      Buffer.concat([header, second ?? Buffer.alloc(0), first ?? Buffer.alloc(0), third ?? Buffer.alloc(0)]),
    ];
    for (const tampered of cases) await expect(open(tampered)).rejects.toThrow(/unable to authenticate data|truncated/);
    await expect(open(sealed, 'other.enc')).rejects.toThrow(/unable to authenticate data/);
  });
});
