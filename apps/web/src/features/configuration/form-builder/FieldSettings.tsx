import { ActionIcon, Button, Group, NumberInput, Select, SimpleGrid, Stack, Switch, TagsInput, Text, TextInput } from '@mantine/core';
import {
  CUSTOM_FIELD_PREFIX,
  DISPLAY_ONLY_TYPES,
  FIELD_TYPES,
  FIELD_TYPE_LABELS,
  FORM_LANGUAGES,
  OPTION_TYPES,
  RECORD_PROPERTIES,
  allFields,
  isProtectedField,
  type TFieldType,
  type TFieldValidation,
  type TFormDefinition,
  type TFormField,
  type TFormPage,
  type TLocalized,
} from '@sanad/contracts/form-builder';

const LANGUAGE_NAMES = { en: 'English', ar: 'Arabic', ur: 'Urdu' } as const;

/** One text in the three form languages, side by side on a wide screen. */
export function LocalizedInputs({
  label,
  value,
  onChange,
  isOptional = false,
  name,
}: {
  label: string;
  value: TLocalized | undefined;
  onChange: (value: TLocalized | undefined) => void;
  isOptional?: boolean;
  name: string;
}) {
  const current = value ?? { en: '' };
  const set = (language: (typeof FORM_LANGUAGES)[number], text: string) => {
    const next = { ...current, [language]: text };
    onChange(isOptional && !next.en && !next.ar && !next.ur ? undefined : next);
  };
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xs">
      {FORM_LANGUAGES.map((language) => (
        <TextInput
          key={language}
          label={`${label} (${LANGUAGE_NAMES[language]})`}
          dir={language === 'en' ? 'ltr' : 'rtl'}
          required={language === 'en' && !isOptional}
          name={`${name}.${language}`}
          value={current[language] ?? ''}
          onChange={(event) => set(language, event.currentTarget.value)}
        />
      ))}
    </SimpleGrid>
  );
}

const TEXT_RULES: readonly TFieldType[] = ['text', 'long-text', 'phone', 'email'];
const optionalNumber = (value: string | number): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** Drops the rules left empty, so a cleared input removes its rule. */
function withRule<K extends keyof TFieldValidation>(
  rules: TFieldValidation,
  key: K,
  value: TFieldValidation[K] | undefined,
): TFieldValidation {
  const next = { ...rules };
  if (value === undefined || value === '' || value === false) delete next[key];
  else next[key] = value;
  return next;
}

function conditionValueOptions(other: TFormField | undefined): string[] | null {
  if (!other) return null;
  if (OPTION_TYPES.includes(other.type)) return other.options.map((option) => option.value);
  if (other.type === 'yes-no') return ['yes', 'no'];
  return null;
}

