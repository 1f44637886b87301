import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { toBmp } from '../test-support/bmp-writer';
import { FaceEngineError } from './face-engine-error';
import { MAX_DECODED_SIDE, decodeFaceImage, resizeLongSide, rotateQuarterTurns } from './face-image-decoder';

/** A 40x20 image, left half red, right half blue. */
async function redBlueJpeg(options: { orientation?: number } = {}): Promise<Buffer> {
  const data = Buffer.alloc(40 * 20 * 3);
  for (let i = 0; i < 40 * 20; i += 1) data.set(i % 40 < 20 ? [220, 20, 20] : [20, 20, 220], i * 3);
  const image = sharp(data, { raw: { width: 40, height: 20, channels: 3 } });
  return (options.orientation ? image.withMetadata({ orientation: options.orientation }) : image).jpeg({ quality: 95 }).toBuffer();
}

/** A PNG whose header claims `width` x `height` pixels with a one-row body: a decompression-bomb stand-in. */
function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1 + width * 3))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, body: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

describe('face image decoding', () => {
  it('decodes a JPEG into packed RGB', async () => {
    const image = await decodeFaceImage(await redBlueJpeg());
    expect([image.width, image.height, image.data.length]).toEqual([40, 20, 40 * 20 * 3]);
    expect(image.data[0]).toBeGreaterThan(180);
    expect(image.data[(40 - 1) * 3 + 2]).toBeGreaterThan(180);
  });

  it('decodes a BMP as scanners save it, and refuses one whose header claims too many pixels', async () => {
    const bmp = await toBmp(await redBlueJpeg());
    const image = await decodeFaceImage(bmp);
    expect([image.width, image.height]).toEqual([40, 20]);
    expect(image.data[0]).toBeGreaterThan(180);
    expect(image.data[(40 - 1) * 3 + 2]).toBeGreaterThan(180);
    bmp.writeInt32LE(60_000, 18);
    bmp.writeInt32LE(60_000, 22);
    await expect(decodeFaceImage(bmp)).rejects.toMatchObject({ code: 'IMAGE_TOO_LARGE' });
  });

  it('applies the EXIF orientation of a phone photo stored sideways', async () => {
    const image = await decodeFaceImage(await redBlueJpeg({ orientation: 6 }));
    expect([image.width, image.height]).toEqual([20, 40]);
    // Orientation 6 turns clockwise: the red left half ends up on top.
    expect(image.data[0]).toBeGreaterThan(180);
    expect(image.data[39 * 20 * 3 + 2]).toBeGreaterThan(180);
  });

  it('turns greyscale and transparent images into three channels', async () => {
    const grey = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } })
      .greyscale()
      .png()
      .toBuffer();
    expect((await decodeFaceImage(grey)).data.length).toBe(8 * 8 * 3);
    const clear = await sharp({ create: { width: 8, height: 8, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const flattened = await decodeFaceImage(clear);
    expect(flattened.data.length).toBe(8 * 8 * 3);
    expect(flattened.data[0]).toBe(255);
  });

  it('shrinks very large photos to the working size', async () => {
    const large = await sharp({ create: { width: 4000, height: 1000, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const image = await decodeFaceImage(large);
    expect([image.width, image.height]).toEqual([MAX_DECODED_SIDE, 512]);
  });

  it('refuses corrupt, truncated and empty input as unreadable', async () => {
    const jpeg = await redBlueJpeg();
    for (const bytes of [new TextEncoder().encode('not an image'), jpeg.subarray(0, jpeg.length / 3), new Uint8Array()]) {
      await expect(decodeFaceImage(bytes)).rejects.toMatchObject({ name: 'FaceEngineError', code: 'IMAGE_UNREADABLE' });
    }
  });

  it('refuses an image claiming 60000 x 60000 pixels before decoding it', async () => {
    const error: unknown = await decodeFaceImage(pngClaiming(60_000, 60_000)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FaceEngineError);
    expect(error).toMatchObject({ code: 'IMAGE_TOO_LARGE' });
  });
});

describe('resizing and turning', () => {
  it('enlarges a small portrait so its longer side reaches the requested size', async () => {
    const small = await decodeFaceImage(await redBlueJpeg());
    const { image, scale } = await resizeLongSide(small, 160);
    expect([image.width, image.height, scale]).toEqual([160, 80, 4]);
  });

  it('turns an image a quarter clockwise', async () => {
    const image = await rotateQuarterTurns(await decodeFaceImage(await redBlueJpeg()), 90);
    expect([image.width, image.height]).toEqual([20, 40]);
    expect(image.data[0]).toBeGreaterThan(180);
  });
});
