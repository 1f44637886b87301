import { describe, expect, it } from 'vitest';
import { decodeText } from './text-decoding';

describe('decodeText', () => {
  it('reads UTF-8 and drops a byte-order mark', () => {
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('Côte')]))).toBe('Côte');
  });

  it('reads a legacy file as Windows-1252, curly quotes and accents included', () => {
    expect(decodeText(new Uint8Array([0x93, 0x51, 0x6f, 0x75, 0x73, 0x73, 0x61, 0xef, 0x94]))).toBe('“Qoussaï”');
  });
});
