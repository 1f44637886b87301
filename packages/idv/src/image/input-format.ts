export type InputFormat = 'jpeg' | 'png' | 'pdf' | 'webp' | 'tiff' | 'gif' | 'avif' | 'bmp';

const startsWith = (bytes: Uint8Array, values: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + values.length && values.every((value, index) => bytes[offset + index] === value);
const ascii = (text: string): number[] => [...text].map((letter) => letter.charCodeAt(0));

/**
 * Decides by magic bytes only: a file's name or declared type is the caller's claim, not evidence.
 * Besides JPEG, PNG and PDF (what the onboarding flows accept), the engine reads the formats
 * scanners, document kits and other systems hand over: WebP, TIFF, GIF, AVIF and BMP.
 */
export function detectInputFormat(bytes: Uint8Array): InputFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('ftypavif'), 4) || startsWith(bytes, ascii('ftypavis'), 4)) return 'avif';
  if (bytes.length >= 26 && startsWith(bytes, ascii('BM'))) return 'bmp';
  // '%PDF-' may follow a few bytes of junk; readers accept it within the first kilobyte.
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (head.includes('%PDF-')) return 'pdf';
  return null;
}

export class UnsupportedImageError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'UnsupportedImageError';
  }
}
