import type { Permission } from './permissions';

/**
 * Notification rules without zod, so the signed-in shell can use them without loading a schema
 * library; notifications.ts holds the schemas the server validates with.
 */

/** The category whose description is a link rather than text. */
export const EXTERNAL_CATEGORY = 'external';

/** How often the header bell asks for the unread count; no push channel is needed. */
export const NOTIFICATION_POLL_INTERVAL_MS = 60_000;

/** Either opens the caller's own inbox: the bell (notification-bar) and /notifications (view-notifications). */
export const NOTIFICATION_READ_PERMISSIONS: readonly Permission[] = ['notification-bar', 'view-notifications'];

export const NOTIFICATION_TITLE_MAX = 150;
export const NOTIFICATION_DESCRIPTION_MAX = 2000;

/** Only web links may be sent as an external notification: never javascript:, data: or file:. */
export function isSafeExternalUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return false;
  }
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0;
}
