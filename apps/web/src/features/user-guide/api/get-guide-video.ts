import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fillPath } from '@sanad/contracts/endpoint';
import { FILE_ENDPOINTS } from '@sanad/contracts/files.endpoints';
import { apiBlob } from '../../../lib/api';

/**
 * A guide video from files/users as an object URL: a <video> element cannot send the bearer token,
 * so the file is fetched through the API client and played from memory.
 */
export function useGuideVideoUrl(fileName: string | null) {
  const query = useQuery({
    queryKey: ['user-guide', 'video', fileName],
    queryFn: ({ signal }) => apiBlob(FILE_ENDPOINTS.userFile, { params: { fileName: fileName ?? '' } }, { signal }),
    enabled: Boolean(fileName),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
  });
  const url = useMemo(() => (query.data ? URL.createObjectURL(query.data) : null), [query.data]);
  // The object URL holds the video in memory until it is revoked.
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return { url, isLoading: query.isLoading, error: query.error };
}

/** Thumbnails sit in files/logo, which is public like logos, so an <img> can load them directly. */
export function thumbnailUrl(fileName: string): string {
  return `/api/${fillPath(FILE_ENDPOINTS.logo.path, { fileName })}`;
}
