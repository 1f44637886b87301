import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { PROFILE_MESSAGES, ZChangePasswordForm, type TChangePasswordForm } from '@sanad/contracts/profile';
import { ApiError } from '../../lib/api-client';
import { clearSession } from '../../lib/session';
import { toastError, toastSuccess } from '../../lib/toast';
import { useOtpFlow } from '../../lib/use-otp-flow';
import { firstFormError, type FormErrors } from './form-errors';
import { changePassword } from './api/change-password';

/** After a password change the user is signed out this long after the success message (001 §9). */
export const SIGN_OUT_AFTER_PASSWORD_CHANGE_MS = 2_000;

const HINT_ID = 'password-history-hint';

const EMPTY: TChangePasswordForm = { oldPassword: '', password: '', passwordConfirmation: '' };

/**
 * Change Password (001 §2, §4, §5): old, new and confirm, each under the password rules; then the
 * same code flow as Update Profile. On success the message shows and, 2 seconds later, the user is
 * signed out here too (the server has already ended every session of theirs).
 */
export function ChangePasswordDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    // Esc is left to the code dialog above it: every open Mantine modal listens for it on the window.
    <Modal opened={opened} onClose={onClose} title="Change Password" centered closeOnClickOutside={false} closeOnEscape={false} closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened ? <ChangePasswordForm onClose={onClose} /> : null}
    </Modal>
  );
}

function ChangePasswordForm({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const [values, setValues] = useState<TChangePasswordForm>(EMPTY);
  const [errors, setErrors] = useState<FormErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  useEffect(() => {
    if (!success) return undefined;
    const timer = window.setTimeout(() => {
      clearSession();
      void navigate('/', { replace: true });
    }, SIGN_OUT_AFTER_PASSWORD_CHANGE_MS);
    return () => window.clearTimeout(timer);
  }, [success, navigate]);

  const flow = useOtpFlow({
    purpose: 'change-password',
    async submit(proof) {
      const text = await changePassword(ZChangePasswordForm.parse(values), proof);
      setSuccess(PROFILE_MESSAGES.passwordChanged);
      setMessage(null);
      toastSuccess(text || PROFILE_MESSAGES.passwordChanged);
    },
    // The first server error, else its message, else 'There is something wrong' (001 §8, AD-13).
    onError(text, error) {
      setMessage(text);
      if (error instanceof ApiError && error.errors) setErrors(error.errors);
      toastError(text);
    },
  });

  const change = (field: keyof TChangePasswordForm) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
  };

  function submit(event: FormEvent): void {
    event.preventDefault();
    if (success) return;
    const first = firstFormError(ZChangePasswordForm.safeParse(values));
    setErrors(first ? { [first.field]: [first.message] } : {});
    setMessage(first?.message ?? null);
    if (!first) void flow.start();
  }

  // The code and captcha dialogs sit outside the form: their own form's submit would bubble into it.
  return (
    <>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {success ? (
            <Alert color="green" role="status">
              {success}
            </Alert>
          ) : null}
          {message ? (
            <Alert color="red" role="alert">
              {message}
            </Alert>
          ) : null}
          <PasswordInput
            label="Old Password"
            autoComplete="current-password"
            value={values.oldPassword}
            onChange={change('oldPassword')}
            error={errors.oldPassword?.[0]}
            required
          />
          <PasswordInput
            label={
              <Group component="span" gap={4} wrap="nowrap" display="inline-flex">
                New Password
                <Tooltip label={PROFILE_MESSAGES.passwordHistoryHint} withArrow multiline w={220}>
                  <IconInfoCircle size={15} aria-hidden data-testid="password-history-hint" />
                </Tooltip>
              </Group>
            }
            aria-describedby={HINT_ID}
            autoComplete="new-password"
            value={values.password}
            onChange={change('password')}
            error={errors.password?.[0]}
            required
          />
          <VisuallyHidden id={HINT_ID}>{PROFILE_MESSAGES.passwordHistoryHint}</VisuallyHidden>
          <PasswordInput
            label="Confirm Password"
            autoComplete="new-password"
            value={values.passwordConfirmation}
            onChange={change('passwordConfirmation')}
            error={errors.passwordConfirmation?.[0]}
            required
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={Boolean(success)}>
              Cancel
            </Button>
            <Button type="submit" loading={flow.isRequesting} disabled={Boolean(success)}>
              Change Password
            </Button>
          </Group>
        </Stack>
      </form>
      {flow.dialogs}
    </>
  );
}
