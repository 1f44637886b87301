import { useId, useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Card,
  FileInput,
  Loader,
  MultiSelect,
  NumberInput,
  Radio,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconEraser, IconFileCheck, IconTrash, IconUpload } from '@tabler/icons-react';
import {
  DISPLAY_ONLY_TYPES,
  RIGHT_TO_LEFT,
  SIGNATURE_FIELD_CONSENT,
  fileFieldError,
  fileFieldLimitMb,
  isFieldVisible,
  localized,
  type TFormAnswer,
  type TFormAnswers,
  type TFormDefinition,
  type TFormField,
  type TFormLanguage,
} from '@sanad/contracts/form-builder';
import { translatorFor } from '../../lib/i18n/use-t';
import { CountrySelect } from '../CountrySelect';
import { SignaturePad } from '../signature-panel/SignaturePad';
import { SAVE_STATUS_TEXT, useSignatureSaving } from '../signature-panel/use-signature-saving';
import { filesApiFormFiles, originalNameOf, rememberOriginalName, type FormFiles } from './form-files';

export interface DynamicFormProps {
  definition: TFormDefinition;
  answers: TFormAnswers;
  onChange: (key: string, value: TFormAnswer) => void;
  language?: TFormLanguage;
  /** Messages by field key (from formAnswerErrors or the server's `answers.<key>`). */
  errors?: Record<string, string>;
  /** Narrow layouts put every field on its own line. */
  isCompact?: boolean;
  /** Where file and signature answers are uploaded: the files API by default, nothing in the builder's preview. */
  files?: FormFiles;
}

const text = (value: TFormAnswer | undefined): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const list = (value: TFormAnswer | undefined): string[] => (Array.isArray(value) ? value : []);

/** Wide fields take the whole row: long text, headings, help, multi-selects, files and signatures. */
const isWide = (field: TFormField) => ['long-text', 'heading', 'help-text', 'multi-select', 'file', 'signature'].includes(field.type);

interface FieldProps {
  field: TFormField;
  value: TFormAnswer | undefined;
  onChange: (value: TFormAnswer) => void;
  language: TFormLanguage;
  error: string | undefined;
  files: FormFiles;
}

function FieldLabel({ label, isRequired, id }: { label: string; isRequired: boolean; id?: string }) {
  return (
    <Text size="sm" fw={500} id={id}>
      {label}
      {isRequired ? (
        <Text component="span" c="red" aria-hidden>
          {' *'}
        </Text>
      ) : null}
    </Text>
  );
}

/**
 * A file field: the chosen file is checked against the field's accepted types and largest size
 * (within what the files pipeline takes) before it is uploaded; the answer is the stored file's
 * name. An answered field shows the file with a Remove button instead of the picker.
 */
function FileField({ field, value, onChange, language, error, files }: FieldProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const [isUploading, setUploading] = useState(false);
  const label = localized(field.label, language);
  const help = field.help ? localized(field.help, language) : undefined;
  const limit = fileFieldLimitMb(field);
  const stored = text(value);
  const { t, tm } = translatorFor(language);

  async function choose(file: File | null): Promise<void> {
    if (!file) return;
    const refused = fileFieldError(field, { name: file.name, type: file.type, sizeBytes: file.size }, language);
    setProblem(refused && tm(refused));
    if (refused) return;
    setUploading(true);
    try {
      const uploaded = await files.upload(file);
      rememberOriginalName(field.key, uploaded.fileName, uploaded.originalName);
      onChange(uploaded.fileName);
    } catch (caught) {
      setProblem(caught instanceof Error && caught.message ? tm(caught.message) : t('file.uploadFailed'));
    } finally {
      setUploading(false);
    }
  }

  if (stored)
    return (
      <Stack gap={4} data-field={field.key}>
        <FieldLabel label={label} isRequired={field.required} />
        <Group gap="xs" wrap="nowrap">
          <IconFileCheck size={18} aria-hidden color="var(--mantine-color-green-7)" />
          <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="uploaded-file">
            {originalNameOf(field.key, stored) ?? t('file.uploadedFile')}
          </Text>
          {files.isPreview ? (
            <Badge size="sm" variant="light" color="gray">
              Preview: not uploaded
            </Badge>
          ) : null}
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} aria-hidden />}
            aria-label={t('file.removeNamed', { label })}
            onClick={() => {
              setProblem(null);
              onChange(null);
            }}
          >
            {t('file.remove')}
          </Button>
        </Group>
        {error ? (
          <Text size="xs" c="red">
            {error}
          </Text>
        ) : null}
      </Stack>
    );
  return (
    <FileInput
      label={label}
      description={help ?? `${field.accept.length > 0 ? `${field.accept.join(', ')}, ` : ''}${t('file.limit', { max: limit })}`}
      required={field.required}
      error={problem ?? error}
      data-field={field.key}
      accept={field.accept.join(',') || undefined}
      placeholder={t(isUploading ? 'file.uploading' : 'file.choose')}
      disabled={isUploading}
      leftSection={isUploading ? <Loader size="xs" aria-label={t('file.uploading')} /> : <IconUpload size={16} aria-hidden />}
      value={null}
      onChange={(file) => void choose(file)}
    />
  );
}

