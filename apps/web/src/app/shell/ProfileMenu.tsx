import { Suspense, lazy, useState } from 'react';
import { Avatar, Group, Menu, Modal, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconCreditCard, IconKey, IconLogout, IconMail, IconUserEdit } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { TProfile } from '@sanad/contracts/session';
import { DEFAULT_COUNTRY } from '@sanad/contracts/constants';
import { Loading } from '../../components/Loading';
import { useIsRouted } from '../../lib/route-availability';
import { getToken, readTokenClaims } from '../../lib/session';
import { useStoredFile } from '../../lib/stored-file';
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

/** Billing & Accounts is hidden when the segment's country is Pakistan, as the spec says. */
function isBillingShownForCountry(): boolean {
  const country = readTokenClaims(getToken())?.dataSegment?.configurations.country;
  return (typeof country === 'string' ? country : DEFAULT_COUNTRY) !== 'PK';
}

/**
 * The profile block: Update Profile, Change Password, Billing & Accounts and Sign Out, plus the
 * built-in mailbox while no mail server is set up. On a narrow screen only the avatar shows.
 * Billing & Accounts leads to the billing area and shows once that area exists.
 */
export function ProfileMenu({
  user,
  isCompact = false,
  isMailboxOn = false,
}: {
  user: TProfile;
  isCompact?: boolean;
  isMailboxOn?: boolean;
}) {
  const navigate = useNavigate();
  const isRouted = useIsRouted();
  const [openDialog, setOpenDialog] = useState<ProfileDialogName | null>(null);
  const picture = useStoredFile(user.avatar?.fileName);

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
          {/* On a phone the button shows only the initials; its name is hidden text rather than an
              aria-label, so the name a screen reader speaks never contradicts what is seen. */}
          <UnstyledButton data-testid="profile-menu">
            {isCompact ? (
              <VisuallyHidden>
                Profile menu of {user.firstName} {user.lastName}
              </VisuallyHidden>
            ) : null}
            <Group gap="xs" wrap="nowrap">
              <Avatar src={picture.status === 'ready' ? picture.url : null} radius="xl" color="brand" aria-hidden>
                {initials(user)}
              </Avatar>
              {isCompact ? null : (
                <div>
                  <Text size="sm" fw={600} lh={1.2}>
                    {user.firstName} {user.lastName}
                  </Text>
                  <Text size="xs" c="dimmed" lh={1.2} data-testid="role-name">
                    {user.roleName}
                  </Text>
                </div>
              )}
              <IconChevronDown size={14} aria-hidden />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          {isCompact ? (
            <Menu.Label>
              {user.firstName} {user.lastName} · {user.roleName}
            </Menu.Label>
          ) : null}
          <Menu.Item leftSection={<IconUserEdit size={16} />} onClick={() => setOpenDialog('profile')}>
            Update Profile
          </Menu.Item>
          <Menu.Item leftSection={<IconKey size={16} />} onClick={() => setOpenDialog('password')}>
            Change Password
          </Menu.Item>
          {isRouted('/billing') && isBillingShownForCountry() ? (
            <Menu.Item leftSection={<IconCreditCard size={16} />} onClick={() => void navigate('/billing')}>
              Billing &amp; Accounts
            </Menu.Item>
          ) : null}
          {isMailboxOn ? (
            <Menu.Item leftSection={<IconMail size={16} />} onClick={() => void navigate('/mailbox')}>
              Mailbox
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
