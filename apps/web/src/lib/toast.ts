import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@sanad/contracts/constants';

/** Toasts show bottom-right for 3 seconds (001 §9); the position is set on the provider. */
export function toastSuccess(message: string): void {
  notifications.show({ message, color: 'green', autoClose: TOAST_DURATION_MS });
}

export function toastError(message: string, autoClose: number = TOAST_DURATION_MS): void {
  notifications.show({ message, color: 'red', autoClose });
}
