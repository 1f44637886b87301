import { Badge } from '@mantine/core';
import type { TSubscription } from '@sanad/contracts/data-segments';

export const SUBSCRIPTION_LABELS: Record<TSubscription, string> = {
  trial: 'Trial',
  unpaid: 'Unpaid',
  active: 'Active',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

const TONES: Record<TSubscription, string> = { trial: 'blue', unpaid: 'orange', active: 'green', cancelled: 'gray', expired: 'red' };

/**
 * A segment's subscription; not a status badge, whose table reads trial and unpaid as rejected.
 * Its minimum width is its whole label, so a crowded table scrolls rather than cut it.
 */
export function SubscriptionBadge({ subscription }: { subscription: TSubscription }) {
  return (
    <Badge color={TONES[subscription]} variant="dot" radius="sm" tt="none" miw="max-content">
      {SUBSCRIPTION_LABELS[subscription]}
    </Badge>
  );
}
