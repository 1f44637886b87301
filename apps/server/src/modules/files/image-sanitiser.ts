import sharp, { type Sharp } from 'sharp';
import type { FileKind } from '@sanad/contracts/files';
import { IMAGE_RESIZE_WIDTH } from '@sanad/contracts/constants';

/** About 50 megapixels: a phone photo fits; a decompression bomb is refused before decoding. */
export const MAX_INPUT_PIXELS = 50_000_000;

export class ImageRefusedError extends Error {
  override name = 'ImageRefusedError';
}

/**
 * Decodes and re-encodes an image, which drops anything that is not pixels: EXIF and GPS metadata,
 * comments, and data appended after the image (a ZIP glued to a PNG). The orientation tag is applied
 * first, so the stored image looks upright without it. Registration images are at most 1000 px wide
 * and stored as JPEG; PNG stays PNG elsewhere so screenshots keep their sharpness.
 */
export async function sanitiseImage(
  input: Buffer,
  kind: FileKind,
  options: { resizeForDocuments: boolean },
): Promise<{ body: Buffer; kind: FileKind }> {
  let image: Sharp;
  try {
    image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
    const metadata = await image.metadata();
    if (!metadata.width || !metadata.height) throw new ImageRefusedError('The image has no dimensions');
  } catch (error) {
    throw error instanceof ImageRefusedError ? error : new ImageRefusedError((error as Error).message);
  }
  let pipeline = image.rotate();
  if (options.resizeForDocuments) pipeline = pipeline.resize({ width: IMAGE_RESIZE_WIDTH, withoutEnlargement: true });
  try {
    if (options.resizeForDocuments || kind === 'jpeg')
      return { body: await pipeline.jpeg({ quality: 90, mozjpeg: true }).toBuffer(), kind: 'jpeg' };
    if (kind === 'webp') return { body: await pipeline.webp({ quality: 90 }).toBuffer(), kind: 'webp' };
    return { body: await pipeline.png().toBuffer(), kind: 'png' };
  } catch (error) {
    throw new ImageRefusedError((error as Error).message);
  }
}
