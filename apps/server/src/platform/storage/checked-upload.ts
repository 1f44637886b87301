import { FILE_MESSAGES } from '@sanad/contracts/files';
import { MESSAGES } from '@sanad/contracts/messages';
import { AppError } from '../http/app-error';
import { SIGNATURE_BYTES, detectAllowedType, isAllowedExtension } from './file-signature';
import { createChunkReader, type IncomingFile } from './upload-stream';

export interface UploadRules {
  extensions: readonly string[];
  maxMegabytes: number;
}

/** An upload whose name and first bytes passed the rules; its body is cut off at the size limit as it streams. */
export interface CheckedUpload {
  originalName: string;
  contentType: string;
  body: AsyncIterable<Buffer>;
}

const MEGABYTE = 1024 * 1024;

export const formatNotAllowed = () =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.fileFormatNotAllowed, { file: [MESSAGES.fileFormatNotAllowed] });
export const fileTooLarge = (megabytes: number) =>
  new AppError('PAYLOAD_TOO_LARGE', MESSAGES.fileTooLarge(megabytes), { file: [MESSAGES.fileTooLarge(megabytes)] });
/** 413 for an upload that would take its data segment past its storage quota. */
export const storageQuotaExceeded = (quotaMb: number) =>
  new AppError('PAYLOAD_TOO_LARGE', FILE_MESSAGES.quotaExceeded(quotaMb), { file: [FILE_MESSAGES.quotaExceeded(quotaMb)] });

/**
 * Checks an incoming file under the rules: the extension before any byte is read, the type by its
 * first bytes, and the size while it streams on, so a refused upload is cut off, never buffered.
 */
export async function checkUpload(file: IncomingFile, rules: UploadRules): Promise<CheckedUpload> {
  if (!isAllowedExtension(file.fileName, rules.extensions)) throw formatNotAllowed();
  const reader = createChunkReader(file.chunks);
  const head = await reader.head(SIGNATURE_BYTES);
  if (head.length === 0) throw AppError.field('file', FILE_MESSAGES.emptyFile);
  const contentType = detectAllowedType(file.fileName, head, rules.extensions);
  if (!contentType) throw formatNotAllowed();
  return {
    originalName: file.fileName.slice(0, 255),
    contentType,
    body: reader.limited(rules.maxMegabytes * MEGABYTE, () => fileTooLarge(rules.maxMegabytes)),
  };
}
