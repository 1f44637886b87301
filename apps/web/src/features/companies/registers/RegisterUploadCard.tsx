import { useState } from 'react';
import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  COMPANY_REGISTERS,
  COMPANY_REGISTER_LABELS,
  REGISTER_FILE_MAX_MEGABYTES,
  REGISTER_IMPORT_MESSAGES,
  type TCompanyRegister,
} from '@sanad/contracts/company-registry';
import { FileUpload } from '../../../components/FileUpload';
import { ErrorAlert } from '../../../components/form/ErrorAlert';
import { toastSuccess } from '../../../lib/toast';
import { registerImportsKey, uploadRegisterFile } from './register-imports';

const isRegister = (value: string): value is TCompanyRegister => (COMPANY_REGISTERS as readonly string[]).includes(value);

/**
 * Choose the register and its file, and upload it: the server checks the header before keeping
 * anything, so a wrong file is refused at once with the reason; a right one is imported by a job.
 */
export function RegisterUploadCard({ isDisabled, onStarted }: { isDisabled: boolean; onStarted: (importId: string) => void }) {
  const queryClient = useQueryClient();
  const [register, setRegister] = useState<TCompanyRegister>('GB-COH');
  const [file, setFile] = useState<File | null>(null);
  const [isUploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function upload(): Promise<void> {
    if (!file) return;
    setUploading(true);
    setError(null);
    try {
      const started = await uploadRegisterFile(register, file);
      toastSuccess(REGISTER_IMPORT_MESSAGES.started);
      setFile(null);
      onStarted(started._id);
      await queryClient.invalidateQueries({ queryKey: registerImportsKey });
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'The file could not be uploaded');
    } finally {
      setUploading(false);
    }
  }

  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          Load a register file
        </Title>
        <Text size="sm" c="dimmed">
          The UK Companies House &ldquo;basic company data&rdquo; file as it is published: the ZIP of the whole register (with one CSV file
          inside) or its CSV file. The parts it is also published in can be uploaded one after another. A newer month&rsquo;s file updates
          the companies in place.
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Register"
            data={COMPANY_REGISTERS.map((value) => ({ value, label: COMPANY_REGISTER_LABELS[value] }))}
            value={register}
            onChange={(value) => value && isRegister(value) && setRegister(value)}
            allowDeselect={false}
            disabled={isUploading || isDisabled}
            w={{ base: '100%', sm: 240 }}
          />
          <FileUpload
            label="Register file"
            placeholder="Choose the ZIP or CSV file"
            extensions={['zip', 'csv']}
            maxMegabytes={REGISTER_FILE_MAX_MEGABYTES}
            formatMessage={REGISTER_IMPORT_MESSAGES.csvOnly}
            value={file}
            onChange={(chosen) => {
              setError(null);
              setFile(chosen);
            }}
            disabled={isUploading || isDisabled}
            w={{ base: '100%', sm: 320 }}
          />
          <Button onClick={() => void upload()} disabled={!file || isDisabled} loading={isUploading}>
            Upload and import
          </Button>
        </Group>
        {isUploading && file ? (
          <Text size="sm" aria-live="polite">
            Uploading {file.name} ({Math.ceil(file.size / (1024 * 1024)).toLocaleString('en-GB')} MB)…
          </Text>
        ) : null}
        <ErrorAlert message={error} />
      </Stack>
    </Card>
  );
}
