import {
  Box,
  Card,
  FileInput,
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
import {
  DISPLAY_ONLY_TYPES,
  RIGHT_TO_LEFT,
  isFieldVisible,
  localized,
  type TFormAnswer,
  type TFormAnswers,
  type TFormDefinition,
  type TFormField,
  type TFormLanguage,
} from '@sanad/contracts/form-builder';
import { CountrySelect } from '../CountrySelect';

export interface DynamicFormProps {
  definition: TFormDefinition;
  answers: TFormAnswers;
  onChange: (key: string, value: TFormAnswer) => void;
  language?: TFormLanguage;
  /** Messages by field key (from formAnswerErrors or the server's `answers.<key>`). */
  errors?: Record<string, string>;
  /** Narrow layouts put every field on its own line. */
  isCompact?: boolean;
}

const text = (value: TFormAnswer | undefined): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const list = (value: TFormAnswer | undefined): string[] => (Array.isArray(value) ? value : []);

/** Wide fields take the whole row: long text, headings, help, multi-selects, files and signatures. */
const isWide = (field: TFormField) => ['long-text', 'heading', 'help-text', 'multi-select', 'file', 'signature'].includes(field.type);

function FieldInput({
  field,
  value,
  onChange,
  language,
  error,
}: {
  field: TFormField;
  value: TFormAnswer | undefined;
  onChange: (value: TFormAnswer) => void;
  language: TFormLanguage;
  error: string | undefined;
}) {
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
        <TextInput {...common} type="tel" inputMode="tel" value={text(value)} onChange={(event) => onChange(event.currentTarget.value)} />
      );
    case 'email':
      return <TextInput {...common} type="email" value={text(value)} onChange={(event) => onChange(event.currentTarget.value)} />;
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
      return (
        <FileInput
          {...common}
          accept={field.accept.join(',') || undefined}
          placeholder={field.maxSizeMb ? `Up to ${field.maxSizeMb} MB` : undefined}
          value={null}
          onChange={(file) => onChange(file ? file.name : null)}
        />
      );
    case 'signature':
      return (
        <Box data-field={field.key}>
          <Text size="sm" fw={500}>
            {label}
            {field.required ? ' *' : ''}
          </Text>
          <Box
            role="img"
            aria-label={label}
            style={{ border: '1px dashed var(--mantine-color-gray-5)', borderRadius: 8, height: 120, marginTop: 4 }}
          />
          {error ? (
            <Text size="xs" c="red">
              {error}
            </Text>
          ) : null}
        </Box>
      );
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
export function DynamicForm({ definition, answers, onChange, language = 'en', errors = {}, isCompact = false }: DynamicFormProps) {
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
