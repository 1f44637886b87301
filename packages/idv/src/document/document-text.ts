import { limitGraySize, resizeGray, type GrayImage } from '../image/raster';
import type { RecognizedLine, TextRecognizer } from '../ocr/tesseract-engine';

export interface DocumentText {
  text: string;
  lines: RecognizedLine[];
  confidence: number;
}

/** Glyph height the recogniser reads best; the crop is scaled towards it within limits. */
const TARGET_GLYPH = 26;
const MAX_SIDE = 2000;

/**
 * Full-page recognition of the upright document crop with automatic layout, any character. Used
 * for the card-type keywords and the printed fields.
 */
export async function readDocumentText(image: GrayImage, glyphHeight: number, recognizer: TextRecognizer): Promise<DocumentText> {
  const factor = glyphHeight > 0 ? Math.min(3, Math.max(0.5, TARGET_GLYPH / glyphHeight)) : 1;
  const scaled = Math.abs(factor - 1) < 0.1 ? image : resizeGray(image, Math.round(image.width * factor), Math.round(image.height * factor));
  const { image: bounded, scale } = limitGraySize(scaled, MAX_SIDE);
  const recognition = await recognizer.recognize(bounded, { segmentation: 'auto' });
  const back = 1 / (factor * scale);
  const lines = recognition.lines.map((line) => ({
    ...line,
    box: { x: line.box.x * back, y: line.box.y * back, width: line.box.width * back, height: line.box.height * back },
    words: line.words.map((word) => ({ ...word, box: { x: word.box.x * back, y: word.box.y * back, width: word.box.width * back, height: word.box.height * back } })),
  }));
  return { text: recognition.text, lines, confidence: recognition.confidence };
}
