import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FILE_ENDPOINTS } from '@sanad/contracts/files.endpoints';
import { apiBlob } from '../../../lib/api';

/**
 * A stored image (a profile picture) as an object URL: GET files/{name} needs the bearer token,
 * which an <img> cannot send, so the file is fetched through the API client.
 */
export function useStoredImageUrl(fileName: string | null): string | null {
  const query = useQuery({
    queryKey: ['files', 'image', fileName],
    queryFn: ({ signal }) => apiBlob(FILE_ENDPOINTS.download, { params: { fileName: fileName ?? '' } }, { signal }),
    enabled: Boolean(fileName),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const url = useMemo(() => (query.data ? URL.createObjectURL(query.data) : null), [query.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}
