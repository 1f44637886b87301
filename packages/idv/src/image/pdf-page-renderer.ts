import type { RgbImage } from './raster';
import { UnsupportedImageError } from './input-format';

/** About 200 dpi for an A4 or passport page, capped so a huge page cannot exhaust memory. */
const TARGET_DPI = 200;
const MAX_SIDE = 2400;

/**
 * Renders the first page of a PDF with MuPDF's WebAssembly build, which ships inside the npm
 * package and runs offline. Loaded on first use so image-only callers never pay its start-up.
 */
export async function renderFirstPdfPage(bytes: Uint8Array): Promise<RgbImage> {
  const mupdf = await import('mupdf');
  let document: InstanceType<typeof mupdf.Document> | undefined;
  try {
    document = mupdf.Document.openDocument(bytes, 'application/pdf');
  } catch (error) {
    throw new UnsupportedImageError(`PDF cannot be opened: ${(error as Error).message}`);
  }
  try {
    if (document.countPages() < 1) throw new UnsupportedImageError('PDF has no pages');
    const page = document.loadPage(0);
    const [x0, y0, x1, y1] = page.getBounds();
    const longest = Math.max(x1 - x0, y1 - y0, 1);
    const scale = Math.min(TARGET_DPI / 72, MAX_SIDE / longest);
    const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false);
    const width = pixmap.getWidth();
    const height = pixmap.getHeight();
    const stride = pixmap.getStride();
    const components = pixmap.getNumberOfComponents();
    const pixels = pixmap.getPixels();
    const data = new Uint8Array(width * height * 3);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const source = y * stride + x * components;
        const target = (y * width + x) * 3;
        data[target] = pixels[source] ?? 0;
        data[target + 1] = pixels[source + 1] ?? 0;
        data[target + 2] = pixels[source + 2] ?? 0;
      }
    }
    pixmap.destroy();
    page.destroy();
    return { width, height, data };
  } finally {
    document.destroy();
  }
}
