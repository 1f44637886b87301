import { Alert, Group, Progress, Text } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useSubscriptionSummary } from '../api/get-subscription-summary';

/** What the banner says about the trial's allowance: never "0 of 0", which reads like an error. */
export function allowanceText(counter: number, tier: number): string {
  if (tier <= 0) return counter > 0 ? `${counter} onboardings used` : 'No onboardings are included in this trial yet';
  return `${counter} of ${tier} onboardings used`;
}

/**
 * The trial banner: shown while the active segment's subscription is trial, with the onboardings
 * used out of the tier. The shell leaves it out on public registration pages. It links nowhere:
 * the billing pages an Upgrade link would open do not exist yet, and a link to a missing page is
 * worse than none (`canUpgrade`, for holders of subscribe-package, is for when they do).
 */
export function TrialBanner({ dataSegmentId }: { dataSegmentId: string | null; canUpgrade?: boolean }) {
  const { data } = useSubscriptionSummary(dataSegmentId);
  if (!data || data.subscription !== 'trial') return null;
  const used = Math.min(data.counter, data.tier);
  return (
    <Alert
      color="accent"
      variant="light"
      icon={<IconHourglass size={18} />}
      mb="md"
      role="status"
      data-testid="trial-banner"
      title="Trial account"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{allowanceText(data.counter, data.tier)}</Text>
        {data.tier > 0 ? (
          <Progress value={(used / data.tier) * 100} w={{ base: '100%', sm: 220 }} aria-label="Onboardings used" color="accent" />
        ) : null}
      </Group>
    </Alert>
  );
}
