import sharp from 'sharp';
import { decodeBmp } from './bmp';
import { detectInputFormat, UnsupportedImageError, type InputFormat } from './input-format';
import { renderFirstPdfPage } from './pdf-page-renderer';
import type { RgbImage } from './raster';

/** Phone photos arrive at 12+ megapixels; documents read just as well at this size and 4x faster. */
export const MAX_WORKING_SIDE = 2000;
/** Refuses decompression bombs before any pixel is allocated. */
const MAX_INPUT_PIXELS = 100_000_000;

export interface DecodedImage {
  format: InputFormat;
  image: RgbImage;
}

/**
 * An image (JPEG, PNG, WebP, TIFF, GIF, AVIF, BMP) or the first page of a PDF to RGB pixels, upright
 * per EXIF orientation, transparency flattened onto white, scaled down to at most MAX_WORKING_SIDE.
 */
export async function decodeDocumentImage(bytes: Uint8Array): Promise<DecodedImage> {
  const format = detectInputFormat(bytes);
  if (!format) throw new UnsupportedImageError('Not an image or PDF file the reader knows (JPEG, PNG, WebP, TIFF, GIF, AVIF, BMP, PDF)');
  if (format === 'pdf') {
    const page = await renderFirstPdfPage(bytes);
    return { format, image: await normaliseRaw(page) };
  }
  try {
    const bmp = format === 'bmp' ? await decodeBmp(bytes, MAX_INPUT_PIXELS) : null;
    const input = bmp
      ? sharp(bmp.data, { raw: { width: bmp.width, height: bmp.height, channels: bmp.channels } })
      : sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const { data, info } = await input
      .rotate()
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .resize({ width: MAX_WORKING_SIDE, height: MAX_WORKING_SIDE, fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { format, image: { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) } };
  } catch (error) {
    throw new UnsupportedImageError(`Image cannot be decoded: ${(error as Error).message}`);
  }
}

async function normaliseRaw(image: RgbImage): Promise<RgbImage> {
  if (Math.max(image.width, image.height) <= MAX_WORKING_SIDE) return image;
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize({ width: MAX_WORKING_SIDE, height: MAX_WORKING_SIDE, fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}
