/**
 * Identifies an upload by its first bytes, never by what the client claims. Each known type lists
 * the extensions it may carry; an upload passes only when both agree.
 */
interface Signature {
  contentType: string;
  extensions: readonly string[];
  matches: (head: Buffer) => boolean;
}

const startsWith = (head: Buffer, bytes: readonly number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((byte, index) => head[offset + index] === byte);

const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

const SIGNATURES: readonly Signature[] = [
  { contentType: 'image/png', extensions: ['png'], matches: (head) => startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'], matches: (head) => startsWith(head, [0xff, 0xd8, 0xff]) },
  { contentType: 'application/pdf', extensions: ['pdf'], matches: (head) => startsWith(head, ascii('%PDF-')) },
  // ISO base media: a box size, then 'ftyp' and a brand; QuickTime ('qt  ') is not offered as mp4.
  {
    contentType: 'video/mp4',
    extensions: ['mp4'],
    matches: (head) => startsWith(head, ascii('ftyp'), 4) && !startsWith(head, ascii('qt  '), 8),
  },
  // EBML header whose DocType is webm (Matroska files share the header but not the DocType).
  {
    contentType: 'video/webm',
    extensions: ['webm'],
    matches: (head) => startsWith(head, [0x1a, 0x45, 0xdf, 0xa3]) && head.subarray(0, 64).includes(Buffer.from('webm')),
  },
];

/** Bytes needed to recognise every type above. */
export const SIGNATURE_BYTES = 64;

export function extensionOf(fileName: string): string {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(fileName.trim());
  return match?.[1]?.toLowerCase() ?? '';
}

/**
 * The content type of a file whose name ends in one of `allowedExtensions` and whose first bytes
 * prove that type; null when either check fails.
 */
export function detectAllowedType(fileName: string, head: Buffer, allowedExtensions: readonly string[]): string | null {
  const extension = extensionOf(fileName);
  if (!allowedExtensions.includes(extension)) return null;
  const signature = SIGNATURES.find((candidate) => candidate.extensions.includes(extension));
  return signature?.matches(head) ? signature.contentType : null;
}

export function isAllowedExtension(fileName: string, allowedExtensions: readonly string[]): boolean {
  return allowedExtensions.includes(extensionOf(fileName));
}
