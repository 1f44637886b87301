import { useState } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { UPLOAD_POLICIES } from '@sanad/contracts/files';
import { FileUpload } from '../../../components/FileUpload';
import { uploadFile } from '../../../lib/upload';
import { LogoImage } from './LogoImage';

const POLICY = UPLOAD_POLICIES.logo;
const EXTENSIONS = ['png', 'jpg', 'jpeg'];
const WHITE = 'var(--mantine-color-white)';

/**
 * A logo of the branding or the labeling: the current image, a control that uploads a new one at
 * once (PNG or JPEG, checked again and re-encoded by the server) and a way back to none. The form
 * saves the file name with the rest; only then does the server serve the new logo publicly.
 */
export function LogoField({
  label,
  description,
  value,
  saved,
  onChange,
  error,
  disabled = false,
  dataSegmentId,
  background = WHITE,
}: {
  label: string;
  description: string;
  value: { fileName: string } | null;
  /** The logo as last saved: public, unlike one uploaded since. */
  saved: { fileName: string } | null;
  onChange: (value: { fileName: string } | null) => void;
  error?: string | undefined;
  disabled?: boolean;
  /** The segment the file is stored under (the labeled segment's own); the active one when absent. */
  dataSegmentId?: string | undefined;
  /** What the logo sits on where it is shown (the dark logo sits on a dark header). */
  background?: string;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [isUploading, setUploading] = useState(false);

  async function upload(chosen: File | null): Promise<void> {
    setFile(chosen);
    setProblem(null);
    if (!chosen) return;
    setUploading(true);
    try {
      const stored = await uploadFile(chosen, 'logo', dataSegmentId);
      onChange({ fileName: stored.fileName });
    } catch (caught) {
      setProblem(caught instanceof Error ? caught.message : 'The logo was not uploaded');
    } finally {
      setFile(null);
      setUploading(false);
    }
  }

  return (
    <Stack gap={6}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Paper withBorder p="xs" radius="md" bg={background} miw={160} h={56} display="flex" style={{ alignItems: 'center' }}>
          {value ? (
            <LogoImage fileName={value.fileName} isSaved={value.fileName === saved?.fileName} alt={`${label} preview`} />
          ) : (
            <Text size="sm" c={background === WHITE ? 'dimmed' : 'white'}>
              None: the built-in mark shows
            </Text>
          )}
        </Paper>
        {value && !disabled ? (
          <Button variant="subtle" color="red" size="xs" onClick={() => onChange(null)}>
            Remove {label.toLowerCase()}
          </Button>
        ) : null}
      </Group>
      <FileUpload
        label={label}
        description={`${description} PNG or JPEG, at most ${POLICY.maxMegabytes} MB.`}
        placeholder={isUploading ? 'Uploading…' : 'Choose an image'}
        extensions={EXTENSIONS}
        maxMegabytes={POLICY.maxMegabytes}
        value={file}
        onChange={(chosen) => void upload(chosen)}
        disabled={disabled || isUploading}
        error={problem ?? error}
      />
    </Stack>
  );
}
