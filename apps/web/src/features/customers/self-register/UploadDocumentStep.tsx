import { useState } from 'react';
import { Alert, Button, Group, List, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconScan } from '@tabler/icons-react';
import { FileUpload } from '../../../components/FileUpload';
import { useT } from '../../../lib/i18n/use-t';
import { CARD_TYPE_OPTIONS } from './options';
import type { SelfRegisterDraft } from './draft';
import { AddressProof } from './AddressProof';
import { applyReading } from './ocr-prefill';
import { DOCUMENT_EXTENSIONS, DOCUMENT_FORMAT_MESSAGE, readDocument, uploadDocument } from './read-document';
import { useStepSettings } from './onboarding-settings-context';
import { StepGuide } from './StepGuide';
import { useWizard } from './wizard-context';

/** The card types offered for a side: the onboarding configuration's list, else every type the reader accepts. */
function cardTypeChoices(configured: readonly string[]): Array<{ value: string; label: string }> {
  return configured.length > 0 ? configured.map((code) => ({ value: code, label: code })) : CARD_TYPE_OPTIONS;
}

/**
 * Step 1: the card type and the front (and back) of the identity document. Reading it fills the
 * names, date of birth, nationality and ID fields of the next steps; staff may also skip it and
 * type the details in by hand. The onboarding configuration decides whether the document is read
 * at all (useOcr) and which side, which card types are offered, whether a recognised type may be
 * changed, and whether the guide is shown.
 */
export function UploadDocumentStep() {
  const { draft, update, errors, audience } = useWizard();
  const settings = useStepSettings();
  const { t, tm } = useT();
  const [front, setFront] = useState<File | null>(null);
  const [back, setBack] = useState<File | null>(null);
  const [backCardType, setBackCardType] = useState<string | null>(null);
  const [isReading, setReading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { document } = draft;
  const frontChoices = cardTypeChoices(settings.acceptedCardTypes.front);
  const backChoices = settings.acceptedCardTypes.back.length > 0 ? cardTypeChoices(settings.acceptedCardTypes.back) : null;
  // A type the reader recognised stays unless the configuration lets it be overridden.
  const isTypeLocked = settings.useOcr && !settings.cardTypeOverride && document.prefilled.length > 0 && document.cardType !== null;

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
        const isRead = settings.useOcr && (side === 'FRONT' ? settings.ocrStatus.front : settings.ocrStatus.back);
        if (!isRead) {
          next = {
            ...next,
            document: { ...next.document, messages: [...next.document.messages, `${side === 'FRONT' ? 'Front' : 'Back'}: uploaded`] },
          };
          continue;
        }
        const cardType = side === 'BACK' && backCardType ? backCardType : next.document.cardType;
        const answer = await readDocument(stored.fileName, side, cardType);
        next = applyReading(next, answer, side);
      }
      update(() => next);
      setFront(null);
      setBack(null);
    } catch (caught) {
      setProblem(tm(caught instanceof Error ? caught.message : 'There is something wrong'));
    } finally {
      setReading(false);
    }
  }

  return (
    <Stack gap="md">
      {settings.isShowGuide ? <StepGuide isReading={settings.useOcr} /> : null}
      <Text size="sm" c="dimmed">
        {audience === 'customer'
          ? t(settings.useOcr ? 'upload.introCustomerOcr' : 'upload.introCustomer')
          : t(settings.useOcr ? 'upload.introStaffOcr' : 'upload.introStaff')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: backChoices ? 2 : 1 }} spacing="md">
        <Select
          label={t(backChoices ? 'upload.cardTypeFront' : 'upload.cardType')}
          placeholder={t(settings.useOcr ? 'upload.detect' : 'upload.chooseType')}
          description={isTypeLocked ? t('upload.recognised') : undefined}
          searchable
          clearable
          disabled={isTypeLocked}
          data={frontChoices}
          value={document.cardType}
          onChange={(value) => update((current) => ({ ...current, document: { ...current.document, cardType: value } }))}
        />
        {backChoices ? (
          <Select
            label={t('upload.cardTypeBack')}
            placeholder={t(settings.useOcr ? 'upload.detect' : 'upload.chooseType')}
            searchable
            clearable
            data={backChoices}
            value={backCardType}
            onChange={setBackCardType}
          />
        ) : null}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FileUpload
          label={t('upload.front')}
          placeholder={t('upload.placeholder')}
          extensions={DOCUMENT_EXTENSIONS}
          formatMessage={DOCUMENT_FORMAT_MESSAGE}
          value={front}
          onChange={setFront}
          description={
            document.front ? t('upload.uploadedFile', { name: document.front.originalFileName ?? document.front.fileName }) : undefined
          }
          error={errors['documentInfo.identity']}
        />
        <FileUpload
          label={t('upload.backIfAny')}
          placeholder={t('upload.placeholder')}
          extensions={DOCUMENT_EXTENSIONS}
          formatMessage={DOCUMENT_FORMAT_MESSAGE}
          value={back}
          onChange={setBack}
          description={
            document.back ? t('upload.uploadedFile', { name: document.back.originalFileName ?? document.back.fileName }) : undefined
          }
          error={errors['documentInfo.identityBack']}
        />
      </SimpleGrid>
      <Group>
        <Button leftSection={<IconScan size={16} aria-hidden />} onClick={() => void read()} loading={isReading} disabled={!front}>
          {t(settings.useOcr ? 'upload.read' : 'upload.upload')}
        </Button>
      </Group>
      {problem ? (
        <Alert color="red" role="alert" title={t('upload.readFailed')}>
          {problem}
        </Alert>
      ) : null}
      {document.messages.length > 0 ? (
        <Alert
          color="blue"
          title={t(document.prefilled.length > 0 || settings.useOcr ? 'upload.documentRead' : 'upload.documentUploaded')}
          role="status"
        >
          <List size="sm">
            {/* Kept in the draft as the reader worded them (in English), shown in the language on screen. */}
            {document.messages.map((message) => (
              <List.Item key={message}>{tm(message)}</List.Item>
            ))}
          </List>
          {document.prefilled.length > 0 ? (
            <Text size="sm" mt="xs">
              {document.prefilled.length === 1 ? t('upload.filledOne') : t('upload.filledMany', { count: document.prefilled.length })}
            </Text>
          ) : null}
        </Alert>
      ) : null}
      <AddressProof />
    </Stack>
  );
}
