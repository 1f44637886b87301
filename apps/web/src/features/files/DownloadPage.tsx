import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { download } from '../../lib/api-client';

type DownloadState = { kind: 'loading' } | { kind: 'done' } | { kind: 'failed'; message: string };

/** Starts the download of a stored file once on arrival; the user may start it again. */
export default function DownloadPage() {
  const { fileName = '' } = useParams();
  const [state, setState] = useState<DownloadState>({ kind: 'loading' });
  const started = useRef(false);

  const start = useCallback(() => {
    setState({ kind: 'loading' });
    download(`files/${encodeURIComponent(fileName)}`).then(
      () => setState({ kind: 'done' }),
      (error: unknown) => setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
  }, [fileName]);

  useEffect(() => {
    // Strict mode mounts twice in development: download once.
    if (started.current) return;
    started.current = true;
    start();
  }, [start]);

  return (
    <Paper withBorder radius="md" p="xl" maw={560}>
      <Stack gap="md">
        <Title order={1} size="h3">
          Download
        </Title>
        <Text c="dimmed" style={{ wordBreak: 'break-all' }}>
          {fileName}
        </Text>
        {state.kind === 'loading' ? (
          <Group gap="sm">
            <Loader size="sm" />
            <Text>Preparing your download…</Text>
          </Group>
        ) : null}
        {state.kind === 'done' ? <Text>Your download has started. Check your browser's downloads.</Text> : null}
        {state.kind === 'failed' ? (
          <Alert color="red" role="alert">
            {state.message}
          </Alert>
        ) : null}
        {state.kind === 'loading' ? null : (
          <Group>
            <Button variant="default" onClick={start}>
              Download again
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
