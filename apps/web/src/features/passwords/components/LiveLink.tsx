import type { ReactNode } from 'react';
import { Alert, Button } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PASSWORD_MESSAGES, type TPasswordLinkPurpose } from '@sanad/contracts/passwords';
import { Loading } from '../../../components/Loading';
import { usePasswordLink } from '../api/check-password-link';

/**
 * Shows its children (the new-password form) only for a live link of one of `purposes`; a used,
 * expired or unknown link is said to be invalid as the page opens, with the way to a new one.
 */
export function LiveLink({ token, purposes, children }: { token: string; purposes: readonly TPasswordLinkPurpose[]; children: ReactNode }) {
  const link = usePasswordLink(token);
  if (link.isPending && token) return <Loading />;
  if (link.data && purposes.includes(link.data)) return children;
  return (
    <>
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        {PASSWORD_MESSAGES.invalidLink}
      </Alert>
      <Button component={Link} to="/users/forgot-password" variant="light" fullWidth>
        Request a new link
      </Button>
    </>
  );
}
