import { Suspense, lazy, useState } from 'react';
import { Avatar, Group, Menu, Modal, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconCreditCard, IconKey, IconLogout, IconUserEdit } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { TProfile } from '@sanad/contracts/session';
import { DEFAULT_COUNTRY } from '@sanad/contracts/constants';
import { Loading } from '../../components/Loading';
import { api } from '../../lib/api-client';
import { getToken, readTokenClaims } from '../../lib/session';
import { signOut } from '../../lib/sign-out';
import { toastError } from '../../lib/toast';

// The dialogs (and the form schemas they carry) load when first opened, keeping them out of the shell's first load.
const ChangePasswordDialog = lazy(() =>
  import('../../features/profile/ChangePasswordDialog').then((module) => ({ default: module.ChangePasswordDialog })),
);
const UpdateProfileDialog = lazy(() =>
  import('../../features/profile/UpdateProfileDialog').then((module) => ({ default: module.UpdateProfileDialog })),
);

type ProfileDialogName = 'profile' | 'password';

const DIALOG_TITLES: Record<ProfileDialogName, string> = { profile: 'Update Profile', password: 'Change Password' };

/** Stands in for a profile dialog while its code loads, so the click shows at once. */
function DialogLoading({ name, onClose }: { name: ProfileDialogName; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={DIALOG_TITLES[name]} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Loading />
    </Modal>
  );
}

function initials(user: TProfile): string {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
}

/** Billing & Accounts opens the payment provider's portal; it is hidden for Pakistan (001 §2). */
function isBillingPortalShown(): boolean {
  const country = readTokenClaims(getToken())?.dataSegment?.configurations.country;
  return (typeof country === 'string' ? country : DEFAULT_COUNTRY) !== 'PK';
}

async function openBillingPortal(): Promise<void> {
  try {
    const { data } = await api.post<{ session: string }>('users/billing');
    window.location.assign(data.session);
  } catch (error) {
    toastError(error instanceof Error ? error.message : 'There is something wrong');
  }
}

export function ProfileMenu({ user }: { user: TProfile }) {
  const navigate = useNavigate();
  const [openDialog, setOpenDialog] = useState<ProfileDialogName | null>(null);

  const closeDialog = () => setOpenDialog(null);

  async function onSignOut(): Promise<void> {
    const { error, isLeaving } = await signOut();
    if (error) toastError(error);
    if (!isLeaving) await navigate('/');
  }

  return (
    <>
      <Menu position="bottom-end" width={220} withinPortal>
        <Menu.Target>
          <UnstyledButton data-testid="profile-menu">
            <Group gap="xs" wrap="nowrap">
              <Avatar
                src={user.avatar ? `/api/files/${encodeURIComponent(user.avatar.fileName)}` : null}
                radius="xl"
                color="brand"
                aria-hidden
              >
                {initials(user)}
              </Avatar>
              <div>
                <Text size="sm" fw={600} lh={1.2}>
                  {user.firstName} {user.lastName}
                </Text>
                <Text size="xs" c="dimmed" lh={1.2} data-testid="role-name">
                  {user.roleName}
                </Text>
              </div>
              <IconChevronDown size={14} aria-hidden />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconUserEdit size={16} />} onClick={() => setOpenDialog('profile')}>
            Update Profile
          </Menu.Item>
          <Menu.Item leftSection={<IconKey size={16} />} onClick={() => setOpenDialog('password')}>
            Change Password
          </Menu.Item>
          {isBillingPortalShown() ? (
            <Menu.Item leftSection={<IconCreditCard size={16} />} onClick={() => void openBillingPortal()}>
              Billing &amp; Accounts
            </Menu.Item>
          ) : null}
          <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void onSignOut()}>
            Sign Out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Suspense fallback={openDialog ? <DialogLoading name={openDialog} onClose={closeDialog} /> : null}>
        {openDialog === 'profile' ? <UpdateProfileDialog opened user={user} onClose={closeDialog} /> : null}
        {openDialog === 'password' ? <ChangePasswordDialog opened onClose={closeDialog} /> : null}
      </Suspense>
    </>
  );
}
