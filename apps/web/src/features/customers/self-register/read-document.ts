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

/** Uploads one side of the document (type customers: an image goes 1000 px wide as JPEG) and answers its stored name. */
export async function uploadDocument(file: File): Promise<TFileRef> {
  const stored = await uploadFile(file, 'customers');
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