/**
 * A signature field: the Signature Panel's pad and its saving (each finished stroke uploads the
 * pad as a PNG, Clear removes it); the answer is the stored image's name. A preview draws but
 * uploads nothing.
 */
function SignatureField({ field, value, onChange, language, error, files }: FieldProps) {
  const label = localized(field.label, language);
  const sign = text(value) || undefined;
  const { pad, saveState, save, reset } = useSignatureSaving({
    sign: files.isPreview ? undefined : sign,
    storage: files.signatures,
    onSaved: (stored) => onChange(stored),
  });
  const helpId = useId();
  const statusId = useId();
  const errorId = useId();
  const consentId = useId();
  const isRecordSignature = field.mapsTo === 'signature';
  const { t, tm } = translatorFor(language);
  // The saving status and the field's error are separate lines: an error shown before the customer
  // signed stays until the step is checked again, as on every field.
  const status = files.isPreview && saveState === 'saved' ? 'Preview: the signature is not uploaded' : tm(SAVE_STATUS_TEXT[saveState]);
  return (
    <Stack gap={6} data-field={field.key}>
      <FieldLabel label={label} isRequired={field.required} />
      <Text size="xs" c="dimmed" id={helpId}>
        {field.help ? localized(field.help, language) : t('signature.help')}
      </Text>
      {/* The record's signature keeps the consent: signing this field is agreeing to it, so it is read before the pad. */}
      {isRecordSignature ? (
        <Text size="sm" id={consentId}>
          {tm(SIGNATURE_FIELD_CONSENT)}
        </Text>
      ) : null}
      <Box maw={480} style={{ minWidth: 0 }}>
        <SignaturePad
          ref={pad}
          label={label}
          describedBy={`${helpId}${isRecordSignature ? ` ${consentId}` : ''} ${statusId}${error ? ` ${errorId}` : ''}`}
          onStrokeEnd={save}
        />
      </Box>
      <Text size="xs" id={statusId} role="status" aria-live="polite" c={saveState === 'failed' ? 'red' : 'dimmed'} mih={18}>
        {status}
      </Text>
      {error ? (
        <Text size="xs" c="red" id={errorId}>
          {error}
        </Text>
      ) : null}
      <Group gap="xs">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconEraser size={14} aria-hidden />}
          aria-label={t('signature.clearNamed', { label })}
          onClick={() => {
            reset();
            onChange(null);
          }}
        >
          {t('signature.clear')}
        </Button>
      </Group>
    </Stack>
  );
}

