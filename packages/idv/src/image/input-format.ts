export type InputFormat = 'jpeg' | 'png' | 'pdf';

/** Decides by magic bytes only: a file's name or declared type is the caller's claim, not evidence. */
export function detectInputFormat(bytes: Uint8Array): InputFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((value, index) => bytes[index] === value)) return 'png';
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
