import { useState } from 'react';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import {
  COMPANY_DOCUMENT_KINDS,
  COMPANY_DOCUMENT_LABELS,
  REQUIRED_COMPANY_DOCUMENTS,
  type TCompanyDocumentKind,
} from '@sanad/contracts/companies';
import { UPLOAD_POLICIES } from '@sanad/contracts/files';
import { FileUpload } from '../../../components/FileUpload';
import type { FieldErrors } from '../../../lib/form-errors';
import { uploadFile } from '../../../lib/upload';
import type { DraftDocument } from './draft';

/** One document: chosen, uploaded at once (type documents), and named in the draft by its stored file. */
function DocumentUpload({
  kind,
  stored,
  error,
  onUploaded,
}: {
  kind: TCompanyDocumentKind;
  stored: DraftDocument | undefined;
  error: string | undefined;
  onUploaded: (document: DraftDocument | null) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [isUploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const isRequired = REQUIRED_COMPANY_DOCUMENTS.includes(kind);

  async function choose(chosen: File | null): Promise<void> {
    setFile(chosen);
    setProblem(null);
    if (!chosen) return;
    setUploading(true);
    try {
      const uploaded = await uploadFile(chosen, 'documents');
      onUploaded({ fileName: uploaded.fileName, originalFileName: uploaded.originalFileName });
      setFile(null);
    } catch (caught) {
      setProblem(caught instanceof Error ? caught.message : 'There is something wrong');
    } finally {
      setUploading(false);
    }
  }

  return (
    <FileUpload
      label={COMPANY_DOCUMENT_LABELS[kind]}
      withAsterisk={isRequired}
      placeholder={stored ? 'Choose another file to replace it' : 'Choose a PDF, Word document or image'}
      extensions={['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png', 'gif', 'webp']}
      maxMegabytes={UPLOAD_POLICIES.documents.maxMegabytes}
      value={file}
      onChange={(chosen) => void choose(chosen)}
      disabled={isUploading}
      description={stored ? `Uploaded: ${stored.originalFileName}` : isRequired ? 'Required' : 'Optional'}
      error={problem ?? error}
      styles={stored ? { description: { color: 'var(--mantine-color-green-8)' } } : undefined}
    />
  );
}

/** Step 1: the company's five documents; the certificate of incorporation is required. */
export function DocumentsStep({
  documents,
  errors,
  onChange,
}: {
  documents: Partial<Record<TCompanyDocumentKind, DraftDocument>>;
  errors: FieldErrors;
  onChange: (kind: TCompanyDocumentKind, document: DraftDocument | null) => void;
}) {
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Upload the company&apos;s documents. Each file is checked and stored encrypted as soon as it is chosen; the certificate of
        incorporation is required, the others as the company has them.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {COMPANY_DOCUMENT_KINDS.map((kind) => (
          <DocumentUpload
            key={kind}
            kind={kind}
            stored={documents[kind]}
            error={errors[`documents.${kind}`]}
            onUploaded={(document) => onChange(kind, document)}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
