import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { ErrorAlert } from '../../components/form/ErrorAlert';
import { downloadStoredFile } from '../../lib/upload';

type DownloadState = { kind: 'loading' } | { kind: 'done' } | { kind: 'failed'; message: string };

/** Starts the download of a stored file once per file on arrival; the user may start it again. */
export default function DownloadPage() {
  const { fileName = '' } = useParams();
  const [state, setState] = useState<DownloadState>({ kind: 'loading' });
  // The file last started: strict mode runs the effect twice, and another /download link reuses this page.
  const started = useRef<string | null>(null);

  const start = useCallback(() => {
    setState({ kind: 'loading' });
    // A download that ends after the page moved on to another file does not speak for that one.
    const settle = (next: DownloadState) => {
      if (started.current === fileName) setState(next);
    };
    downloadStoredFile(fileName).then(
      () => settle({ kind: 'done' }),
      (error: unknown) => settle({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
  }, [fileName]);

  useEffect(() => {
    if (started.current === fileName) return;
    started.current = fileName;
    start();
  }, [fileName, start]);

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
        <ErrorAlert message={state.kind === 'failed' ? state.message : null} />
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
