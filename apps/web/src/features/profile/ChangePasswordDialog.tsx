import { useEffect, useState } from 'react';
import { Alert, Group, PasswordInput, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { PROFILE_MESSAGES, ZChangePasswordForm, type TChangePasswordForm } from '@sanad/contracts/profile';
import { clearSession } from '../../lib/session';
import { toastSuccess } from '../../lib/toast';
import { ProfileDialog, ProfileForm } from './components/ProfileDialog';
import { changePassword } from './api/change-password';
import { useProfileForm } from './use-profile-form';

/** After a password change the user is signed out this long after the success message. */
export const SIGN_OUT_AFTER_PASSWORD_CHANGE_MS = 2_000;

const HINT_ID = 'password-history-hint';

const EMPTY: TChangePasswordForm = { oldPassword: '', password: '', passwordConfirmation: '' };

/**
 * Change Password: old, new and confirm, each under the password rules; then the
 * same code flow as Update Profile. On success the message shows and, 2 seconds later, the user is
 * signed out here too (the server has already ended every session of theirs).
 */
export function ChangePasswordDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <ProfileDialog opened={opened} title="Change Password" onClose={onClose}>
      <ChangePasswordForm onClose={onClose} />
    </ProfileDialog>
  );
}

function ChangePasswordForm({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const [success, setSuccess] = useState<string | null>(null);

  useEffect(() => {
    if (!success) return undefined;
    const timer = window.setTimeout(() => {
      clearSession();
      void navigate('/', { replace: true });
    }, SIGN_OUT_AFTER_PASSWORD_CHANGE_MS);
    return () => window.clearTimeout(timer);
  }, [success, navigate]);

  const form = useProfileForm({
    initial: EMPTY,
    schema: ZChangePasswordForm,
    purpose: 'change-password',
    async send(values, proof) {
      const text = await changePassword(values, proof);
      setSuccess(PROFILE_MESSAGES.passwordChanged);
      toastSuccess(text || PROFILE_MESSAGES.passwordChanged);
    },
    isDone: Boolean(success),
  });

  const notice = success ? (
    <Alert color="green" role="status">
      {success}
    </Alert>
  ) : null;
  return (
    <ProfileForm form={form} submitLabel="Change Password" notice={notice} onClose={onClose}>
      <PasswordInput
        label="Old Password"
        autoComplete="current-password"
        value={form.values.oldPassword}
        onChange={form.change('oldPassword')}
        error={form.errorOf('oldPassword')}
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
        value={form.values.password}
        onChange={form.change('password')}
        error={form.errorOf('password')}
        required
      />
      <VisuallyHidden id={HINT_ID}>{PROFILE_MESSAGES.passwordHistoryHint}</VisuallyHidden>
      <PasswordInput
        label="Confirm Password"
        autoComplete="new-password"
        value={form.values.passwordConfirmation}
        onChange={form.change('passwordConfirmation')}
        error={form.errorOf('passwordConfirmation')}
        required
      />
    </ProfileForm>
  );
}
