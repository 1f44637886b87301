import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { ZProfileForm, type TProfileForm } from '@sanad/contracts/profile';
import type { TProfile } from '@sanad/contracts/session';
import { ApiError } from '../../lib/api-client';
import { saveProfile } from '../../lib/session';
import { toastError, toastSuccess } from '../../lib/toast';
import { useOtpFlow } from '../../lib/use-otp-flow';
import { firstFormError, type FormErrors } from './form-errors';
import { updateProfile } from './api/update-profile';

/** A refused update shows the server's message as an error toast for 2 seconds (001 §8). */
const UPDATE_ERROR_TOAST_MS = 2_000;

/**
 * Update Profile (001 §2, §4, §5): validate; if valid, request a code and open the code dialog;
 * after the captcha, submit; the session user is replaced by the returned profile.
 */
export function UpdateProfileDialog({ opened, user, onClose }: { opened: boolean; user: TProfile; onClose: () => void }) {
  return (
    // Esc is left to the code dialog above it: every open Mantine modal listens for it on the window.
    <Modal opened={opened} onClose={onClose} title="Update Profile" centered closeOnClickOutside={false} closeOnEscape={false} closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened ? <UpdateProfileForm user={user} onClose={onClose} /> : null}
    </Modal>
  );
}

function UpdateProfileForm({ user, onClose }: { user: TProfile; onClose: () => void }) {
  const [values, setValues] = useState<TProfileForm>({ firstName: user.firstName, lastName: user.lastName, email: user.email });
  const [errors, setErrors] = useState<FormErrors>({});
  const [message, setMessage] = useState<string | null>(null);

  const flow = useOtpFlow({
    purpose: 'update-profile',
    async submit(proof) {
      const { message: saved, data } = await updateProfile(user._id, ZProfileForm.parse(values), proof);
      saveProfile(data);
      toastSuccess(saved);
      onClose();
    },
    onError(text, error) {
      setMessage(text);
      if (error instanceof ApiError && error.errors) setErrors(error.errors);
      toastError(text, UPDATE_ERROR_TOAST_MS);
    },
  });

  const change = (field: keyof TProfileForm) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
  };

  function submit(event: FormEvent): void {
    event.preventDefault();
    const result = ZProfileForm.safeParse(values);
    const first = firstFormError(result);
    setErrors(first ? { [first.field]: [first.message] } : {});
    setMessage(first?.message ?? null);
    if (!first) void flow.start();
  }

  // The code and captcha dialogs sit outside the form: their own form's submit would bubble into it.
  return (
    <>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {message ? (
            <Alert color="red" role="alert">
              {message}
            </Alert>
          ) : null}
          <TextInput label="First Name" autoComplete="given-name" value={values.firstName} onChange={change('firstName')} error={errors.firstName?.[0]} required />
          <TextInput label="Last Name" autoComplete="family-name" value={values.lastName} onChange={change('lastName')} error={errors.lastName?.[0]} required />
          <TextInput label="Email" type="email" autoComplete="email" value={values.email} onChange={change('email')} error={errors.email?.[0]} required />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={flow.isRequesting}>
              Update Profile
            </Button>
          </Group>
        </Stack>
      </form>
      {flow.dialogs}
    </>
  );
}
