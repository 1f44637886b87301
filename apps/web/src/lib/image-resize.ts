import { IMAGE_RESIZE_WIDTH } from '@sanad/contracts/constants';

/** JPEG quality of a resized image: the server re-encodes registration images at the same quality. */
export const RESIZED_JPEG_QUALITY = 0.9;

const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'];

/** The size an image is sent at: 1000 px wide with the height in proportion. */
export function resizedSize(width: number, height: number): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width, height };
  return { width: IMAGE_RESIZE_WIDTH, height: Math.max(1, Math.round((height * IMAGE_RESIZE_WIDTH) / width)) };
}

/** A picked file the browser may draw: an image by its type, or by its name when the picker gave no type. */
export function isResizableImage(file: File): boolean {
  if (file.type) return file.type.startsWith('image/');
  return IMAGE_EXTENSIONS.includes(file.name.toLowerCase().split('.').pop() ?? '');
}

interface JpegCanvas {
  getContext(kind: '2d'): OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
}

/** A canvas of the size asked for and its JPEG encoder: an OffscreenCanvas where there is one, else a page canvas. */
function jpegCanvas(width: number, height: number): { canvas: JpegCanvas; toJpeg: (quality: number) => Promise<Blob | null> } {
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height);
    return { canvas, toJpeg: (quality) => canvas.convertToBlob({ type: 'image/jpeg', quality }) };
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return { canvas, toJpeg: (quality) => new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality)) };
}

/**
 * An image redrawn 1000 px wide (height in proportion) and re-encoded as JPEG, named `.jpg`; any
 * other file as it is. Transparent pixels become white, as JPEG has no transparency. A browser that
 * cannot draw the image sends the original: the server checks, re-encodes and reads it either way.
 */
export async function resizeImageForUpload(file: File): Promise<File> {
  if (!isResizableImage(file) || typeof createImageBitmap !== 'function') return file;
  try {
    // The EXIF orientation is applied first, so the width is the width the image is seen at.
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const size = resizedSize(bitmap.width, bitmap.height);
    const { canvas, toJpeg } = jpegCanvas(size.width, size.height);
    const context = canvas.getContext('2d');
    if (!context) {
      bitmap.close();
      return file;
    }
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    bitmap.close();
    const blob = await toJpeg(RESIZED_JPEG_QUALITY);
    if (!blob) return file;
    return new File([blob], `${file.name.replace(/\.[^.]+$/, '')}.jpg`, { type: 'image/jpeg', lastModified: file.lastModified });
  } catch {
    return file;
  }
}
