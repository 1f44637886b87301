import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHelpCircle } from '@tabler/icons-react';
import type { TProfile } from '@sanad/contracts/session';
import { UserGuideDialog } from './UserGuideDialog';

/** The header's User Guide button, for users with the userGuide flag; lite accounts get the lite guide. */
export function UserGuideButton({ user, dataSegmentId }: { user: TProfile; dataSegmentId: string | null }) {
  const [isOpen, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="subtle" size="xs" leftSection={<IconHelpCircle size={16} />} onClick={open} aria-haspopup="dialog">
        User Guide
      </Button>
      <UserGuideDialog
        opened={isOpen}
        onClose={close}
        edition={user.accountType === 'lite' ? 'lite' : 'standard'}
        dataSegmentId={dataSegmentId}
        canManage={user.scopes.includes('configurations')}
      />
    </>
  );
}
