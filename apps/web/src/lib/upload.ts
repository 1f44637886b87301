import type { TUploadResult, UploadType } from '@sanad/contracts/files';
import { FILE_ENDPOINTS } from '@sanad/contracts/files.endpoints';
import { api, apiDownload } from './api';
import { resizeImageForUpload } from './image-resize';
import { getActiveDataSegmentId } from './session';

/**
 * The types whose images are sent 1000 px wide as JPEG: the registration flows' documents (and the
 * signature drawn in them). The server re-encodes the same type again, so a file from another client is held to it too.
 */
const RESIZED_TYPES: ReadonlySet<UploadType> = new Set(['customers']);

/**
 * Uploads one file (POST files/ with type, the segment and the file, in that order: the server
 * checks the file against its type as it arrives) and stores it encrypted. The segment is the
 * active one unless the file belongs to a record of another segment the user may see. A registration
 * image is resized and re-encoded in the browser first; PDFs and other types go as they are.
 */
export async function uploadFile(file: File, type: UploadType, dataSegmentId?: string): Promise<TUploadResult> {
  const segment = dataSegmentId ?? getActiveDataSegmentId() ?? undefined;
  const sent = RESIZED_TYPES.has(type) ? await resizeImageForUpload(file) : file;
  const { data } = await api(FILE_ENDPOINTS.upload, { form: { type, dataSegmentId: segment, file: sent } });
  return data;
}

/** Downloads a stored file (GET files/{name}) under the name the server gives it. */
export function downloadStoredFile(fileName: string): Promise<void> {
  return apiDownload(FILE_ENDPOINTS.download, { params: { fileName } });
}
