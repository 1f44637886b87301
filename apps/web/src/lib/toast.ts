import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@sanad/contracts/constants';
import { MAILBOX_MESSAGES } from '@sanad/contracts/mailbox';
import { SEGMENT_MESSAGES } from '@sanad/contracts/data-segments';
import { STAFF_MESSAGES } from '@sanad/contracts/users';
import { isMailboxOn } from './mailbox-status';

/** The server's answers that say an e-mail went out. */
const MAIL_SENT_MESSAGES: ReadonlySet<string> = new Set([
  STAFF_MESSAGES.userCreated,
  STAFF_MESSAGES.invitationResent,
  STAFF_MESSAGES.teamMemberAdded,
  SEGMENT_MESSAGES.createdWithInvitation,
]);

/** A message saying an e-mail was sent, completed with where it really is when no mail server is set up. */
export function withMailboxHint(message: string, isMailboxShown: boolean): string {
  return isMailboxShown && MAIL_SENT_MESSAGES.has(message) ? `${message}. ${MAILBOX_MESSAGES.toastHint}` : message;
}

/** Toasts show bottom-right for 3 seconds; one that points to the mailbox stays longer, to be read. */
export function toastSuccess(message: string): void {
  const shown = withMailboxHint(message, isMailboxOn());
  notifications.show({ message: shown, color: 'green', autoClose: shown === message ? TOAST_DURATION_MS : TOAST_DURATION_MS * 3 });
}

export function toastError(message: string, autoClose: number = TOAST_DURATION_MS): void {
  notifications.show({ message, color: 'red', autoClose });
}
