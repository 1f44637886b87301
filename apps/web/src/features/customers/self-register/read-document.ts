import type { TFileRef } from '@sanad/contracts/customers';
import { IDV_ENDPOINTS } from '@sanad/contracts/idv.endpoints';
import type { TOcrAnswer } from '@sanad/contracts/idv';
import { api } from '../../../lib/api';
import { getActiveDataSegmentId } from '../../../lib/session';
import { uploadFile } from '../../../lib/upload';

/** Registration documents: JPEG, JPG, PNG or PDF only, with the spec's message and placeholder. */
export const DOCUMENT_EXTENSIONS = ['jpg', 'jpeg', 'png', 'pdf'] as const;
export const DOCUMENT_FORMAT_MESSAGE = 'File format not supported';
export const DOCUMENT_PLACEHOLDER = 'Select scan copy (JPG, PNG, PDF or JPEG file)';

const TARGET_WIDTH = 1000;

/** The size an image is sent at: 1000 px wide with the height in proportion. */
export function resizedSize(width: number, height: number): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width, height };
  return { width: TARGET_WIDTH, height: Math.round((height * TARGET_WIDTH) / width) };
}

/**
 * Images are sent 1000 px wide as JPEG, PDFs as they are. A browser that cannot draw the image
 * sends the original: the server checks and reads it either way.
 */
export async function prepareDocument(file: File): Promise<File> {
  if (!file.type.startsWith('image/') || typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const size = resizedSize(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, size.width, size.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.92));
    if (!blob) return file;
    return new File([blob], file.name.replace(/\.[^.]+$/, '') + '.jpg', { type: 'image/jpeg' });
  } catch {
    return file;
  }
}

/** Uploads one side of the document (type customers) and answers its stored name. */
export async function uploadDocument(file: File): Promise<TFileRef> {
  const stored = await uploadFile(await prepareDocument(file), 'customers');
  return { fileName: stored.fileName, originalFileName: file.name };
}

/** Reads an uploaded side with the document reader: the fields it found, mapped onto the record. */
export async function readDocument(fileName: string, side: 'FRONT' | 'BACK', cardType: string | null): Promise<TOcrAnswer> {
  const { data } = await api(IDV_ENDPOINTS.readDocument, {
    body: {
      filePath: fileName,
      cardSide: side,
      ...(cardType ? { cardType } : {}),
      dataSegmentId: getActiveDataSegmentId() ?? undefined,
    },
  });
  return data;
}
