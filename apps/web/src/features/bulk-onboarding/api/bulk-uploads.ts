import { useQuery } from '@tanstack/react-query';
import type { TBulkProgress } from '@sanad/contracts/bulk-onboarding';
import { BULK_ONBOARDING_ENDPOINTS } from '@sanad/contracts/bulk-onboarding.endpoints';
import { FILE_ENDPOINTS } from '@sanad/contracts/files.endpoints';
import { api, apiDownload } from '../../../lib/api';
import { getActiveDataSegmentId } from '../../../lib/session';

/** Progress is polled every 5 seconds until it reaches 100 or the status is false. */
export const PROGRESS_POLL_MS = 5_000;

/** Whether a progress answer ends the polling. */
export const isProgressDone = (progress: TBulkProgress | undefined): boolean =>
  progress !== undefined && (!progress.status || progress.percentage >= 100);

export function downloadTemplate(format: 'csv' | 'xlsx'): Promise<void> {
  return apiDownload(BULK_ONBOARDING_ENDPOINTS.template, { query: { format } });
}

export function downloadErrorFile(errorFileName: string): Promise<void> {
  return apiDownload(BULK_ONBOARDING_ENDPOINTS.errorFile, { params: { errorFileName } });
}

/** The file is sent first (POST files/upload, type customers), then transformed (POST customers/etl-transform). */
export async function uploadAndTransform(file: File) {
  const dataSegmentId = getActiveDataSegmentId() ?? undefined;
  const { data: uploaded } = await api(FILE_ENDPOINTS.uploadDocument, { form: { type: 'customers', dataSegmentId, file } });
  return (await api(BULK_ONBOARDING_ENDPOINTS.etlTransform, { body: { fileName: uploaded.fileName, dataSegmentId } })).data;
}

export function readProgress(onLoad: boolean, signal?: AbortSignal): Promise<TBulkProgress> {
  return api(
    BULK_ONBOARDING_ENDPOINTS.progress,
    { query: { onLoad: onLoad ? 'true' : 'false', dataSegmentId: getActiveDataSegmentId() ?? undefined } },
    signal ? { signal } : undefined,
  );
}

/** On the page's load: is an upload of the segment in process (onLoad=true)? */
export function useRunningUpload() {
  return useQuery({
    queryKey: ['bulk-upload', 'on-load', getActiveDataSegmentId()],
    queryFn: ({ signal }) => readProgress(true, signal),
  });
}

/** Following an upload (onLoad=false), every 5 seconds until done. */
export function useFollowedUpload(isFollowing: boolean) {
  return useQuery({
    queryKey: ['bulk-upload', 'progress', getActiveDataSegmentId()],
    enabled: isFollowing,
    queryFn: ({ signal }) => readProgress(false, signal),
    refetchInterval: (query) => (isProgressDone(query.state.data) ? false : PROGRESS_POLL_MS),
  });
}
