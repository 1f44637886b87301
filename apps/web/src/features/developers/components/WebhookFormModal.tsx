import { useState } from 'react';
import { Select, Textarea, TextInput } from '@mantine/core';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_TRIGGER_LABELS,
  WEBHOOK_TRIGGER_POINTS,
  ZWebhookInput,
  type TWebhookIssued,
  type TWebhookRow,
} from '@sanad/contracts/developers';
import { WEBHOOK_ENDPOINTS } from '@sanad/contracts/developers.endpoints';
import { FormModal } from '../../../components/form/FormModal';
import { useFormCheck } from '../../../lib/use-form-check';
import { useSaveFlow } from '../../../lib/use-save-flow';
import { saveWebhook } from '../api/developers-api';

/** Add or edit a webhook: its title, where it is sent, which events and a note. */
export function WebhookFormModal({
  webhook,
  onClose,
  onIssued,
}: {
  webhook: TWebhookRow | null;
  onClose: () => void;
  onIssued: (issued: TWebhookIssued) => void;
}) {
  const [title, setTitle] = useState(webhook?.title ?? '');
  const [endpointUrl, setEndpointUrl] = useState(webhook?.endpointUrl ?? 'https://');
  const [triggerPoint, setTriggerPoint] = useState<string>(webhook?.triggerPoint ?? 'all');
  const [description, setDescription] = useState(webhook?.description ?? '');
  const save = useSaveFlow({ listPath: WEBHOOK_ENDPOINTS.list.path, onClose });
  const form = useFormCheck(save);

  async function onSubmit(): Promise<void> {
    // A disabled webhook keeps its status when edited; it is re-enabled through Activate.
    const status = webhook && webhook.status !== 'disabled' ? { status: webhook.status } : {};
    const data = form.check(ZWebhookInput, { title, endpointUrl, triggerPoint, description, ...status });
    if (!data) return;
    const saved = await save.run(() => saveWebhook({ ...data, ...(webhook ? { _id: webhook._id } : {}) }));
    if (saved && 'signingSecret' in saved && typeof saved.signingSecret === 'string')
      onIssued({ ...saved, signingSecret: saved.signingSecret });
  }

  return (
    <FormModal
      title={webhook ? 'Edit webhook' : 'Add webhook'}
      size="lg"
      onClose={onClose}
      error={form.error}
      isSaving={save.isSaving}
      submitLabel={webhook ? 'Save changes' : 'Create and show secret'}
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
      <TextInput
        label="Endpoint URL"
        description="A public https address; private, loopback and link-local addresses are refused"
        required
        value={endpointUrl}
        onChange={(event) => setEndpointUrl(event.currentTarget.value)}
        error={form.errorOf('endpointUrl')}
        maxLength={WEBHOOK_LIMITS.urlMaxLength}
      />
      <Select
        label="Trigger point"
        required
        allowDeselect={false}
        data={WEBHOOK_TRIGGER_POINTS.map((value) => ({ value, label: WEBHOOK_TRIGGER_LABELS[value] }))}
        value={triggerPoint}
        onChange={(value) => setTriggerPoint(value ?? 'all')}
        error={form.errorOf('triggerPoint')}
      />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
        error={form.errorOf('description')}
        maxLength={WEBHOOK_LIMITS.descriptionMaxLength}
      />
    </FormModal>
  );
}
