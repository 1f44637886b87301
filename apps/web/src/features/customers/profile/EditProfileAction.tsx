import { Button } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { Link } from 'react-router';
import { hasAnyPermission } from '@sanad/contracts/permissions';
import { useSessionUser } from '../../../lib/session';
import { editProfilePath } from '../edit-profile/edit-steps';

/** 'Edit Profile' on a customer's page, for users with edit-profile: opens the edit steps at setup-profile. */
export function EditProfileAction({ customerId }: { customerId: string }) {
  const user = useSessionUser();
  if (!hasAnyPermission(user?.scopes ?? [], ['edit-profile'])) return null;
  return (
    <Button
      component={Link}
      to={editProfilePath('setup-profile', customerId)}
      variant="light"
      leftSection={<IconEdit size={16} aria-hidden />}
    >
      Edit Profile
    </Button>
  );
}
