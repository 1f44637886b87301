import sharp from 'sharp';
import { decodeBmp, isBmp } from '../image/bmp';
import { FaceEngineError } from './face-engine-error';
import type { RgbImage } from './rgb-image';

/** Beyond this the image is refused unread: a decompression bomb must not reach the models. */
export const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Faces are found and described well below this size; decoding larger wastes memory and time.
 * A 2048-pixel photo still gives a document portrait of a few hundred pixels.
 */
export const MAX_DECODED_SIDE = 2048;

/**
 * Decodes JPEG, PNG, WebP, TIFF, GIF, AVIF or BMP bytes into upright RGB: the EXIF orientation is applied
 * (phone photos are often stored sideways), transparency is flattened onto white, and the image is
 * scaled down to at most MAX_DECODED_SIDE on its longer side.
 */
export async function decodeFaceImage(bytes: Uint8Array): Promise<RgbImage> {
  if (bytes.length === 0) throw new FaceEngineError('IMAGE_UNREADABLE', 'The image is empty');
  try {
    const bmp = isBmp(bytes) ? await decodeBmp(bytes, MAX_INPUT_PIXELS) : null;
    const input = bmp
      ? sharp(bmp.data, { raw: { width: bmp.width, height: bmp.height, channels: bmp.channels } })
      : sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const { data, info } = await input
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize({ width: MAX_DECODED_SIDE, height: MAX_DECODED_SIDE, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`unexpected ${info.channels} channels after conversion to RGB`);
    return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(message)) {
      throw new FaceEngineError('IMAGE_TOO_LARGE', `The image has more than ${MAX_INPUT_PIXELS} pixels`, { cause: error });
    }
    throw new FaceEngineError('IMAGE_UNREADABLE', `The image could not be decoded: ${message}`, { cause: error });
  }
}

/** Resizes so that the longer side is `longSide`, enlarging small images: small faces need the pixels. */
export async function resizeLongSide(image: RgbImage, longSide: number): Promise<{ image: RgbImage; scale: number }> {
  const scale = longSide / Math.max(image.width, image.height);
  if (Math.abs(scale - 1) < 1e-6) return { image, scale: 1 };
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const data = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize({ width, height, fit: 'fill', kernel: scale > 1 ? 'cubic' : 'lanczos3' })
    .raw()
    .toBuffer();
  return { image: { width, height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) }, scale: width / image.width };
}

/** Cuts a rectangle out of the image (clamped to its bounds). */
export async function extractRegion(
  image: RgbImage,
  region: { left: number; top: number; width: number; height: number },
): Promise<RgbImage> {
  const left = Math.max(0, Math.min(image.width - 1, Math.round(region.left)));
  const top = Math.max(0, Math.min(image.height - 1, Math.round(region.top)));
  const width = Math.max(1, Math.min(image.width - left, Math.round(region.width)));
  const height = Math.max(1, Math.min(image.height - top, Math.round(region.height)));
  const data = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .extract({ left, top, width, height })
    .raw()
    .toBuffer();
  return { width, height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

/** Turns the image clockwise by a quarter-turn multiple, for photos stored sideways without EXIF. */
export async function rotateQuarterTurns(image: RgbImage, degrees: 90 | 180 | 270): Promise<RgbImage> {
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .rotate(degrees)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

/**
 * Places the image in the middle of a larger canvas of one neutral colour, `margin` times its
 * longer side on every side: a face that fills a tight crop then appears with surroundings, the
 * way the detectors were trained to see faces.
 */
export async function padImage(image: RgbImage, margin: number): Promise<{ image: RgbImage; offset: { x: number; y: number } }> {
  const border = Math.max(1, Math.round(Math.max(image.width, image.height) * margin));
  const data = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .extend({ top: border, bottom: border, left: border, right: border, background: { r: 128, g: 128, b: 128 } })
    .raw()
    .toBuffer();
  const padded = {
    width: image.width + 2 * border,
    height: image.height + 2 * border,
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
  };
  return { image: padded, offset: { x: border, y: border } };
}
