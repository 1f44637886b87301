/**
 * Text for the compliance file. Latin text is set in the PDF's built-in fonts; text in other scripts
 * (a name in Arabic, Urdu, Hebrew, Greek or Cyrillic) in DejaVu Sans, embedded, which covers those
 * scripts. PDF has no notion of writing direction, so right-to-left text is cut into direction runs
 * and words, put in the order they are seen: the font layout joins and reverses the letters within a
 * right-to-left word, and a right-to-left line shows its runs from right to left. Characters
 * no embedded font can draw (Chinese, Devanagari, Thai…) are shown as '?', never dropped silently; the
 * record keeps the original text.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

/** What the built-in PDF fonts can draw: printable ASCII and Latin-1. */
const LATIN_1 = /^[\x20-\x7E\xA0-\xFF\n]*$/;
/** Scripts DejaVu Sans covers, with the marks and punctuation shared by all scripts. */
const UNDRAWABLE =
  /[^\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Armenian}\p{Script=Georgian}\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Common}\p{Script=Inherited}\n]/gu;
const RIGHT_TO_LEFT = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}]/u;
const LEFT_TO_RIGHT = /[\p{L}\p{Nd}]/u;

export type PdfFontStyle = 'regular' | 'bold' | 'oblique';

const BUILT_IN: Record<PdfFontStyle, string> = { regular: 'Helvetica', bold: 'Helvetica-Bold', oblique: 'Helvetica-Oblique' };
const UNICODE: Record<PdfFontStyle, string> = { regular: 'Unicode', bold: 'Unicode-Bold', oblique: 'Unicode-Oblique' };
const UNICODE_FILES: Record<PdfFontStyle, string> = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  oblique: 'DejaVuSans-Oblique.ttf',
};

/** Registers the embedded fonts on a document; they are embedded only if used. */
export function registerUnicodeFonts(doc: PDFKit.PDFDocument): void {
  const directory = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  for (const style of Object.keys(UNICODE) as PdfFontStyle[]) doc.registerFont(UNICODE[style], path.join(directory, UNICODE_FILES[style]));
}

/** A value as the file prints it: '-' for nothing, lists joined, undrawable characters as '?'. */
export function pdfText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  const text = Array.isArray(value) ? value.join(', ') : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.replace(UNDRAWABLE, '?');
}

/** The font a text is set in: the built-in one when it can draw every character. */
export function pdfFontFor(text: string, style: PdfFontStyle): string {
  return LATIN_1.test(text) ? BUILT_IN[style] : UNICODE[style];
}

type Direction = 'ltr' | 'rtl';

function strongDirection(character: string): Direction | null {
  if (RIGHT_TO_LEFT.test(character)) return 'rtl';
  if (LEFT_TO_RIGHT.test(character)) return 'ltr';
  return null;
}

/**
 * The text cut into direction runs, in the order they are seen from left to right. The line takes the
 * direction of its first letter; spaces and punctuation between two runs of one direction belong to
 * them, otherwise to the line's direction. Digits run left to right, as they are read in Arabic too.
 */
export function visualRuns(text: string): string[] {
  const characters = [...text];
  const strong = characters.map(strongDirection);
  const line: Direction = strong.find((direction) => direction !== null) ?? 'ltr';
  const resolved = strong.map((direction, index) => {
    if (direction) return direction;
    const before = strong.slice(0, index).findLast((candidate) => candidate !== null) ?? line;
    const after = strong.slice(index + 1).find((candidate) => candidate !== null) ?? line;
    return before === after ? before : line;
  });
  const runs: Array<{ direction: Direction; text: string }> = [];
  characters.forEach((character, index) => {
    const direction = resolved[index] ?? line;
    const last = runs.at(-1);
    if (last && last.direction === direction) last.text += character;
    else runs.push({ direction, text: character });
  });
  const ordered = line === 'rtl' ? runs.toReversed() : runs;
  // The layout reverses the letters of a right-to-left word but lays out spaces on its own terms, so a
  // right-to-left run is handed over word by word, the words already in the order they are seen.
  return ordered.flatMap((run) => (run.direction === 'rtl' ? run.text.split(/( +)/).filter(Boolean).toReversed() : [run.text]));
}
