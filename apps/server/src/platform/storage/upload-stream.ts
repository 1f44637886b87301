import type { FastifyRequest } from 'fastify';
import { FILE_MESSAGES } from '@sanad/contracts/files';
import { AppError } from '../http/app-error';

/** The one file of a multipart request, with the text fields that came before it. */
export interface IncomingFile {
  /** Text fields sent before the file; fields after it are not read. */
  fields: Readonly<Record<string, string>>;
  fileName: string;
  chunks: AsyncIterable<Buffer>;
}

const CHOOSE_FILE = FILE_MESSAGES.chooseFile;

/**
 * Hands the file of a multipart request to `handle` as a stream, after the text fields before it,
 * so the file can be checked and stored as it arrives and cut off at a limit without ever being
 * held whole. `backstopBytes` stops the parser itself past the largest size any caller accepts.
 * The route's plugin must have registered @fastify/multipart.
 */
export async function withUploadedFile<T>(
  request: FastifyRequest,
  options: { fileField?: string; backstopBytes: number },
  handle: (file: IncomingFile) => Promise<T>,
): Promise<T> {
  const fileField = options.fileField ?? 'file';
  if (!request.isMultipart()) throw AppError.field(fileField, CHOOSE_FILE);
  const fields: Record<string, string> = {};
  const parts = request.parts({ limits: { fileSize: options.backstopBytes + 1, files: 1, fields: 8, fieldSize: 1024, parts: 10 } });
  for await (const part of parts) {
    if (part.type !== 'file') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    if (part.fieldname !== fileField) {
      part.file.destroy();
      throw AppError.field(fileField, CHOOSE_FILE);
    }
    try {
      return await handle({ fields, fileName: part.filename, chunks: part.file as AsyncIterable<Buffer> });
    } finally {
      // A refused file is not read to its end: the rest of the request is dropped, not buffered.
      if (!part.file.readableEnded) part.file.destroy();
    }
  }
  throw AppError.field(fileField, CHOOSE_FILE);
}

/**
 * Reads a stream of chunks from the front: the first bytes can be looked at (a file's type) before
 * the whole is streamed on under a byte limit, with nothing read twice or held beyond the head.
 */
export function createChunkReader(chunks: AsyncIterable<Buffer>) {
  const iterator = chunks[Symbol.asyncIterator]();
  const buffered: Buffer[] = [];
  let bufferedBytes = 0;
  let isDone = false;

  return {
    /** Whether the whole stream has been read (into the head, or streamed on). */
    isComplete: (): boolean => isDone,

    /** At least `bytes` from the start (fewer only when the stream is shorter), without consuming them. */
    async head(bytes: number): Promise<Buffer> {
      while (bufferedBytes < bytes && !isDone) {
        const next = await iterator.next();
        if (next.done) isDone = true;
        else {
          buffered.push(next.value);
          bufferedBytes += next.value.length;
        }
      }
      return Buffer.concat(buffered, bufferedBytes);
    },

    /** Every chunk from the start; throws `onExceeded()` as soon as more than `maxBytes` arrived. */
    async *limited(maxBytes: number, onExceeded: () => Error): AsyncGenerator<Buffer> {
      let total = 0;
      const pass = (chunk: Buffer) => {
        total += chunk.length;
        if (total > maxBytes) throw onExceeded();
        return chunk;
      };
      while (buffered.length > 0) {
        const chunk = buffered.shift();
        if (chunk) yield pass(chunk);
      }
      bufferedBytes = 0;
      while (!isDone) {
        const next = await iterator.next();
        if (next.done) isDone = true;
        else yield pass(next.value);
      }
    },

    /** The whole stream in memory, for what must be decoded whole (an image); limited like `limited`. */
    async all(maxBytes: number, onExceeded: () => Error): Promise<Buffer> {
      const collected: Buffer[] = [];
      for await (const chunk of this.limited(maxBytes, onExceeded)) collected.push(chunk);
      return Buffer.concat(collected);
    },
  };
}
