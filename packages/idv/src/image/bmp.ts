import { createCanvas, loadImage } from '@napi-rs/canvas';

/** Raw RGBA pixels of a decoded BMP, in the form sharp takes as raw input. */
export interface RawRgba {
  data: Buffer;
  width: number;
  height: number;
  channels: 4;
}

/** 'BM' and a header long enough to hold the image's size: the Windows bitmap that scanners and document kits save. */
export function isBmp(bytes: Uint8Array): boolean {
  return bytes.length >= 26 && bytes[0] === 0x42 && bytes[1] === 0x4d;
}

/** Width × height as the header states them (a bottom-up bitmap stores a positive height, a top-down one a negative). */
export function bmpPixelCount(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerSize = view.getUint32(14, true);
  // The old OS/2 header stores 16-bit sizes; every later header 32-bit ones.
  if (headerSize === 12) return view.getUint16(18, true) * view.getUint16(20, true);
  return Math.abs(view.getInt32(18, true)) * Math.abs(view.getInt32(22, true));
}

/**
 * Decodes a BMP (sharp's libvips build has no BMP loader; Skia's has) to RGBA pixels. The header's
 * size is checked against `maxPixels` before any pixel is allocated, as sharp's limit does for the
 * other formats.
 */
export async function decodeBmp(bytes: Uint8Array, maxPixels: number): Promise<RawRgba> {
  const pixels = bmpPixelCount(bytes);
  if (!(pixels > 0)) throw new Error('BMP header states no pixels');
  if (pixels > maxPixels) throw new Error(`Input image exceeds pixel limit (${pixels} > ${maxPixels})`);
  const image = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, image.width, image.height);
  return { data: Buffer.from(data.buffer, data.byteOffset, data.byteLength), width: image.width, height: image.height, channels: 4 };
}
