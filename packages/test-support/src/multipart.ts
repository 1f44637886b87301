import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

/** A multipart/form-data body as a browser would send it, for fastify.inject. */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; body: Buffer; contentType?: string },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----sanad${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.body,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export interface StreamedMultipart {
  stream: Readable;
  headers: Record<string, string>;
  /** Bytes of the file handed to the reader so far: how much of it the server pulled. */
  fileBytesRead(): number;
}

/**
 * A multipart/form-data body whose file is generated as it is read: `head`, then `filler` repeated
 * up to `size` bytes. Nothing is held beyond one chunk, so a test can send hundreds of megabytes
 * and see how much of them the server actually pulled.
 */
export function streamedMultipart(
  fields: Record<string, string>,
  file: { name: string; head: Buffer; filler: Buffer; size: number },
): StreamedMultipart {
  const boundary = `----sanad${randomBytes(8).toString('hex')}`;
  let preamble = '';
  for (const [name, value] of Object.entries(fields))
    preamble += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  preamble += `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const chunkBytes = 64 * 1024;
  const block = Buffer.alloc(chunkBytes);
  for (let offset = 0; offset < chunkBytes; offset += file.filler.length) file.filler.copy(block, offset);
  let produced = 0;
  function* generate(): Generator<Buffer> {
    yield Buffer.from(preamble);
    yield file.head;
    produced = file.head.length;
    while (produced < file.size) {
      const next = block.subarray(0, Math.min(chunkBytes, file.size - produced));
      produced += next.length;
      yield next;
    }
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return {
    stream: Readable.from(generate(), { objectMode: false, highWaterMark: chunkBytes }),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    fileBytesRead: () => produced,
  };
}
