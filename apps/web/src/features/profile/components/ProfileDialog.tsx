import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { Modal } from '@mantine/core';
import { SaveForm } from '../../../components/form/SaveForm';
import type { ProfileFormState } from '../use-profile-form';

/** The form tells its dialog while a code or captcha step is open. */
const StepOpenContext = createContext<(isOpen: boolean) => void>(() => undefined);

/**
 * A profile dialog; its form is created on each opening, so it starts from the stored values. Esc
 * closes it, except while a code or captcha step is open: every open Mantine modal listens for Esc
 * on the window, and that key then belongs to the step's own dialog.
 */
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
  const [isStepOpen, setStepOpen] = useState(false);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeOnClickOutside={false}
      closeOnEscape={!isStepOpen}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <StepOpenContext value={setStepOpen}>{opened ? children : null}</StepOpenContext>
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
  const setStepOpen = useContext(StepOpenContext);
  useEffect(() => {
    setStepOpen(form.isStepOpen);
    return () => setStepOpen(false);
  }, [form.isStepOpen, setStepOpen]);
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
