import type { TUploadResult, UploadType } from '@sanad/contracts/files';
import { download, request } from './api-client';
import { getActiveDataSegmentId } from './session';

/** Uploads one file (POST files/ with type and file); the server checks it and stores it encrypted. */
export async function uploadFile(file: File, type: UploadType): Promise<TUploadResult> {
  const form = new FormData();
  form.set('type', type);
  const segment = getActiveDataSegmentId();
  if (segment) form.set('dataSegmentId', segment);
  form.set('file', file, file.name);
  const { data } = await request<TUploadResult>('POST', 'files/', { form });
  return data;
}

/** Downloads a stored file (GET files/{name}) under the name the server gives it. */
export function downloadStoredFile(fileName: string): Promise<void> {
  return download(`files/${encodeURIComponent(fileName)}`);
}
