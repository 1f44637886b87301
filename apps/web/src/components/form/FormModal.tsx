import { Modal, type ModalProps } from '@mantine/core';
import { SaveForm, type SaveFormProps } from './SaveForm';

type FormModalProps = Omit<SaveFormProps, 'onCancel'> & { opened?: boolean; title: string; size: ModalProps['size']; onClose: () => void };

/** A centred dialog around a SaveForm whose Cancel closes it; the close button is named for assistive technology. */
export function FormModal({ opened = true, title, size, onClose, ...form }: FormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <SaveForm {...form} onCancel={onClose} />
    </Modal>
  );
}
