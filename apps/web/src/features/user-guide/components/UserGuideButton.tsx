import { Button } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import type { TProfile } from '@sanad/contracts/session';
import { UserGuideDialog } from './UserGuideDialog';

/**
 * The header's User Guide button. It moves between the header and the burger menu as the screen
 * widens or narrows, so it holds no state: the layout keeps whether the guide is open and renders
 * the dialog once (UserGuide), and an open guide survives the move.
 */
export function UserGuideButton({ onOpen }: { onOpen: () => void }) {
  return (
    <Button variant="subtle" size="xs" leftSection={<IconHelpCircle size={16} />} onClick={onOpen} aria-haspopup="dialog">
      User Guide
    </Button>
  );
}

/** The user guide dialog for this user: lite accounts get the lite guide; configuration users may manage its files. */
export function UserGuide({
  user,
  dataSegmentId,
  opened,
  onClose,
}: {
  user: TProfile;
  dataSegmentId: string | null;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <UserGuideDialog
      opened={opened}
      onClose={onClose}
      edition={user.accountType === 'lite' ? 'lite' : 'standard'}
      dataSegmentId={dataSegmentId}
      canManage={user.scopes.includes('configurations')}
    />
  );
}
