import { createRequire } from 'node:module';
import path from 'node:path';
import Tesseract from 'tesseract.js';
import type { GrayImage } from '../image/raster';

export interface TextBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface RecognizedSymbol {
  text: string;
  confidence: number;
  box: TextBox;
}

export interface RecognizedWord {
  text: string;
  confidence: number;
  box: TextBox;
}

export interface RecognizedLine {
  text: string;
  confidence: number;
  box: TextBox;
  words: RecognizedWord[];
  symbols: RecognizedSymbol[];
}

export interface Recognition {
  text: string;
  /** Tesseract's mean word confidence, 0–100. */
  confidence: number;
  lines: RecognizedLine[];
}

export type PageSegmentation = 'block' | 'line' | 'sparse' | 'auto';

export interface RecognizeOptions {
  segmentation: PageSegmentation;
  /** Characters the recogniser may output; empty for any. */
  whitelist?: string;
}

/** One long-lived recogniser; the engine owns its worker and must be closed. */
export interface TextRecognizer {
  recognize(image: GrayImage, options: RecognizeOptions): Promise<Recognition>;
  close(): Promise<void>;
}

const SEGMENTATION_MODES: Record<PageSegmentation, Tesseract.PSM> = {
  block: Tesseract.PSM.SINGLE_BLOCK,
  line: Tesseract.PSM.SINGLE_LINE,
  sparse: Tesseract.PSM.SPARSE_TEXT,
  auto: Tesseract.PSM.AUTO,
};

/**
 * The English LSTM model (integer, "best" quality) from @tesseract.js-data/eng. The path is found
 * through Node's resolver so it works wherever npm placed the package; nothing is fetched.
 */
export function findEnglishModelDirectory(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

/** Netpbm greyscale: the cheapest encoding Leptonica decodes, so no PNG round trip per call. */
export function encodePgm(image: GrayImage): Buffer {
  const header = Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, 'latin1');
  return Buffer.concat([header, Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length)]);
}

export async function createTesseractRecognizer(): Promise<TextRecognizer> {
  const worker = await Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, {
    langPath: findEnglishModelDirectory(),
    gzip: true,
    // 'none' keeps tesseract.js from writing a cached copy of the model into the working directory.
    cacheMethod: 'none',
  });
  let current = { mode: '', whitelist: '' };
  let queue: Promise<unknown> = Promise.resolve();

  async function run(image: GrayImage, options: RecognizeOptions): Promise<Recognition> {
    const mode = SEGMENTATION_MODES[options.segmentation];
    const whitelist = options.whitelist ?? '';
    if (current.mode !== mode || current.whitelist !== whitelist) {
      await worker.setParameters({
        tessedit_pageseg_mode: mode,
        tessedit_char_whitelist: whitelist,
        user_defined_dpi: '300',
        preserve_interword_spaces: '1',
        // Tesseract prints diagnostics ("Detected 12 diacritics") to the console otherwise.
        debug_file: '/dev/null',
      });
      current = { mode, whitelist };
    }
    const { data } = await worker.recognize(encodePgm(image), {}, { blocks: true, text: true });
    return toRecognition(data);
  }

  return {
    recognize(image, options) {
      // The worker handles one job at a time and parameters are global to it: serialise calls.
      const result = queue.then(() => run(image, options));
      queue = result.catch(() => undefined);
      return result;
    },
    async close() {
      await queue;
      await worker.terminate();
    },
  };
}

function toBox(bbox: Tesseract.Bbox): TextBox {
  return { x: bbox.x0, y: bbox.y0, width: bbox.x1 - bbox.x0, height: bbox.y1 - bbox.y0 };
}

function toRecognition(page: Tesseract.Page): Recognition {
  const lines: RecognizedLine[] = [];
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        lines.push({
          text: line.text.replace(/\n$/, ''),
          confidence: line.confidence,
          box: toBox(line.bbox),
          words: line.words.map((word) => ({ text: word.text, confidence: word.confidence, box: toBox(word.bbox) })),
          symbols: line.words.flatMap((word) =>
            word.symbols.map((symbol) => ({ text: symbol.text, confidence: symbol.confidence, box: toBox(symbol.bbox) })),
          ),
        });
      }
    }
  }
  return { text: page.text, confidence: page.confidence, lines };
}
