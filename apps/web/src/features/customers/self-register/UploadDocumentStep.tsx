import { useState } from 'react';
import { Alert, Button, Group, List, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconScan } from '@tabler/icons-react';
import { FileUpload } from '../../../components/FileUpload';
import { CARD_TYPE_OPTIONS } from './options';
import type { SelfRegisterDraft } from './draft';
import { applyReading } from './ocr-prefill';
import { DOCUMENT_EXTENSIONS, DOCUMENT_FORMAT_MESSAGE, DOCUMENT_PLACEHOLDER, readDocument, uploadDocument } from './read-document';
import { useWizard } from './wizard-context';

/**
 * Step 1: the card type and the front (and back) of the identity document. Reading it fills the
 * names, date of birth, nationality and ID fields of the next steps; staff may also skip it and
 * type the details in by hand.
 */
export function UploadDocumentStep() {
  const { draft, update, errors, audience } = useWizard();
  const [front, setFront] = useState<File | null>(null);
  const [back, setBack] = useState<File | null>(null);
  const [isReading, setReading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { document } = draft;

  async function read(): Promise<void> {
    if (!front) return;
    setReading(true);
    setProblem(null);
    try {
      const sides: Array<['FRONT' | 'BACK', File]> = [['FRONT', front], ...(back ? [['BACK', back] as ['BACK', File]] : [])];
      // A new reading replaces the previous document's messages and files.
      let next: SelfRegisterDraft = { ...draft, document: { ...draft.document, front: null, back: null, messages: [], prefilled: [] } };
      for (const [side, file] of sides) {
        const stored = await uploadDocument(file);
        next = { ...next, document: { ...next.document, [side === 'FRONT' ? 'front' : 'back']: stored } };
        const answer = await readDocument(stored.fileName, side, next.document.cardType);
        next = applyReading(next, answer, side);
      }
      update(() => next);
      setFront(null);
      setBack(null);
    } catch (caught) {
      setProblem(caught instanceof Error ? caught.message : 'There is something wrong');
    } finally {
      setReading(false);
    }
  }

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {audience === 'customer'
          ? 'Choose your identity document and upload a photo of its front (and back). Reading it fills in your details; you can also continue and enter them by hand.'
          : 'Choose the document type and upload its front (and back). Reading it fills in the customer\u2019s details; you can also continue and enter them by hand.'}
      </Text>
      <Select
        label="Card type"
        placeholder="Detect automatically"
        searchable
        clearable
        data={CARD_TYPE_OPTIONS}
        value={document.cardType}
        onChange={(value) => update((current) => ({ ...current, document: { ...current.document, cardType: value } }))}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FileUpload
          label="Front side"
          placeholder={DOCUMENT_PLACEHOLDER}
          extensions={DOCUMENT_EXTENSIONS}
          formatMessage={DOCUMENT_FORMAT_MESSAGE}
          value={front}
          onChange={setFront}
          description={document.front ? `Uploaded: ${document.front.originalFileName ?? document.front.fileName}` : undefined}
          error={errors['documentInfo.identity']}
        />
        <FileUpload
          label="Back side (if the card has one)"
          placeholder={DOCUMENT_PLACEHOLDER}
          extensions={DOCUMENT_EXTENSIONS}
          formatMessage={DOCUMENT_FORMAT_MESSAGE}
          value={back}
          onChange={setBack}
          description={document.back ? `Uploaded: ${document.back.originalFileName ?? document.back.fileName}` : undefined}
          error={errors['documentInfo.identityBack']}
        />
      </SimpleGrid>
      <Group>
        <Button leftSection={<IconScan size={16} aria-hidden />} onClick={() => void read()} loading={isReading} disabled={!front}>
          Read document
        </Button>
      </Group>
      {problem ? (
        <Alert color="red" role="alert" title="The document could not be read">
          {problem}
        </Alert>
      ) : null}
      {document.messages.length > 0 ? (
        <Alert color="blue" title="Document read" role="status">
          <List size="sm">
            {document.messages.map((message) => (
              <List.Item key={message}>{message}</List.Item>
            ))}
          </List>
          {document.prefilled.length > 0 ? (
            <Text size="sm" mt="xs">
              {document.prefilled.length} field{document.prefilled.length === 1 ? '' : 's'} filled in from the document: check them in the
              next steps.
            </Text>
          ) : null}
        </Alert>
      ) : null}
    </Stack>
  );
}
