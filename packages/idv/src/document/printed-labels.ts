import type { RecognizedLine, RecognizedWord, TextBox } from '../ocr/tesseract-engine';

export interface FoundLabel {
  line: number;
  /** Index of the first word after the label in its line. */
  nextWord: number;
  box: TextBox;
}

export function normaliseToken(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    let previous = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const current = row[j] ?? 0;
      row[j] = Math.min((row[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length] ?? 0;
}

/** OCR drops or swaps a letter now and then: long label words may differ by one edit. */
function tokenMatches(word: string, label: string): boolean {
  if (word === label) return true;
  return label.length >= 5 && editDistance(word, label) <= 1;
}

function unionBox(boxes: readonly TextBox[]): TextBox {
  const left = Math.min(...boxes.map((box) => box.x));
  const top = Math.min(...boxes.map((box) => box.y));
  const right = Math.max(...boxes.map((box) => box.x + box.width));
  const bottom = Math.max(...boxes.map((box) => box.y + box.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** Every place a label (e.g. 'Father Name') is printed, skipping words already taken by other labels. */
export function findLabels(lines: readonly RecognizedLine[], label: string, taken: Set<string>): FoundLabel[] {
  const tokens = label.split(/\s+/).map(normaliseToken).filter(Boolean);
  const found: FoundLabel[] = [];
  lines.forEach((line, lineIndex) => {
    const words = line.words.map((word) => normaliseToken(word.text));
    for (let start = 0; start + tokens.length <= words.length; start += 1) {
      const isMatch = tokens.every(
        (token, offset) => !taken.has(`${lineIndex}:${start + offset}`) && tokenMatches(words[start + offset] ?? '', token),
      );
      if (!isMatch) continue;
      for (let offset = 0; offset < tokens.length; offset += 1) taken.add(`${lineIndex}:${start + offset}`);
      const boxes = line.words.slice(start, start + tokens.length).map((word) => word.box);
      found.push({ line: lineIndex, nextWord: start + tokens.length, box: unionBox(boxes) });
    }
  });
  return found;
}

function joinWords(words: readonly RecognizedWord[]): string {
  return words
    .map((word) => word.text)
    .join(' ')
    .replace(/^[\s:.,/-]+/, '')
    .trim();
}

/** The rest of the label's own line ('Name: OMAR KHALID'), cut at the next label word. */
export function readValueRight(lines: readonly RecognizedLine[], label: FoundLabel, taken: Set<string>): string {
  const line = lines[label.line];
  if (!line) return '';
  const words: RecognizedWord[] = [];
  for (let index = label.nextWord; index < line.words.length; index += 1) {
    if (taken.has(`${label.line}:${index}`)) break;
    const word = line.words[index];
    if (word) words.push(word);
  }
  return joinWords(words);
}

/**
 * The value printed under a label (the CNIC layout): words of the nearest line below that start
 * within the label's column, stopping where another label's column begins on the label's row.
 */
export function readValueBelow(lines: readonly RecognizedLine[], label: FoundLabel, columnEnd: number): string {
  const labelBottom = label.box.y + label.box.height;
  const height = Math.max(1, label.box.height);
  const below = lines
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => line.box.y >= labelBottom - 0.3 * height && line.box.y - labelBottom < 3 * height)
    .toSorted((a, b) => a.line.box.y - b.line.box.y);
  for (const { line } of below) {
    // The value starts under the label and runs on while its words stay close together.
    const sorted = line.words.toSorted((a, b) => a.box.x - b.box.x);
    const start = sorted.findIndex((word) => word.box.x >= label.box.x - height && word.box.x <= label.box.x + 2 * height);
    if (start < 0) continue;
    const words: RecognizedWord[] = [];
    for (let index = start; index < sorted.length; index += 1) {
      const word = sorted[index];
      const previous = words[words.length - 1];
      if (!word || word.box.x >= columnEnd) break;
      if (previous && word.box.x - (previous.box.x + previous.box.width) > 2.5 * Math.max(height, previous.box.height)) break;
      words.push(word);
    }
    const text = joinWords(words);
    if (text) return text;
  }
  return '';
}
