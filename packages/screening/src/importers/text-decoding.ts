/**
 * Windows-1252 differs from Latin-1 only in 0x80–0x9F (curly quotes, dashes, the euro sign).
 * Node 20's TextDecoder('windows-1252') decodes those bytes as Latin-1 control characters, so
 * the difference is mapped here.
 */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

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
    return decodeWindows1252(body);
  }
}

export function decodeWindows1252(bytes: Uint8Array): string {
  const latin1 = new TextDecoder('latin1').decode(bytes);
  return latin1.replaceAll(/[\u0080-\u009f]/g, (char) => CP1252_HIGH[char.charCodeAt(0) - 0x80] ?? char);
}

function hasUtf8Bom(bytes: Uint8Array): boolean {
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}
