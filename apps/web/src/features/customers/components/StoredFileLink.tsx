import { useState } from 'react';
import { Anchor, Text } from '@mantine/core';
import { downloadStoredFile } from '../../../lib/upload';

/**
 * A stored file as a link: a click downloads it through the authenticated file route (GET
 * files/{name}, which checks the file is of the caller's data segments); the address is the
 * download page's, so opening it in a new tab works too.
 */
export function StoredFileLink({ fileName, label }: { fileName: string; label: string }) {
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <>
      <Anchor
        href={`/download/documents/${encodeURIComponent(fileName)}`}
        size="sm"
        onClick={(event) => {
          event.preventDefault();
          setFailure(null);
          downloadStoredFile(fileName).catch((error: unknown) => setFailure(error instanceof Error ? error.message : String(error)));
        }}
      >
        {label}
      </Anchor>
      {failure ? (
        <Text size="xs" c="red" role="alert">
          {failure}
        </Text>
      ) : null}
    </>
  );
}
