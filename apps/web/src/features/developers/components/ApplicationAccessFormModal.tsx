import { useState } from 'react';
import { Checkbox, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import {
  API_SCOPE_LABELS,
  API_SCOPES,
  APPLICATION_DEVICE_LABELS,
  APPLICATION_DEVICES,
  ZApplicationAccessInput,
  type TApplicationAccessIssued,
  type TApplicationAccessRow,
} from '@sanad/contracts/developers';
import { APPLICATION_ACCESS_ENDPOINTS } from '@sanad/contracts/developers.endpoints';
import { FormModal } from '../../../components/form/FormModal';
import { useFormCheck } from '../../../lib/use-form-check';
import { useSaveFlow } from '../../../lib/use-save-flow';
import { saveApplicationAccess } from '../api/developers-api';

/** The expiry is picked as a day and ends at that day's last second (UTC). */
const expiryOf = (day: string) => (day ? `${day}T23:59:59.000Z` : null);
const dayOf = (expiresAt: string | null) => (expiresAt ? expiresAt.slice(0, 10) : '');

/** Add or edit an application access entry: what it is, which scopes its key holds, until when and from where. */
export function ApplicationAccessFormModal({
  entry,
  onClose,
  onIssued,
}: {
  entry: TApplicationAccessRow | null;
  onClose: () => void;
  onIssued: (issued: TApplicationAccessIssued) => void;
}) {
  const [title, setTitle] = useState(entry?.title ?? '');
  const [bundleId, setBundleId] = useState(entry?.bundleId ?? '');
  const [device, setDevice] = useState<string>(entry?.device ?? 'server');
  const [scopes, setScopes] = useState<string[]>(entry?.scopes ?? ['customers:read']);
  const [expiry, setExpiry] = useState(dayOf(entry?.expiresAt ?? null));
  const [ipList, setIpList] = useState((entry?.ipAllowList ?? []).join('\n'));
  const save = useSaveFlow({ listPath: APPLICATION_ACCESS_ENDPOINTS.list.path, onClose });
  const form = useFormCheck(save);

  async function onSubmit(): Promise<void> {
    const data = form.check(ZApplicationAccessInput, {
      title,
      bundleId,
      device,
      scopes,
      expiresAt: expiryOf(expiry),
      ipAllowList: ipList
        .split(/[\s,]+/)
        .map((item) => item.trim())
        .filter(Boolean),
      ...(entry ? { status: entry.status } : {}),
    });
    if (!data) return;
    const saved = await save.run(() => saveApplicationAccess({ ...data, ...(entry ? { _id: entry._id } : {}) }));
    if (saved && 'apiKey' in saved && typeof saved.apiKey === 'string') onIssued({ ...saved, apiKey: saved.apiKey });
  }

  return (
    <FormModal
      title={entry ? 'Edit application access' : 'Add application access'}
      size="lg"
      onClose={onClose}
      error={form.error}
      isSaving={save.isSaving}
      submitLabel={entry ? 'Save changes' : 'Create and show key'}
      onSubmit={onSubmit}
    >
      <TextInput
        label="Title"
        required
        value={title}
        onChange={(event) => setTitle(event.currentTarget.value)}
        error={form.errorOf('title')}
        maxLength={50}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Bundle ID"
          description="The app's identifier, e.g. com.bank.mobile"
          required
          value={bundleId}
          onChange={(event) => setBundleId(event.currentTarget.value)}
          error={form.errorOf('bundleId')}
        />
        <Select
          label="Device"
          required
          allowDeselect={false}
          data={APPLICATION_DEVICES.map((value) => ({ value, label: APPLICATION_DEVICE_LABELS[value] }))}
          value={device}
          onChange={(value) => setDevice(value ?? 'server')}
          error={form.errorOf('device')}
        />
      </SimpleGrid>
      <Checkbox.Group label="Scopes" withAsterisk value={scopes} onChange={setScopes} error={form.errorOf('scopes')}>
        <Stack gap={6} mt={6}>
          {API_SCOPES.map((scope) => (
            <Checkbox key={scope} value={scope} label={scope} description={API_SCOPE_LABELS[scope]} />
          ))}
        </Stack>
      </Checkbox.Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          type="date"
          label="Expires on"
          description="Leave empty to keep the key until archived"
          value={expiry}
          onChange={(event) => setExpiry(event.currentTarget.value)}
          error={form.errorOf('expiresAt')}
        />
        <Textarea
          label="IP allow-list"
          description="Addresses or ranges, one per line; empty allows any"
          autosize
          minRows={2}
          value={ipList}
          onChange={(event) => setIpList(event.currentTarget.value)}
          error={form.errorOf('ipAllowList') ?? form.errorOf('ipAllowList.0')}
        />
      </SimpleGrid>
    </FormModal>
  );
}
