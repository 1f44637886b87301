import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Group, Modal, SegmentedControl, Stack, TextInput, Textarea } from '@mantine/core';
import { ZNotificationBroadcast } from '@sanad/contracts/notifications';
import { getActiveDataSegmentId } from '../../../lib/session';
import { useSaveFlow } from '../../../lib/use-save-flow';
import { sendNotification } from '../api/send-notification';
import { NOTIFICATIONS_KEY } from '../api/get-notifications';

const EMPTY = { title: '', description: '', category: 'general' as 'general' | 'external' };

/** An announcement to everyone in the active data segment who reads notifications (manage-notifications). */
export function SendNotificationDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState(EMPTY);
  const [formError, setFormError] = useState<string | null>(null);
  const flow = useSaveFlow({ onClose, onReset: () => setForm(EMPTY) });

  async function onSubmit(event: FormEvent): Promise<void> {
    event.preventDefault();
    const parsed = ZNotificationBroadcast.safeParse({ ...form, dataSegmentId: getActiveDataSegmentId() ?? '' });
    if (!parsed.success) {
      setFormError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setFormError(null);
    await flow.run(async () => {
      const result = await sendNotification(parsed.data);
      await queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
      return { message: result.message, data: result };
    });
  }

  const error = formError ?? flow.error;
  return (
    <Modal opened={opened} onClose={onClose} title="Send a notification" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <SegmentedControl
            aria-label="Category"
            value={form.category}
            onChange={(value) => setForm({ ...form, category: value === 'external' ? 'external' : 'general' })}
            data={[
              { label: 'Message', value: 'general' },
              { label: 'External link', value: 'external' },
            ]}
          />
          <TextInput
            label="Title"
            required
            value={form.title}
            onChange={(event) => setForm({ ...form, title: event.currentTarget.value })}
            maxLength={150}
          />
          {form.category === 'external' ? (
            <TextInput
              label="Link"
              description="An http or https address; readers open it in a new tab."
              required
              value={form.description}
              onChange={(event) => setForm({ ...form, description: event.currentTarget.value })}
              placeholder="https://"
            />
          ) : (
            <Textarea
              label="Message"
              required
              autosize
              minRows={4}
              maxRows={10}
              value={form.description}
              onChange={(event) => setForm({ ...form, description: event.currentTarget.value })}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={flow.isSaving}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
