import { useState } from 'react';
import { Fieldset, Select, SimpleGrid } from '@mantine/core';
import { FileUpload } from '../../../components/FileUpload';
import { useT } from '../../../lib/i18n/use-t';
import { useStepSettings } from './onboarding-settings-context';
import { DOCUMENT_EXTENSIONS, DOCUMENT_FORMAT_MESSAGE, uploadDocument } from './read-document';
import { useWizard } from './wizard-context';

/**
 * The proof of address (documentInfo.fieldAddressProof) and its kind, chosen among the types the
 * onboarding configuration offers. Optional: a file is uploaded as soon as it is chosen.
 */
export function AddressProof() {
  const { draft, setField, errors } = useWizard();
  const settings = useStepSettings();
  const { t, tm } = useT();
  const [file, setFile] = useState<File | null>(null);
  const [isUploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const stored = draft.record.documentInfo?.fieldAddressProof;
  const kind = draft.record.documentInfo?.addressProofDocumentType ?? null;

  async function choose(chosen: File | null): Promise<void> {
    setFile(chosen);
    setProblem(null);
    if (!chosen) return;
    setUploading(true);
    try {
      setField('documentInfo', 'fieldAddressProof', await uploadDocument(chosen));
      setFile(null);
    } catch (caught) {
      setProblem(tm(caught instanceof Error ? caught.message : 'There is something wrong'));
    } finally {
      setUploading(false);
    }
  }

  return (
    <Fieldset legend={t('address.legend')} radius="md" p={{ base: 'sm', sm: 'md' }}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label={t('address.type')}
          placeholder={t('upload.chooseType')}
          clearable
          data={settings.addressProofDocumentTypes}
          value={kind && settings.addressProofDocumentTypes.includes(kind) ? kind : null}
          onChange={(value) => setField('documentInfo', 'addressProofDocumentType', value ?? '')}
          error={errors['documentInfo.addressProofDocumentType']}
          comboboxProps={{ withinPortal: true }}
        />
        <FileUpload
          label={t('address.file')}
          placeholder={t('upload.placeholder')}
          extensions={DOCUMENT_EXTENSIONS}
          formatMessage={DOCUMENT_FORMAT_MESSAGE}
          value={file}
          onChange={(chosen) => void choose(chosen)}
          disabled={isUploading}
          description={stored ? t('upload.uploadedFile', { name: stored.originalFileName ?? stored.fileName }) : undefined}
          error={problem ?? errors['documentInfo.fieldAddressProof']}
        />
      </SimpleGrid>
    </Fieldset>
  );
}
