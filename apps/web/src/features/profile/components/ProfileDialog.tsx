import type { ReactNode } from 'react';
import { Modal } from '@mantine/core';
import { SaveForm } from '../../../components/form/SaveForm';
import type { ProfileFormState } from '../use-profile-form';

/** A profile dialog; its form is created on each opening, so it starts from the stored values. */
export function ProfileDialog({
  opened,
  title,
  onClose,
  children,
}: {
  opened: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    // Esc is left to the code dialog above it: every open Mantine modal listens for it on the window.
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeOnClickOutside={false}
      closeOnEscape={false}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened ? children : null}
    </Modal>
  );
}

/** The form of a profile dialog, then its code and captcha dialogs; once done, Cancel and submit are disabled. */
export function ProfileForm({
  form,
  submitLabel,
  notice,
  onClose,
  children,
}: {
  form: ProfileFormState;
  submitLabel: string;
  notice?: ReactNode;
  onClose: () => void;
  children: ReactNode;
}) {
  // The code and captcha dialogs sit outside the form: their own form's submit would bubble into it through the portal.
  return (
    <>
      <SaveForm
        error={form.message}
        isSaving={form.isRequesting}
        submitLabel={submitLabel}
        onSubmit={form.onSubmit}
        onCancel={onClose}
        notice={notice}
        isDisabled={form.isDone}
        gap="md"
      >
        {children}
      </SaveForm>
      {form.dialogs}
    </>
  );
}
