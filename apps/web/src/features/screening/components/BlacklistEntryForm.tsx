import { useState } from 'react';
import { Group, Select, TagsInput, TextInput, Textarea } from '@mantine/core';
import { ZBlacklistEntryInput, type TBlacklistEntry, type TBlacklistEntryInput } from '@sanad/contracts/screening';
import { CountrySelect } from '../../../components/CountrySelect';
import { FormModal } from '../../../components/form/FormModal';
import { HIT_TYPE_OPTIONS } from '../../../lib/hit-types';
import { useFormCheck } from '../../../lib/use-form-check';

const EMPTY: TBlacklistEntryInput = {
  type: 'person',
  name: '',
  aliases: [],
  dateOfBirth: '',
  gender: '',
  nationality: '',
  idNumber: '',
  fatherName: '',
  hitType: 'blackList',
  reason: '',
};

const ENTITY_TYPES = [
  { value: 'person', label: 'Person' },
  { value: 'organisation', label: 'Organisation' },
  { value: 'vessel', label: 'Vessel' },
  { value: 'aircraft', label: 'Aircraft' },
];

const GENDERS = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
];

export function toInput(entry: TBlacklistEntry | null): TBlacklistEntryInput {
  if (!entry) return EMPTY;
  return {
    type: entry.type as TBlacklistEntryInput['type'],
    name: entry.name,
    aliases: entry.aliases,
    dateOfBirth: entry.dateOfBirth,
    gender: entry.gender as TBlacklistEntryInput['gender'],
    nationality: entry.nationality,
    idNumber: entry.idNumber,
    fatherName: entry.fatherName,
    hitType: entry.hitType as TBlacklistEntryInput['hitType'],
    reason: entry.reason,
  };
}

/**
 * Add or edit an entry of the firm's own list. The contract's rules are checked before anything is
 * sent; the first error shows on top and each field shows its own, the client's or the server's.
 */
export function BlacklistEntryForm({
  entry,
  flow,
  onClose,
  onSave,
}: {
  entry: TBlacklistEntry | null;
  /** The list's save flow: whether it is saving, and the server's message and field errors. */
  flow: { isSaving: boolean; error: string | null; fieldErrors: Record<string, string[]> };
  onClose: () => void;
  onSave: (input: TBlacklistEntryInput) => Promise<unknown>;
}) {
  const [values, setValues] = useState<TBlacklistEntryInput>(() => toInput(entry));
  const form = useFormCheck(flow);

  function set<K extends keyof TBlacklistEntryInput>(key: K, value: TBlacklistEntryInput[K]): void {
    setValues((current) => ({ ...current, [key]: value }));
    form.clearFieldError(key);
  }

  async function onSubmit(): Promise<void> {
    const data = form.check(ZBlacklistEntryInput, values);
    if (data) await onSave(data);
  }

  return (
    <FormModal
      title={entry ? 'Edit entry' : 'Add entry'}
      size="lg"
      onClose={onClose}
      error={form.error}
      isSaving={flow.isSaving}
      submitLabel="Save"
      onSubmit={onSubmit}
    >
      <Group grow>
        <Select
          label="Type"
          data={ENTITY_TYPES}
          value={values.type}
          onChange={(value) => value && set('type', value as TBlacklistEntryInput['type'])}
          allowDeselect={false}
          error={form.errorOf('type')}
        />
        <Select
          label="Hit type"
          data={HIT_TYPE_OPTIONS}
          value={values.hitType}
          onChange={(value) => value && set('hitType', value as TBlacklistEntryInput['hitType'])}
          allowDeselect={false}
          error={form.errorOf('hitType')}
        />
      </Group>
      <TextInput
        label="Name"
        required
        value={values.name}
        onChange={(event) => set('name', event.currentTarget.value)}
        error={form.errorOf('name')}
      />
      <TagsInput
        label="Other names"
        description="Press Enter after each name"
        value={values.aliases}
        onChange={(value) => set('aliases', value)}
        error={form.errorOf('aliases')}
      />
      <Group grow>
        <TextInput
          label="Date of birth"
          placeholder="YYYY-MM-DD, YYYY-MM or YYYY"
          value={values.dateOfBirth}
          onChange={(event) => set('dateOfBirth', event.currentTarget.value)}
          error={form.errorOf('dateOfBirth')}
        />
        <Select
          label="Gender"
          data={GENDERS}
          value={values.gender || null}
          onChange={(value) => set('gender', (value ?? '') as TBlacklistEntryInput['gender'])}
          clearable
          error={form.errorOf('gender')}
        />
      </Group>
      <Group grow>
        <CountrySelect
          label="Nationality"
          value={values.nationality || null}
          onChange={(value) => set('nationality', value ?? '')}
          error={form.errorOf('nationality')}
        />
        <TextInput
          label="ID number"
          value={values.idNumber}
          onChange={(event) => set('idNumber', event.currentTarget.value)}
          error={form.errorOf('idNumber')}
        />
      </Group>
      <TextInput
        label="Father's or husband's name"
        value={values.fatherName}
        onChange={(event) => set('fatherName', event.currentTarget.value)}
        error={form.errorOf('fatherName')}
      />
      <Textarea
        label="Reason"
        autosize
        minRows={2}
        value={values.reason}
        onChange={(event) => set('reason', event.currentTarget.value)}
        error={form.errorOf('reason')}
      />
    </FormModal>
  );
}
