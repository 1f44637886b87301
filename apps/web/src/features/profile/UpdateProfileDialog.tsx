import { TextInput } from '@mantine/core';
import { ZProfileForm } from '@sanad/contracts/profile';
import type { TProfile } from '@sanad/contracts/session';
import { saveProfile } from '../../lib/session';
import { toastSuccess } from '../../lib/toast';
import { ProfileDialog, ProfileForm } from './components/ProfileDialog';
import { updateProfile } from './api/update-profile';
import { useProfileForm } from './use-profile-form';

/** A refused update shows the server's message as an error toast for 2 seconds. */
const UPDATE_ERROR_TOAST_MS = 2_000;

/**
 * Update Profile: validate; if valid, request a code and open the code dialog;
 * after the captcha, submit; the session user is replaced by the returned profile.
 */
export function UpdateProfileDialog({ opened, user, onClose }: { opened: boolean; user: TProfile; onClose: () => void }) {
  return (
    <ProfileDialog opened={opened} title="Update Profile" onClose={onClose}>
      <UpdateProfileForm user={user} onClose={onClose} />
    </ProfileDialog>
  );
}

function UpdateProfileForm({ user, onClose }: { user: TProfile; onClose: () => void }) {
  const form = useProfileForm({
    initial: { firstName: user.firstName, lastName: user.lastName, email: user.email },
    schema: ZProfileForm,
    purpose: 'update-profile',
    async send(values, proof) {
      const { message: saved, data } = await updateProfile(user._id, values, proof);
      saveProfile(data);
      toastSuccess(saved);
      onClose();
    },
    errorToastMs: UPDATE_ERROR_TOAST_MS,
  });

  return (
    <ProfileForm form={form} submitLabel="Update Profile" onClose={onClose}>
      <TextInput
        label="First Name"
        autoComplete="given-name"
        value={form.values.firstName}
        onChange={form.change('firstName')}
        error={form.errorOf('firstName')}
        required
      />
      <TextInput
        label="Last Name"
        autoComplete="family-name"
        value={form.values.lastName}
        onChange={form.change('lastName')}
        error={form.errorOf('lastName')}
        required
      />
      <TextInput
        label="Email"
        type="email"
        autoComplete="email"
        value={form.values.email}
        onChange={form.change('email')}
        error={form.errorOf('email')}
        required
      />
    </ProfileForm>
  );
}
