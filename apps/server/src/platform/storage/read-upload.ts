import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@sanad/contracts/messages';
import { AppError } from '../http/app-error';
import { SIGNATURE_BYTES, detectAllowedType, isAllowedExtension } from './file-signature';

export interface UploadRules {
  extensions: readonly string[];
  maxMegabytes: number;
}

export interface ReceivedUpload {
  body: Buffer;
  originalName: string;
  contentType: string;
}

const MEGABYTE = 1024 * 1024;

const formatNotAllowed = () =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.fileFormatNotAllowed, { file: [MESSAGES.fileFormatNotAllowed] });
const tooLarge = (megabytes: number) =>
  new AppError('PAYLOAD_TOO_LARGE', MESSAGES.fileTooLarge(megabytes), { file: [MESSAGES.fileTooLarge(megabytes)] });

/**
 * Reads the one file of a multipart request (field `file`) under the rules: the extension is
 * checked before any byte is read, the type by its first bytes as they arrive, and the size while
 * streaming, so a refused upload is cut off rather than buffered. Needs @fastify/multipart on the
 * route's plugin.
 */
export async function readUpload(request: FastifyRequest, rules: UploadRules): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw AppError.field('file', 'Please choose a file to upload');
  const maxBytes = rules.maxMegabytes * MEGABYTE;
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 4, parts: 5 } });
  if (!part || part.fieldname !== 'file') throw AppError.field('file', 'Please choose a file to upload');
  if (!isAllowedExtension(part.filename, rules.extensions)) {
    part.file.destroy();
    throw formatNotAllowed();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let contentType: string | null = null;
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      if (size > maxBytes) throw tooLarge(rules.maxMegabytes);
      if (contentType === null && size >= SIGNATURE_BYTES) {
        contentType = detectAllowedType(part.filename, Buffer.concat(chunks), rules.extensions);
        if (!contentType) throw formatNotAllowed();
      }
    }
  } catch (error) {
    part.file.destroy();
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(rules.maxMegabytes);
    throw error;
  }
  if (part.file.truncated) throw tooLarge(rules.maxMegabytes);
  const body = Buffer.concat(chunks);
  if (body.length === 0) throw AppError.field('file', 'The file is empty');
  contentType ??= detectAllowedType(part.filename, body, rules.extensions);
  if (!contentType) throw formatNotAllowed();
  return { body, originalName: part.filename.slice(0, 255), contentType };
}
