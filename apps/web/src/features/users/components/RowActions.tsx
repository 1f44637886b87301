import { ActionIcon, Menu } from '@mantine/core';
import { IconArchive, IconDots, IconMailForward, IconPencil, IconRefresh } from '@tabler/icons-react';
import { nextStatus } from '../../../components/ConfirmStatusDialog';

/** The action column: edit, archive or activate (001 §4), and extra actions some rows offer. */
export function RowActions({
  label,
  status,
  onEdit,
  onToggleStatus,
  onResendInvitation,
}: {
  /** Names the row for assistive technology: 'Actions for Amina Rahman'. */
  label: string;
  status: string;
  onEdit: () => void;
  onToggleStatus: () => void;
  onResendInvitation?: () => void;
}) {
  const willArchive = nextStatus(status) === 'archived';
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
        <Menu.Item
          leftSection={willArchive ? <IconArchive size={16} /> : <IconRefresh size={16} />}
          color={willArchive ? 'red' : undefined}
          onClick={onToggleStatus}
        >
          {willArchive ? 'Archive' : 'Activate'}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
