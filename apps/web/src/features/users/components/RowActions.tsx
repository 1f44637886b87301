import { ActionIcon, Menu } from '@mantine/core';
import { IconArchive, IconDots, IconMailForward, IconPencil, IconRefresh } from '@tabler/icons-react';

/**
 * The action column: edit, and the status changes the row's status allows (a pending account is
 * archived or sent its invitation again, never activated by hand), plus extra actions some rows offer.
 */
export function RowActions({
  label,
  statusChange,
  onEdit,
  onChangeStatus,
  onResendInvitation,
}: {
  /** Names the row for assistive technology: 'Actions for Amina Rahman'. */
  label: string;
  /** The status change offered, if any. */
  statusChange: 'archived' | 'active' | null;
  onEdit: () => void;
  onChangeStatus: () => void;
  onResendInvitation?: () => void;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${label}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
          Edit
        </Menu.Item>
        {onResendInvitation ? (
          <Menu.Item leftSection={<IconMailForward size={16} />} onClick={onResendInvitation}>
            Resend invitation
          </Menu.Item>
        ) : null}
        {statusChange === 'archived' ? (
          <Menu.Item leftSection={<IconArchive size={16} />} color="red" onClick={onChangeStatus}>
            Archive
          </Menu.Item>
        ) : null}
        {statusChange === 'active' ? (
          <Menu.Item leftSection={<IconRefresh size={16} />} onClick={onChangeStatus}>
            Activate
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The confirmation names the change by the status it starts from: active items archive, the others activate. */
export function confirmationStatus(change: 'archived' | 'active'): string {
  return change === 'archived' ? 'active' : 'archived';
}
