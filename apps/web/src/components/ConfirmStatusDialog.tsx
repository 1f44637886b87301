import { Button, Group, Modal, Text } from '@mantine/core';

export interface StatusItem {
  _id: string;
  title?: string | null;
  status: string;
}

/** An active item can be archived; any other item can be made active. */
export function nextStatus(status: string): 'archived' | 'active' {
  return status === 'active' ? 'archived' : 'active';
}

export function confirmationText(item: StatusItem): string {
  const verb = nextStatus(item.status) === 'archived' ? 'archive' : 'activate';
  return `Are you sure you want to ${verb} ${item.title?.trim() ? item.title : 'this'}?`;
}

/**
 * The status-toggle confirmation: it cannot be closed by the backdrop or Esc; Cancel clears the
 * selected item; confirming hands the whole item with its new status to the caller.
 */
export function ConfirmStatusDialog({
  item,
  isSaving,
  onCancel,
  onConfirm,
}: {
  item: StatusItem | null;
  isSaving: boolean;
  onCancel: () => void;
  onConfirm: (item: StatusItem) => void;
}) {
  return (
    <Modal
      opened={item !== null}
      onClose={onCancel}
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
      centered
      title="Please confirm"
    >
      <Text mb="lg">{item ? confirmationText(item) : ''}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={isSaving}>
          Cancel
        </Button>
        <Button
          color={item && nextStatus(item.status) === 'archived' ? 'red' : 'brand'}
          loading={isSaving}
          onClick={() => item && onConfirm({ ...item, status: nextStatus(item.status) })}
        >
          {item && nextStatus(item.status) === 'archived' ? 'Archive' : 'Activate'}
        </Button>
      </Group>
    </Modal>
  );
}
