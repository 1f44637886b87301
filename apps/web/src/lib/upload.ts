import type { TUploadResult, UploadType } from '@sanad/contracts/files';
import { FILE_ENDPOINTS } from '@sanad/contracts/files.endpoints';
import { api, apiDownload } from './api';
import { getActiveDataSegmentId } from './session';

/**
 * Uploads one file (POST files/ with type, the segment and the file, in that order: the server
 * checks the file against its type as it arrives) and stores it encrypted. The segment is the
 * active one unless the file belongs to a record of another segment the user may see.
 */
export async function uploadFile(file: File, type: UploadType, dataSegmentId?: string): Promise<TUploadResult> {
  const segment = dataSegmentId ?? getActiveDataSegmentId() ?? undefined;
  const { data } = await api(FILE_ENDPOINTS.upload, { form: { type, dataSegmentId: segment, file } });
  return data;
}

/** Downloads a stored file (GET files/{name}) under the name the server gives it. */
export function downloadStoredFile(fileName: string): Promise<void> {
  return apiDownload(FILE_ENDPOINTS.download, { params: { fileName } });
}
