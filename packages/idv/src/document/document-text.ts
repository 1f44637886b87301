import { clampBox, limitGraySize, resizeGray, type Box, type GrayImage } from '../image/raster';
import type { RecognizedLine, TextRecognizer } from '../ocr/tesseract-engine';

export interface DocumentText {
  text: string;
  lines: RecognizedLine[];
  confidence: number;
}

/** Glyph height the recogniser reads well and fast; the crop is scaled towards it within limits. */
const TARGET_GLYPH = 24;
const MAX_SIDE = 2000;

/** The MRZ has been read already: whitening it spares the recogniser a third of a passport page. */
function blankRegion(image: GrayImage, region: Box): GrayImage {
  const box = clampBox(region, image.width, image.height);
  const data = image.data.slice();
  for (let y = box.y; y < box.y + box.height; y += 1) data.fill(255, y * image.width + box.x, y * image.width + box.x + box.width);
  return { width: image.width, height: image.height, data };
}

/**
 * Full-page recognition of the upright document crop with automatic layout, any character. Used
 * for the card-type keywords and the printed fields.
 */
export async function readDocumentText(
  image: GrayImage,
  glyphHeight: number,
  recognizer: TextRecognizer,
  skip?: Box,
): Promise<DocumentText> {
  const source = skip ? blankRegion(image, skip) : image;
  const factor = glyphHeight > 0 ? Math.min(3, Math.max(0.5, TARGET_GLYPH / glyphHeight)) : 1;
  const scaled =
    Math.abs(factor - 1) < 0.1 ? source : resizeGray(source, Math.round(source.width * factor), Math.round(source.height * factor));
  const { image: bounded, scale } = limitGraySize(scaled, MAX_SIDE);
  const recognition = await recognizer.recognize(bounded, { segmentation: 'auto' });
  const back = 1 / (factor * scale);
  const lines = recognition.lines.map((line) => ({
    ...line,
    box: { x: line.box.x * back, y: line.box.y * back, width: line.box.width * back, height: line.box.height * back },
    words: line.words.map((word) => ({
      ...word,
      box: { x: word.box.x * back, y: word.box.y * back, width: word.box.width * back, height: word.box.height * back },
    })),
  }));
  return { text: recognition.text, lines, confidence: recognition.confidence };
}
