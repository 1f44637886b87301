/**
 * Lists come in UTF-8 (with or without a byte-order mark) or, for older UK and EU files, in
 * Windows-1252. A strict UTF-8 decode that fails means a legacy single-byte file: Windows-1252
 * is a superset of Latin-1 for the printable range, so it is the safe fallback.
 */
export function decodeText(bytes: Uint8Array): string {
  const body = hasUtf8Bom(bytes) ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1252').decode(body);
  }
}

function hasUtf8Bom(bytes: Uint8Array): boolean {
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}
