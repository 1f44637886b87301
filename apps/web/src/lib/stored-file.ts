import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fillPath } from '@sanad/contracts/endpoint';
import { STORED_FILE_NAME } from '@sanad/contracts/files';
import { FILE_ENDPOINTS } from '@sanad/contracts/files.endpoints';
import { apiBlob } from './api';

/** How a file is drawn: as an image (or a background), as a video (with its poster), or not at all. */
export type StoredFileKind = 'image' | 'video' | 'other';

/**
 * A stored file as a screen shows it. `none`: the record names no file; `unavailable`: it names one
 * that could not be fetched and its value is only a key, so there is nothing else to show.
 */
export type StoredFileView =
  { status: 'none' } | { status: 'loading' } | { status: 'ready'; url: string; kind: StoredFileKind } | { status: 'unavailable' };

const IMAGE_DATA_URI = /^data:image\/(png|jpe?g|gif|webp);base64,/i;
const VIDEO_PATH = /\.(mp4|webm)(\?.*)?$/i;

/** The kind a content type is drawn as. */
export function kindOfContentType(contentType: string): StoredFileKind {
  if (contentType.startsWith('image/')) return 'image';
  if (contentType.startsWith('video/')) return 'video';
  return 'other';
}

/**
 * A stored value the browser may show as it is: an http(s) address, a path on this site or an image
 * data URI, as older records keep them. Anything else (a file key, a script address) is null.
 */
export function rawFileSource(value: string): string | null {
  const trimmed = value.trim();
  if (IMAGE_DATA_URI.test(trimmed)) return trimmed;
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return trimmed;
  const address = parsedAddress(trimmed);
  return address && (address.protocol === 'https:' || address.protocol === 'http:') ? address.href : null;
}

function parsedAddress(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** What a value shows when the file it names cannot be fetched: the raw value where it can be shown, else unavailable. */
export function fallbackView(value: string): StoredFileView {
  const raw = rawFileSource(value);
  if (!raw) return { status: 'unavailable' };
  return { status: 'ready', url: raw, kind: IMAGE_DATA_URI.test(raw) ? 'image' : VIDEO_PATH.test(raw) ? 'video' : 'image' };
}

/** Whether a value can name a stored file at all; only those are worth a request. */
export const isStoredFileName = (value: string): boolean => STORED_FILE_NAME.test(value);

/** The address of a saved logo or guide thumbnail: files/logo is public, so an <img> loads it directly. */
export const publicLogoUrl = (fileName: string): string => `/api/${fillPath(FILE_ENDPOINTS.logo.path, { fileName })}`;

/**
 * The one way a screen shows a stored file (profile pictures, signatures, an unsaved logo): GET
 * files/{name} needs the bearer token, which an <img> cannot send, so the file is fetched through
 * the API client and shown from an object URL by its content type. On failure the record's raw
 * value is used (an address or data URI kept by older records); a value that cannot name a stored
 * file is not requested, since the answer could only be a failure.
 */
export function useStoredFile(value: string | null | undefined): StoredFileView {
  const fileName = value ?? '';
  const isFetched = fileName !== '' && isStoredFileName(fileName);
  const query = useQuery({
    queryKey: ['files', 'display', fileName],
    queryFn: ({ signal }) => apiBlob(FILE_ENDPOINTS.download, { params: { fileName } }, { signal }),
    enabled: isFetched,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  // Each screen showing the file holds its own object URL and frees it when it goes.
  const url = useMemo(() => (query.data ? URL.createObjectURL(query.data) : null), [query.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);

  if (fileName === '') return { status: 'none' };
  if (!isFetched || query.isError) return fallbackView(fileName);
  if (query.data && url) return { status: 'ready', url, kind: kindOfContentType(query.data.type) };
  return { status: 'loading' };
}
