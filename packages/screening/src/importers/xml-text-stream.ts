import { TextDecoder } from 'node:util';
import type { ListSource } from './list-source';
import { declaredXmlEncoding } from './xml-record-reader';

/**
 * Streams an XML file as text in the encoding its declaration names (UTF-8 unless it says
 * otherwise), so that a Latin-1 EU file and a UTF-8 UN file decode alike.
 */
export async function* openXmlText(source: ListSource, file: string): AsyncGenerator<string> {
  let decoder: TextDecoder | undefined;
  for await (const chunk of source.openStream(file)) {
    decoder ??= new TextDecoder(declaredXmlEncoding(chunk));
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder?.decode() ?? '';
  if (rest) yield rest;
}
