import type { CSSProperties } from 'react';
import { Box, Text } from '@mantine/core';
import { publicLogoUrl, useStoredFile } from '../../../lib/stored-file';

/**
 * A logo as the configuration screens preview it. A saved logo is public and loads by its address;
 * one uploaded but not saved yet is seen only by its uploader, so it is fetched with the session.
 */
export function LogoImage({ fileName, isSaved, alt, style }: { fileName: string; isSaved: boolean; alt: string; style?: CSSProperties }) {
  const draft = useStoredFile(isSaved ? null : fileName);
  if (isSaved) return <img src={publicLogoUrl(fileName)} alt={alt} height={36} style={style} />;
  if (draft.status === 'ready') return <img src={draft.url} alt={alt} height={36} style={style} />;
  if (draft.status === 'loading') return <Box h={36} aria-hidden />;
  return (
    <Text size="xs" c="dimmed">
      Logo not available: upload it again
    </Text>
  );
}
