import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { ListImportError } from './list-import-error';

/** A small element tree, built for one record at a time so a large file never sits in memory whole. */
export interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
  text: string;
  /** Line on which the element opens, counted from 1. */
  line: number;
}

export interface XmlReadOptions {
  /** True for an element whose subtree is one record; `path` holds the names of its ancestors. */
  isRecord(name: string, path: readonly string[]): boolean;
  /** Called for every element opened outside a record (root attributes such as a list date). */
  onOpen?(name: string, attributes: Record<string, string>, path: readonly string[]): void;
  file?: string;
}

/**
 * Streams an XML document and yields each record element as an XmlNode once it closes.
 * Namespace prefixes are dropped from names so that files with and without a default namespace
 * read the same. Malformed XML is a ListImportError with the line saxes stopped at.
 */
export async function* readXmlRecords(chunks: AsyncIterable<string>, options: XmlReadOptions): AsyncGenerator<XmlNode> {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const path: string[] = [];
  const stack: XmlNode[] = [];
  const ready: XmlNode[] = [];
  let failure: Error | undefined;

  parser.on('opentag', (tag: SaxesTagPlain) => {
    const name = localName(tag.name);
    const attributes: Record<string, string> = {};
    for (const [key, value] of Object.entries(tag.attributes)) attributes[localName(key)] = value;
    if (stack.length > 0 || options.isRecord(name, path)) {
      const node: XmlNode = { name, attributes, children: [], text: '', line: parser.line };
      stack.at(-1)?.children.push(node);
      stack.push(node);
    } else {
      options.onOpen?.(name, attributes, path);
    }
    path.push(name);
  });
  parser.on('text', (text) => appendText(stack, text));
  parser.on('cdata', (text) => appendText(stack, text));
  parser.on('closetag', () => {
    path.pop();
    const node = stack.pop();
    if (node && stack.length === 0) ready.push(node);
  });
  parser.on('error', (error) => {
    failure ??= new ListImportError(`malformed XML: ${error.message}`, parser.line, options.file);
  });

  for await (const chunk of chunks) {
    parser.write(chunk);
    if (failure) throw failure;
    yield* ready.splice(0);
  }
  parser.close();
  if (failure) throw failure;
  yield* ready.splice(0);
}

function appendText(stack: XmlNode[], text: string): void {
  const node = stack.at(-1);
  if (node) node.text += text;
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

export function childNodes(node: XmlNode, name: string): XmlNode[] {
  return node.children.filter((child) => child.name === name);
}

export function childNode(node: XmlNode, name: string): XmlNode | undefined {
  return node.children.find((child) => child.name === name);
}

/** Trimmed text of the first child with that name, '' when absent. */
export function childText(node: XmlNode, name: string): string {
  return childNode(node, name)?.text.trim() ?? '';
}

/** Trimmed texts of every child with that name, empty ones dropped. */
export function childTexts(node: XmlNode, name: string): string[] {
  return childNodes(node, name)
    .map((child) => child.text.trim())
    .filter(Boolean);
}

export function attribute(node: XmlNode, name: string): string {
  return node.attributes[name]?.trim() ?? '';
}

/** Reads the encoding an XML declaration names, so a Latin-1 file decodes correctly. */
export function declaredXmlEncoding(head: Uint8Array): string {
  const prolog = new TextDecoder('latin1').decode(head.subarray(0, 200));
  const match = /<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(prolog);
  return match?.[1]?.toLowerCase() ?? 'utf-8';
}
