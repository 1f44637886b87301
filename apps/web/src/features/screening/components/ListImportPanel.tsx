import { useEffect, useState } from 'react';
import { Alert, Button, Card, Group, Progress, Select, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { LIST_FILE_FORMATS, LIST_FORMAT_LABELS, type TListFileFormat as ListFileFormat } from '@sanad/contracts/screening';
import { UPLOAD_POLICIES } from '@sanad/contracts/files';
import { FileUpload } from '../../../components/FileUpload';
import { uploadFile } from '../../../lib/upload';
import { toastError, toastSuccess } from '../../../lib/toast';
import { startListImport, useListImport } from '../api/list-imports';
import { ErrorAlert } from '../../../components/form/ErrorAlert';

const EXTENSIONS = ['csv', 'tsv', 'txt', 'xml', 'json', 'jsonl', 'ndjson', 'xlsx'];
const RESET_AFTER_MS = 2_000;
const isListFileFormat = (value: string): value is ListFileFormat => (LIST_FILE_FORMATS as readonly string[]).includes(value);

/**
 * Upload a list file and import it as a job: the progress shows until it completes or fails; a
 * refused file names the row and the reason, and nothing of it is loaded.
 */
export function ListImportPanel({ kind, formats = LIST_FILE_FORMATS }: { kind: 'full' | 'delta'; formats?: readonly ListFileFormat[] }) {
  const queryClient = useQueryClient();
  const [format, setFormat] = useState<ListFileFormat>(formats[0] ?? 'csv');
  const [file, setFile] = useState<File | null>(null);
  const [importId, setImportId] = useState<string | null>(null);
  const [isStarting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { data: progress } = useListImport(importId);
  const isRunning = progress ? progress.status === 'queued' || progress.status === 'processing' : isStarting;

  useEffect(() => {
    if (!progress || (progress.status !== 'completed' && progress.status !== 'failed')) return undefined;
    void queryClient.invalidateQueries({ queryKey: ['screening'] });
    void queryClient.invalidateQueries({ queryKey: ['list'] });
    if (progress.status === 'failed') return undefined;
    toastSuccess(`Bulk Upload Completed at ${new Date(progress.finishedAt ?? Date.now()).toLocaleTimeString()}`);
    // The control resets 2 seconds after completion, as the spec's bulk upload does.
    const timer = window.setTimeout(() => {
      setImportId(null);
      setFile(null);
    }, RESET_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [progress, queryClient]);

  async function start(): Promise<void> {
    if (!file) return;
    setStarting(true);
    setError(null);
    try {
      const uploaded = await uploadFile(file, 'screening-list');
      const started = await startListImport(kind, { fileName: uploaded.fileName, format });
      setImportId(started._id);
    } catch (caught) {
      const message = caught instanceof Error ? caught.message : 'There is something wrong';
      setError(message);
      toastError(message);
    } finally {
      setStarting(false);
    }
  }

  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          {kind === 'delta' ? 'Upload a delta list' : 'Import a list file'}
        </Title>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Format"
            data={formats.map((value) => ({ value, label: LIST_FORMAT_LABELS[value] }))}
            value={format}
            onChange={(value) => value && isListFileFormat(value) && setFormat(value)}
            allowDeselect={false}
            disabled={isRunning}
            w={320}
          />
          <FileUpload
            label="File"
            placeholder="Choose a list file"
            extensions={EXTENSIONS}
            maxMegabytes={UPLOAD_POLICIES['screening-list'].maxMegabytes}
            value={file}
            onChange={setFile}
            disabled={isRunning}
            w={320}
          />
          <Button onClick={() => void start()} disabled={!file || isRunning} loading={isStarting}>
            {kind === 'delta' ? 'Upload delta' : 'Import'}
          </Button>
        </Group>
        <ErrorAlert message={error} />
        {progress ? (
          <Stack gap={4} aria-live="polite">
            <Group justify="space-between">
              <Text size="sm">
                {progress.status === 'failed' ? 'Import refused' : progress.status === 'completed' ? 'Import completed' : 'Importing…'}
              </Text>
              <Text size="sm">{progress.percentage}%</Text>
            </Group>
            <Progress value={progress.percentage} color={progress.status === 'failed' ? 'red' : 'brand'} aria-label="Import progress" />
            {progress.status === 'failed' ? (
              <Alert color="red" role="alert">
                {progress.errorRow ? `Row ${progress.errorRow}: ` : ''}
                {progress.errorReason}. Nothing from this file was loaded.
              </Alert>
            ) : null}
            {progress.status === 'completed' && progress.warningCount > 0 ? (
              <Text size="sm" c="dimmed">
                {progress.warningCount} rows carried values that were kept as written (for example an unknown country).
              </Text>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
