import type { FileKind } from '@sanad/contracts/files';

const startsWith = (bytes: Buffer, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/** Office Open XML is a ZIP whose central directory names its parts; look for the tell-tale one. */
function officeKind(bytes: Buffer): FileKind | null {
  const text = bytes.toString('latin1');
  if (text.includes('word/')) return 'docx';
  if (text.includes('xl/')) return 'xlsx';
  return null;
}

function isText(bytes: Buffer, isComplete: boolean): boolean {
  const sample = bytes.subarray(0, 64 * 1024);
  if (sample.includes(0)) return false;
  try {
    // A sample that stops before the file's end may cut a character in two: its last bytes are left out.
    new TextDecoder('utf-8', { fatal: true }).decode(
      isComplete && sample.length === bytes.length ? sample : sample.subarray(0, sample.length - 4),
    );
    return true;
  } catch {
    return false;
  }
}

/** Bytes of a file's start that decide its kind (an Office file names its parts in the first entries). */
export const KIND_HEAD_BYTES = 256 * 1024;

/**
 * The kind of a file from its first bytes (`isComplete` when they are the whole file): magic numbers
 * for binary formats, a UTF-8 check and the first character for text ones. Null for anything else
 * (executables, archives, unknown data).
 */
export function detectFileKind(bytes: Buffer, isComplete = true): FileKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 0, 5) === '%PDF-') return 'pdf';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'doc';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return officeKind(bytes);
  if (ascii(bytes, 4, 8) === 'ftyp') return 'mp4';
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return 'webm';
  if (!isText(bytes, isComplete)) return null;
  const head = bytes
    .toString('utf8', 0, 512)
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (head.startsWith('<')) return 'xml';
  if (head.startsWith('{') || head.startsWith('[')) return 'json';
  return /[,;\t]/.test(head.split('\n')[0] ?? '') ? 'csv' : 'txt';
}

export const CONTENT_TYPES: Record<FileKind, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  xml: 'application/xml',
  json: 'application/json',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

/** The extension of an original file name, lower-cased, with a client's '.enc' suffix ignored. */
export function extensionOf(fileName: string): string {
  const name = fileName.toLowerCase().replace(/\.enc$/, '');
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1) : '';
}
