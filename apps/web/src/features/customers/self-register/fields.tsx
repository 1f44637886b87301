import { MultiSelect, Radio, Group, Select, Switch, TagsInput, TextInput, NumberInput } from '@mantine/core';
import { CountrySelect } from '../../../components/CountrySelect';
import { useT } from '../../../lib/i18n/use-t';
import type { DraftSection } from './draft';
import type { Option } from './options';
import { fieldValue, useWizard } from './wizard-context';

interface FieldProps {
  section: DraftSection;
  name: string;
  label: string;
  required?: boolean;
  description?: string | undefined;
  /** Latin data (codes, numbers, e-mail, phone) stays left to right in a right-to-left page. */
  isLatin?: boolean;
}

function useField(section: DraftSection, name: string) {
  const { draft, setField, errors } = useWizard();
  return {
    value: fieldValue(draft, section, name),
    set: (value: unknown) => setField(section, name as never, value),
    error: errors[`${section}.${name}`],
  };
}

const asText = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

export function DraftText({
  section,
  name,
  label,
  required,
  description,
  type,
  isLatin,
}: FieldProps & { type?: 'text' | 'email' | 'tel' }) {
  const field = useField(section, name);
  return (
    <TextInput
      label={label}
      description={description}
      withAsterisk={required}
      type={type}
      dir={isLatin || type === 'email' || type === 'tel' ? 'ltr' : undefined}
      value={asText(field.value)}
      onChange={(event) => field.set(event.currentTarget.value)}
      error={field.error}
    />
  );
}

/** A calendar date as the record stores it (YYYY-MM-DD), with the phone's own date picker. */
export function DraftDate({ section, name, label, required, description }: FieldProps) {
  const field = useField(section, name);
  return (
    <TextInput
      label={label}
      description={description}
      withAsterisk={required}
      type="date"
      dir="ltr"
      value={asText(field.value)}
      onChange={(event) => field.set(event.currentTarget.value)}
      error={field.error}
    />
  );
}

/** Option labels come in English (the risk tables'); they are shown in the language on screen, the code is what is kept. */
function useOptions(data: readonly Option[]): Option[] {
  const { tm, language } = useT();
  return language === 'en' ? (data as Option[]) : data.map((option) => ({ value: option.value, label: tm(option.label) }));
}

export function DraftSelect({ section, name, label, required, data }: FieldProps & { data: readonly Option[] }) {
  const field = useField(section, name);
  const options = useOptions(data);
  return (
    <Select
      label={label}
      withAsterisk={required}
      searchable
      clearable
      data={options}
      value={asText(field.value) || null}
      onChange={(value) => field.set(value ?? '')}
      error={field.error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export function DraftCountry({ section, name, label, required }: FieldProps) {
  const field = useField(section, name);
  return (
    <CountrySelect
      label={label}
      withAsterisk={required}
      value={asText(field.value) || null}
      onChange={(value) => field.set(value ?? '')}
      error={field.error}
    />
  );
}

export function DraftMultiSelect({ section, name, label, data }: FieldProps & { data: readonly Option[] }) {
  const field = useField(section, name);
  const options = useOptions(data);
  return (
    <MultiSelect
      label={label}
      searchable
      data={options}
      value={Array.isArray(field.value) ? (field.value as string[]) : []}
      onChange={(value) => field.set(value)}
      error={field.error}
    />
  );
}

export function DraftTags({ section, name, label, description, data }: FieldProps & { data: readonly string[] }) {
  const field = useField(section, name);
  return (
    <TagsInput
      label={label}
      description={description}
      data={data as string[]}
      value={Array.isArray(field.value) ? (field.value as string[]) : []}
      onChange={(value) => field.set(value)}
      error={field.error}
    />
  );
}

export function DraftSwitch({ section, name, label }: FieldProps) {
  const field = useField(section, name);
  return (
    <Switch label={label} checked={field.value === true} onChange={(event) => field.set(event.currentTarget.checked)} error={field.error} />
  );
}

export function DraftNumber({ section, name, label, description }: FieldProps) {
  const field = useField(section, name);
  return (
    <NumberInput
      label={label}
      description={description}
      dir="ltr"
      min={0}
      thousandSeparator=","
      value={typeof field.value === 'number' ? field.value : ''}
      onChange={(value) => field.set(typeof value === 'number' ? value : undefined)}
      error={field.error}
    />
  );
}

/** A yes/no question answered with two radio buttons; the answer is stored as a boolean. */
export function DraftYesNo({ section, name, label }: FieldProps) {
  const field = useField(section, name);
  const { t } = useT();
  return (
    <Radio.Group
      label={label}
      value={field.value === true ? 'yes' : field.value === false ? 'no' : ''}
      onChange={(value) => field.set(value === 'yes')}
      error={field.error}
    >
      <Group gap="lg" mt={4}>
        <Radio value="yes" label={t('common.yes')} />
        <Radio value="no" label={t('common.no')} />
      </Group>
    </Radio.Group>
  );
}