function FieldInput(props: FieldProps) {
  const { field, value, onChange, language, error } = props;
  const label = localized(field.label, language);
  const common = {
    label,
    description: field.help ? localized(field.help, language) : undefined,
    required: field.required,
    error,
    'data-field': field.key,
  };
  const options = field.options.map((option) => ({ value: option.value, label: localized(option.label, language) }));
  switch (field.type) {
    case 'heading':
      return (
        <Title order={3} size="h5" data-field={field.key}>
          {label}
        </Title>
      );
    case 'help-text':
      return (
        <Text size="sm" c="dimmed" data-field={field.key}>
          {label}
        </Text>
      );
    case 'long-text':
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          maxLength={field.validation.maxLength}
          value={text(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          min={field.validation.min}
          max={field.validation.max}
          value={typeof value === 'number' ? value : text(value)}
          onChange={(next) => onChange(next === '' ? null : typeof next === 'number' ? next : Number(next))}
        />
      );
    case 'date':
      return <TextInput {...common} type="date" value={text(value)} onChange={(event) => onChange(event.currentTarget.value)} />;
    case 'select':
      return (
        <Select
          {...common}
          data={options}
          value={text(value) || null}
          onChange={(next) => onChange(next)}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'multi-select':
      return (
        <MultiSelect
          {...common}
          data={options}
          value={list(value)}
          onChange={(next) => onChange(next)}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'country':
    case 'nationality':
      return (
        <CountrySelect {...common} value={text(value) || null} onChange={(next) => onChange(next)} comboboxProps={{ withinPortal: true }} />
      );
    case 'phone':
      return (
        <TextInput
          {...common}
          type="tel"
          inputMode="tel"
          dir="ltr"
          value={text(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'email':
      return <TextInput {...common} type="email" dir="ltr" value={text(value)} onChange={(event) => onChange(event.currentTarget.value)} />;
    case 'yes-no': {
      const current = value === true || value === 'yes' ? 'yes' : value === false || value === 'no' ? 'no' : '';
      return (
        <Radio.Group {...common} value={current} onChange={(next) => onChange(next === 'yes')}>
          <Group gap="lg" mt={4}>
            <Radio value="yes" label={language === 'ar' ? 'نعم' : language === 'ur' ? 'ہاں' : 'Yes'} />
            <Radio value="no" label={language === 'ar' ? 'لا' : language === 'ur' ? 'نہیں' : 'No'} />
          </Group>
        </Radio.Group>
      );
    }
    case 'file':
      return <FileField {...props} />;
    case 'signature':
      return <SignatureField {...props} />;
    default:
      return (
        <TextInput
          {...common}
          maxLength={field.validation.maxLength}
          value={text(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
  }
}

/**
 * A form from the form builder as the customer sees it: its sections in order, each field in the
 * chosen language (right to left for Arabic and Urdu), a field whose condition is not met hidden.
 * The builder's preview and the journeys render forms through this one component.
 */
export function DynamicForm({
  definition,
  answers,
  onChange,
  language = 'en',
  errors = {},
  isCompact = false,
  files = filesApiFormFiles,
}: DynamicFormProps) {
  return (
    <Stack gap="md" dir={RIGHT_TO_LEFT.includes(language) ? 'rtl' : 'ltr'} lang={language}>
      {definition.sections.map((section) => {
        const shown = section.fields.filter((field) => isFieldVisible(definition, field.key, answers));
        return (
          <Card key={section.key} withBorder radius="md" p="md" data-section={section.key}>
            <Title order={2} size="h4" mb="sm">
              {localized(section.title, language)}
            </Title>
            <SimpleGrid cols={isCompact ? 1 : { base: 1, sm: 2 }} spacing="md">
              {shown.map((field) => (
                <Box
                  key={field.key}
                  style={!isCompact && (isWide(field) || DISPLAY_ONLY_TYPES.includes(field.type)) ? { gridColumn: '1 / -1' } : undefined}
                >
                  <FieldInput
                    field={field}
                    value={answers[field.key]}
                    onChange={(value) => onChange(field.key, value)}
                    language={language}
                    error={errors[field.key]}
                    files={files}
                  />
                </Box>
              ))}
            </SimpleGrid>
          </Card>
        );
      })}
    </Stack>
  );
}
