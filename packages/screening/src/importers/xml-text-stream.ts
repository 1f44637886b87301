import { TextDecoder } from 'node:util';
import type { ListSource } from './list-source';
import { decodeWindows1252 } from './text-decoding';
import { declaredXmlEncoding } from './xml-record-reader';

const SINGLE_BYTE = new Set(['iso-8859-1', 'latin1', 'windows-1252', 'cp1252', 'us-ascii', 'ascii']);

/**
 * Streams an XML file as text in the encoding its declaration names (UTF-8 unless it says
 * otherwise), so that a Latin-1 EU file and a UTF-8 UN file decode alike.
 */
export async function* openXmlText(source: ListSource, file: string): AsyncGenerator<string> {
  let decode: ((chunk: Uint8Array) => string) | undefined;
  let decoder: TextDecoder | undefined;
  for await (const chunk of source.openStream(file)) {
    if (!decode) {
      const encoding = declaredXmlEncoding(chunk);
      if (SINGLE_BYTE.has(encoding)) decode = decodeWindows1252;
      else {
        const streaming = new TextDecoder(encoding);
        decoder = streaming;
        decode = (bytes) => streaming.decode(bytes, { stream: true });
      }
    }
    const text = decode(chunk);
    if (text) yield text;
  }
  const rest = decoder?.decode() ?? '';
  if (rest) yield rest;
}
