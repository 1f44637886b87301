import { Alert, Anchor, Group, Progress, Text } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSubscriptionSummary } from '../api/get-subscription-summary';

/**
 * The trial banner (001 §2): shown while the active segment's subscription is trial, with the
 * onboardings used out of the tier. The shell leaves it out on public registration pages.
 */
export function TrialBanner({ dataSegmentId, canUpgrade }: { dataSegmentId: string | null; canUpgrade: boolean }) {
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
        <Text size="sm">
          {data.counter} of {data.tier} onboardings used
        </Text>
        <Progress
          value={data.tier > 0 ? (used / data.tier) * 100 : 100}
          w={{ base: '100%', sm: 220 }}
          aria-label="Onboardings used"
          color="accent"
        />
        {canUpgrade ? (
          <Anchor component={Link} to="/billing" size="sm" fw={600}>
            Upgrade to keep onboarding
          </Anchor>
        ) : null}
      </Group>
    </Alert>
  );
}
