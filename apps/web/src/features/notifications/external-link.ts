import type { TNotification } from '@sanad/contracts/notifications';
import { EXTERNAL_CATEGORY, isSafeExternalUrl } from '@sanad/contracts/notification-rules';

/**
 * The link of an 'external' notification (its description), or null: other categories are text,
 * and anything but an http(s) address is never turned into a link.
 */
export function externalLinkOf(notification: Pick<TNotification, 'category' | 'description'>): string | null {
  if (notification.category !== EXTERNAL_CATEGORY || !isSafeExternalUrl(notification.description)) return null;
  return new URL(notification.description.trim()).href;
}
