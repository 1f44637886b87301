import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, TagsInput, TextInput, Textarea } from '@mantine/core';
import { ZBlacklistEntryInput, type TBlacklistEntry, type TBlacklistEntryInput } from '@sanad/contracts/screening';
import { CountrySelect } from '../../../components/CountrySelect';
import { ErrorAlert } from '../../../components/form/ErrorAlert';

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

/** Add or edit an entry of the firm's own list; the first validation error shows before anything is sent. */
export function BlacklistEntryForm({
  opened,
  entry,
  isSaving,
  serverError,
  onClose,
  onSave,
}: {
  opened: boolean;
  entry: TBlacklistEntry | null;
  isSaving: boolean;
  serverError: string | null;
  onClose: () => void;
  onSave: (input: TBlacklistEntryInput) => void;
}) {
  const [values, setValues] = useState<TBlacklistEntryInput>(() => toInput(entry));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof TBlacklistEntryInput>(key: K, value: TBlacklistEntryInput[K]) => setValues((current) => ({ ...current, [key]: value }));

  function submit(): void {
    const parsed = ZBlacklistEntryInput.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    onSave(parsed.data);
  }

  return (
    <Modal opened={opened} onClose={onClose} title={entry ? 'Edit entry' : 'Add entry'} size="lg" centered>
      <Stack gap="sm">
        <ErrorAlert message={serverError} />
        <Group grow>
          <Select
            label="Type"
            data={[
              { value: 'person', label: 'Person' },
              { value: 'organisation', label: 'Organisation' },
              { value: 'vessel', label: 'Vessel' },
              { value: 'aircraft', label: 'Aircraft' },
            ]}
            value={values.type}
            onChange={(value) => value && set('type', value as TBlacklistEntryInput['type'])}
            allowDeselect={false}
          />
          <Select
            label="Hit type"
            data={[
              { value: 'blackList', label: 'Black-list' },
              { value: 'sanction', label: 'Sanction' },
              { value: 'pep', label: 'PEP' },
              { value: 'enforcement', label: 'Enforcement' },
            ]}
            value={values.hitType}
            onChange={(value) => value && set('hitType', value as TBlacklistEntryInput['hitType'])}
            allowDeselect={false}
          />
        </Group>
        <TextInput label="Name" required value={values.name} onChange={(event) => set('name', event.currentTarget.value)} error={errors.name} />
        <TagsInput label="Other names" description="Press Enter after each name" value={values.aliases} onChange={(value) => set('aliases', value)} />
        <Group grow>
          <TextInput label="Date of birth" placeholder="YYYY-MM-DD, YYYY-MM or YYYY" value={values.dateOfBirth} onChange={(event) => set('dateOfBirth', event.currentTarget.value)} error={errors.dateOfBirth} />
          <Select
            label="Gender"
            data={[
              { value: 'male', label: 'Male' },
              { value: 'female', label: 'Female' },
            ]}
            value={values.gender || null}
            onChange={(value) => set('gender', (value ?? '') as TBlacklistEntryInput['gender'])}
            clearable
          />
        </Group>
        <Group grow>
          <CountrySelect label="Nationality" value={values.nationality || null} onChange={(value) => set('nationality', value ?? '')} error={errors.nationality} />
          <TextInput label="ID number" value={values.idNumber} onChange={(event) => set('idNumber', event.currentTarget.value)} error={errors.idNumber} />
        </Group>
        <TextInput label="Father's or husband's name" value={values.fatherName} onChange={(event) => set('fatherName', event.currentTarget.value)} error={errors.fatherName} />
        <Textarea label="Reason" autosize minRows={2} value={values.reason} onChange={(event) => set('reason', event.currentTarget.value)} error={errors.reason} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={isSaving}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
