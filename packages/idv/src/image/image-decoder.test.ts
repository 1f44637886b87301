import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { toBmp } from '../test-support/bmp-writer';
import { buildPasswordProtectedPdf, buildPdfWithImage } from '../test-support/pdf-builder';
import { decodeDocumentImage } from './image-decoder';
import { detectInputFormat, UnsupportedImageError } from './input-format';

async function checkerPng(): Promise<Buffer> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100" fill="#fff"/><rect width="100" height="100" fill="#000"/></svg>';
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe('input formats', () => {
  it('tells JPEG, PNG and PDF apart by their magic bytes', async () => {
    const png = await checkerPng();
    expect(detectInputFormat(png)).toBe('png');
    expect(detectInputFormat(await sharp(png).jpeg().toBuffer())).toBe('jpeg');
    expect(detectInputFormat(Buffer.from('%PDF-1.7\n'))).toBe('pdf');
    expect(detectInputFormat(Buffer.from('MZ\x90\x00 an executable'))).toBeNull();
  });

  it('tells the formats scanners and other systems hand over apart too: WebP, TIFF, GIF, AVIF, BMP', async () => {
    const png = await checkerPng();
    expect(detectInputFormat(await sharp(png).webp().toBuffer())).toBe('webp');
    expect(detectInputFormat(await sharp(png).tiff().toBuffer())).toBe('tiff');
    expect(detectInputFormat(await sharp(png).gif().toBuffer())).toBe('gif');
    expect(detectInputFormat(await sharp(png).avif().toBuffer())).toBe('avif');
    expect(detectInputFormat(await toBmp(png))).toBe('bmp');
  });
});

describe('image decoding', () => {
  it('decodes a PNG to RGB pixels', async () => {
    const { format, image } = await decodeDocumentImage(await checkerPng());
    expect(format).toBe('png');
    expect(image).toMatchObject({ width: 200, height: 100 });
    expect(Array.from(image.data.subarray(0, 3))).toEqual([0, 0, 0]);
    expect(image.data[(50 * 200 + 150) * 3]).toBe(255);
  });

  it('decodes the other formats to the same pixels, a BMP stored bottom-up or top-down alike', async () => {
    const png = await checkerPng();
    for (const bytes of [
      await toBmp(png),
      await toBmp(png, { topDown: true }),
      await sharp(png).webp({ lossless: true }).toBuffer(),
      await sharp(png).tiff().toBuffer(),
    ]) {
      const { image } = await decodeDocumentImage(bytes);
      expect(image).toMatchObject({ width: 200, height: 100 });
      expect(Array.from(image.data.subarray(0, 3))).toEqual([0, 0, 0]);
      expect(Array.from(image.data.subarray((50 * 200 + 150) * 3, (50 * 200 + 150) * 3 + 3))).toEqual([255, 255, 255]);
    }
  });

  it('refuses a BMP whose header states more pixels than the limit, before decoding it', async () => {
    const bmp = await toBmp(await checkerPng());
    bmp.writeInt32LE(200_000, 18);
    bmp.writeInt32LE(100_000, 22);
    await expect(decodeDocumentImage(bmp)).rejects.toThrow(/pixel limit/);
  });

  it('applies EXIF orientation so a rotated phone photo arrives upright', async () => {
    const png = await checkerPng();
    const rotated = await sharp(png).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const { image } = await decodeDocumentImage(rotated);
    expect(image).toMatchObject({ width: 100, height: 200 });
  });

  it('renders the first page of a PDF', async () => {
    const pdf = await buildPdfWithImage(await checkerPng(), 200, 100);
    const { format, image } = await decodeDocumentImage(pdf);
    expect(format).toBe('pdf');
    expect(image.width / image.height).toBeCloseTo(2, 1);
    expect(image.data[0]).toBeLessThan(40);
    expect(image.data[(Math.floor(image.height / 2) * image.width + Math.floor(image.width * 0.75)) * 3]).toBeGreaterThan(215);
  });

  it('refuses anything else, and corrupt images, as unsupported', async () => {
    await expect(decodeDocumentImage(Buffer.from('MZ\x90\x00 not an image'))).rejects.toBeInstanceOf(UnsupportedImageError);
    const truncated = (await checkerPng()).subarray(0, 60);
    await expect(decodeDocumentImage(truncated)).rejects.toBeInstanceOf(UnsupportedImageError);
    await expect(decodeDocumentImage(Buffer.from('%PDF-1.7 garbage'))).rejects.toBeInstanceOf(UnsupportedImageError);
  });

  it('refuses a password-protected PDF, saying why', async () => {
    const pdf = await buildPasswordProtectedPdf(await checkerPng(), 200, 100);
    await expect(decodeDocumentImage(pdf)).rejects.toThrow(new UnsupportedImageError('PDF is encrypted with a password'));
  });

  it('renders a very large page no larger than the working size', async () => {
    const pdf = await buildPdfWithImage(await checkerPng(), 14_400, 7_200);
    const { image } = await decodeDocumentImage(pdf);
    expect(Math.max(image.width, image.height)).toBeLessThanOrEqual(2000);
    expect(image.width / image.height).toBeCloseTo(2, 1);
  });
});