/** The settings of one field: type, key, texts, rules, options, condition and where the answer is kept. */
export function FieldSettings({
  page,
  definition,
  field,
  onChange,
}: {
  page: TFormPage;
  definition: TFormDefinition;
  field: TFormField;
  onChange: (field: TFormField) => void;
}) {
  const isProtected = isProtectedField(page, field);
  const isDisplayOnly = DISPLAY_ONLY_TYPES.includes(field.type);
  const set = (change: Partial<TFormField>) => onChange({ ...field, ...change });
  const rules = field.validation;
  const setRule = <K extends keyof TFieldValidation>(key: K, value: TFieldValidation[K] | undefined) =>
    set({ validation: withRule(rules, key, value) });
  const others = allFields(definition).filter((other) => other.key !== field.key && !DISPLAY_ONLY_TYPES.includes(other.type));
  const controlling = others.find((other) => other.key === field.showWhen?.field);
  const valueOptions = conditionValueOptions(controlling);
  const mappings = Object.entries(RECORD_PROPERTIES)
    .filter(([, types]) => types.includes(field.type))
    .map(([path]) => ({ value: path, label: path }));
  const customMapping = `${CUSTOM_FIELD_PREFIX}${field.key}`;

  return (
    <Stack gap="sm" data-testid={`field-settings-${field.key}`}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <Select
          label="Type"
          data={FIELD_TYPES.map((type) => ({ value: type, label: FIELD_TYPE_LABELS[type] }))}
          value={field.type}
          disabled={isProtected}
          allowDeselect={false}
          onChange={(type) => {
            if (!type) return;
            const next = type as TFieldType;
            const keepsMapping = field.mapsTo?.startsWith(CUSTOM_FIELD_PREFIX) || RECORD_PROPERTIES[field.mapsTo ?? '']?.includes(next);
            set({
              type: next,
              options:
                OPTION_TYPES.includes(next) && field.options.length === 0
                  ? [{ value: 'option1', label: { en: 'Option 1' } }]
                  : field.options,
              mapsTo: DISPLAY_ONLY_TYPES.includes(next) ? null : keepsMapping ? field.mapsTo : customMapping,
              required: DISPLAY_ONLY_TYPES.includes(next) ? false : field.required,
            });
          }}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label="Key"
          description="Letters, digits and _; the answer's name in the record"
          value={field.key}
          disabled={isProtected}
          onChange={(event) => {
            const key = event.currentTarget.value;
            set({ key, mapsTo: field.mapsTo === customMapping ? `${CUSTOM_FIELD_PREFIX}${key}` : field.mapsTo });
          }}
        />
      </SimpleGrid>
      <LocalizedInputs
        label={isDisplayOnly ? 'Text' : 'Label'}
        name="label"
        value={field.label}
        onChange={(label) => label && set({ label })}
      />
      {isDisplayOnly ? null : (
        <LocalizedInputs label="Help" name="help" isOptional value={field.help} onChange={(help) => onChange({ ...field, help })} />
      )}
      {isDisplayOnly ? null : (
        <Switch
          label="Required"
          description={isProtected ? 'Protected fields (name, date of birth, nationality, ID) are always required' : undefined}
          checked={field.required}
          disabled={isProtected}
          onChange={(event) => set({ required: event.currentTarget.checked })}
        />
      )}

      {OPTION_TYPES.includes(field.type) ? (
        <Stack gap="xs">
          <Text fw={600} size="sm">
            Options
          </Text>
          {field.options.map((option, index) => (
            <Group key={index} align="flex-end" gap="xs" wrap="wrap">
              <TextInput
                label="Value"
                aria-label={`Option ${index + 1} value`}
                w={140}
                value={option.value}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  set({ options: field.options.map((entry, at) => (at === index ? { ...entry, value } : entry)) });
                }}
              />
              {FORM_LANGUAGES.map((language) => (
                <TextInput
                  key={language}
                  label={`Label (${LANGUAGE_NAMES[language]})`}
                  aria-label={`Option ${index + 1} label (${LANGUAGE_NAMES[language]})`}
                  dir={language === 'en' ? 'ltr' : 'rtl'}
                  w={160}
                  value={option.label[language] ?? ''}
                  onChange={(event) => {
                    const text = event.currentTarget.value;
                    set({
                      options: field.options.map((entry, at) =>
                        at === index ? { ...entry, label: { ...entry.label, [language]: text } } : entry,
                      ),
                    });
                  }}
                />
              ))}
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove option ${option.value}`}
                onClick={() => set({ options: field.options.filter((_, at) => at !== index) })}
                mb={4}
              >
                ×
              </ActionIcon>
            </Group>
          ))}
          <Button
            size="xs"
            variant="light"
            w="fit-content"
            onClick={() => {
              const number = field.options.length + 1;
              set({ options: [...field.options, { value: `option${number}`, label: { en: `Option ${number}` } }] });
            }}
          >
            Add option
          </Button>
        </Stack>
      ) : null}

      {TEXT_RULES.includes(field.type) ? (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xs">
          <NumberInput
            label="Minimum length"
            min={0}
            value={rules.minLength ?? ''}
            onChange={(value) => setRule('minLength', optionalNumber(value))}
          />
          <NumberInput
            label="Maximum length"
            min={1}
            value={rules.maxLength ?? ''}
            onChange={(value) => setRule('maxLength', optionalNumber(value))}
          />
          <TextInput
            label="Pattern (regular expression)"
            value={rules.pattern ?? ''}
            onChange={(event) => setRule('pattern', event.currentTarget.value || undefined)}
          />
          <Switch
            mt="lg"
            label="Letters and digits only"
            checked={rules.strictlyAlphanumeric ?? false}
            onChange={(event) => setRule('strictlyAlphanumeric', event.currentTarget.checked || undefined)}
          />
        </SimpleGrid>
      ) : null}
      {field.type === 'number' ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <NumberInput label="Minimum" value={rules.min ?? ''} onChange={(value) => setRule('min', optionalNumber(value))} />
          <NumberInput label="Maximum" value={rules.max ?? ''} onChange={(value) => setRule('max', optionalNumber(value))} />
        </SimpleGrid>
      ) : null}
      {field.type === 'date' ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <TextInput
            label="Earliest date"
            placeholder="YYYY-MM-DD or today"
            value={rules.minDate ?? ''}
            onChange={(event) => setRule('minDate', event.currentTarget.value.trim() || undefined)}
          />
          <TextInput
            label="Latest date"
            placeholder="YYYY-MM-DD or today"
            value={rules.maxDate ?? ''}
            onChange={(event) => setRule('maxDate', event.currentTarget.value.trim() || undefined)}
          />
        </SimpleGrid>
      ) : null}
      {field.type === 'file' ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <TagsInput
            label="Accepted types"
            description="MIME types or extensions: application/pdf, image/*, .png"
            value={field.accept}
            onChange={(accept) => set({ accept })}
          />
          <NumberInput
            label="Largest size (MB)"
            min={1}
            max={25}
            value={field.maxSizeMb ?? ''}
            onChange={(value) => onChange({ ...field, maxSizeMb: optionalNumber(value) })}
          />
        </SimpleGrid>
      ) : null}

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <Select
          label="Show only when"
          description="Another field has a value (or one of the values chosen)"
          placeholder="Always shown"
          clearable
          data={others.map((other) => ({ value: other.key, label: `${other.label.en} (${other.key})` }))}
          value={field.showWhen?.field ?? null}
          onChange={(key) => set({ showWhen: key ? { field: key, values: [] } : null })}
          comboboxProps={{ withinPortal: true }}
        />
        {field.showWhen ? (
          valueOptions ? (
            <Select
              label="Has the value"
              placeholder="Any value"
              clearable
              data={valueOptions}
              value={field.showWhen.values[0] ?? null}
              onChange={(value) => set({ showWhen: { field: field.showWhen?.field ?? '', values: value ? [value] : [] } })}
              comboboxProps={{ withinPortal: true }}
            />
          ) : (
            <TagsInput
              label="Has one of the values"
              placeholder="Any value"
              value={field.showWhen.values}
              onChange={(values) => set({ showWhen: { field: field.showWhen?.field ?? '', values } })}
            />
          )
        ) : null}
      </SimpleGrid>

      {isDisplayOnly ? null : (
        <Select
          label="Keep the answer in"
          data={[{ value: customMapping, label: `Custom field (${customMapping})` }, ...mappings]}
          value={field.mapsTo ?? customMapping}
          disabled={isProtected}
          allowDeselect={false}
          onChange={(mapsTo) => set({ mapsTo: mapsTo ?? customMapping })}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    </Stack>
  );
}
