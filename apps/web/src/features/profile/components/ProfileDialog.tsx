import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { ErrorAlert } from '../../../components/form/ErrorAlert';
import type { ProfileFormState } from '../use-profile-form';

/** A profile dialog; its form is created on each opening, so it starts from the stored values. */
export function ProfileDialog({ opened, title, onClose, children }: { opened: boolean; title: string; onClose: () => void; children: ReactNode }) {
  return (
    // Esc is left to the code dialog above it: every open Mantine modal listens for it on the window.
    <Modal opened={opened} onClose={onClose} title={title} centered closeOnClickOutside={false} closeOnEscape={false} closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened ? children : null}
    </Modal>
  );
}

/** The form of a profile dialog: a notice, the message, the fields, Cancel and submit; once done both are disabled. */
export function ProfileForm({ form, submitLabel, notice, isDone = false, onClose, children }: { form: ProfileFormState; submitLabel: string; notice?: ReactNode; isDone?: boolean; onClose: () => void; children: ReactNode }) {
  // The code and captcha dialogs sit outside the form: their own form's submit would bubble into it.
  return (
    <>
      <form onSubmit={form.onSubmit} noValidate>
        <Stack gap="md">
          {notice}
          <ErrorAlert message={form.message} />
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={isDone}>
              Cancel
            </Button>
            <Button type="submit" loading={form.isRequesting} disabled={isDone}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
      {form.dialogs}
    </>
  );
}
