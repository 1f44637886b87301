import { createRequire } from 'node:module';
import path from 'node:path';
import type { RgbImage } from './raster';
import { UnsupportedImageError } from './input-format';

/** About 200 dpi for an A4 or passport page, capped so a huge page cannot exhaust memory. */
const TARGET_DPI = 200;
const MAX_SIDE = 2400;
/** Images embedded in the PDF above this are skipped rather than decoded (a decompression bomb). */
const MAX_EMBEDDED_IMAGE_PIXELS = 100_000_000;

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

let pdfJs: Promise<PdfJs> | undefined;

/**
 * Loaded on first use so image-only callers never pay pdf.js's start-up. The legacy build runs on
 * Node 20; in Node pdf.js runs its parser in this thread (no worker) and draws on @napi-rs/canvas.
 */
function loadPdfJs(): Promise<PdfJs> {
  pdfJs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfJs;
}

/**
 * Fonts, CMaps and the JPEG 2000 / JBIG2 decoders are read from the installed package, never
 * fetched: resolved from this module so a bundled server finds them in node_modules as well.
 */
function getPdfJsDataPaths(): { standardFontDataUrl: string; cMapUrl: string; wasmUrl: string; iccUrl: string } {
  const packageDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const folder = (name: string): string => path.join(packageDir, name) + path.sep;
  return { standardFontDataUrl: folder('standard_fonts'), cMapUrl: folder('cmaps'), wasmUrl: folder('wasm'), iccUrl: folder('iccs') };
}

function describeOpenError(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'PasswordException') return 'PDF is encrypted with a password';
  return `PDF cannot be opened: ${(error as Error).message}`;
}

/**
 * Renders the first page of a PDF with pdf.js (Apache-2.0) onto @napi-rs/canvas (MIT), both
 * shipped inside npm and run offline. Encrypted (password), corrupt and empty PDFs are refused
 * as unsupported input.
 */
export async function renderFirstPdfPage(bytes: Uint8Array): Promise<RgbImage> {
  const { getDocument, VerbosityLevel } = await loadPdfJs();
  const { createCanvas } = await import('@napi-rs/canvas');
  const loadingTask = getDocument({
    // pdf.js may take over the buffer it is given: hand it a copy, never the caller's bytes.
    data: new Uint8Array(bytes),
    ...getPdfJsDataPaths(),
    disableFontFace: true,
    useSystemFonts: false,
    isEvalSupported: false,
    enableXfa: false,
    maxImageSize: MAX_EMBEDDED_IMAGE_PIXELS,
    verbosity: VerbosityLevel.ERRORS,
  });
  try {
    const document = await loadingTask.promise.catch((error: unknown) => {
      throw new UnsupportedImageError(describeOpenError(error));
    });
    if (document.numPages < 1) throw new UnsupportedImageError('PDF has no pages');
    try {
      const page = await document.getPage(1);
      const unscaled = page.getViewport({ scale: 1 });
      const longest = Math.max(unscaled.width, unscaled.height, 1);
      const viewport = page.getViewport({ scale: Math.min(TARGET_DPI / 72, MAX_SIDE / longest) });
      const width = Math.max(1, Math.floor(viewport.width));
      const height = Math.max(1, Math.floor(viewport.height));
      const canvas = createCanvas(width, height);
      const context = canvas.getContext('2d');
      // A page is paper: transparent areas must read as white, not as black pixels.
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, width, height);
      await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport, background: '#ffffff' }).promise;
      return dropAlpha(context.getImageData(0, 0, width, height).data, width, height);
    } catch (error) {
      if (error instanceof UnsupportedImageError) throw error;
      throw new UnsupportedImageError(`PDF page cannot be rendered: ${(error as Error).message}`);
    }
  } finally {
    await loadingTask.destroy();
  }
}

function dropAlpha(rgba: Uint8ClampedArray, width: number, height: number): RgbImage {
  const data = new Uint8Array(width * height * 3);
  for (let source = 0, target = 0; target < data.length; source += 4, target += 3) {
    data[target] = rgba[source] ?? 255;
    data[target + 1] = rgba[source + 1] ?? 255;
    data[target + 2] = rgba[source + 2] ?? 255;
  }
  return { width, height, data };
}
