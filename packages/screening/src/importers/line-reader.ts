import { TextDecoder } from 'node:util';

/** Yields the lines of a UTF-8 byte stream with their numbers (from 1), without holding the file whole. */
export async function* readLines(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<{ text: string; line: number }> {
  const decoder = new TextDecoder('utf-8');
  let pending = '';
  let line = 0;
  for await (const chunk of chunks) {
    pending += decoder.decode(chunk, { stream: true });
    let newline = pending.indexOf('\n');
    while (newline !== -1) {
      line += 1;
      yield { text: pending.slice(0, newline).replace(/\r$/, ''), line };
      pending = pending.slice(newline + 1);
      newline = pending.indexOf('\n');
    }
  }
  pending += decoder.decode();
  if (pending) yield { text: pending.replace(/\r$/, ''), line: line + 1 };
}

/** Decodes a UTF-8 byte stream into text chunks (a leading byte-order mark dropped). */
export async function* readTextChunks(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of chunks) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}
