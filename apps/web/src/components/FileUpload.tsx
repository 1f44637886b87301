import { useState } from 'react';
import { FileInput, type FileInputProps } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { DEFAULT_UPLOAD_LIMIT_MB } from '@sanad/contracts/constants';
import { useT } from '../lib/i18n/use-t';

export interface FileUploadProps extends Omit<FileInputProps, 'onChange' | 'value' | 'accept' | 'multiple'> {
  /** Accepted extensions without the dot; defaults to doc, docx, pdf and images. */
  extensions?: readonly string[];
  maxMegabytes?: number;
  /** The message for a refused type: the generic control says 'File format is not allowed'. */
  formatMessage?: string;
  value: File | null;
  onChange: (file: File | null) => void;
}

const DEFAULT_EXTENSIONS = ['doc', 'docx', 'pdf', 'jpg', 'jpeg', 'png', 'gif', 'webp'];

/** Checks a chosen file's type (by extension) and size in the browser; the server checks the content again. */
export function checkFile(file: File, extensions: readonly string[], maxMegabytes: number, formatMessage: string): string | null {
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  if (!extensions.includes(extension)) return formatMessage;
  if (file.size > maxMegabytes * 1024 * 1024) return `File size must be less than ${maxMegabytes} MB`;
  return null;
}

/** The generic upload control: a refused file is cleared and the reason shown under the field. */
export function FileUpload({
  extensions = DEFAULT_EXTENSIONS,
  maxMegabytes = DEFAULT_UPLOAD_LIMIT_MB,
  formatMessage = 'File format is not allowed',
  value,
  onChange,
  error,
  ...props
}: FileUploadProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const { tm } = useT();
  return (
    <FileInput
      {...props}
      value={value}
      accept={extensions.map((extension) => `.${extension}`).join(',')}
      leftSection={<IconUpload size={16} aria-hidden />}
      clearable
      error={problem ? tm(problem) : error}
      onChange={(file) => {
        const reason = file ? checkFile(file, extensions, maxMegabytes, formatMessage) : null;
        setProblem(reason);
        onChange(reason ? null : file);
      }}
    />
  );
}
