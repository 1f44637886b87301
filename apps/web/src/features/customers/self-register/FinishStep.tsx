import { Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { RiskBadge } from '../components/CustomerBadges';
import { StatusBadge } from '../../../components/StatusBadge';
import { useT } from '../../../lib/i18n/use-t';
import { customerProfilePath } from '../paths';
import type { RegisteredCustomer } from './draft';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

/** Step 7: the registered customer's Sanad ID, risk level and screening hits, and the way to their profile. */
export function FinishStep({ customer, onRegisterAnother }: { customer: RegisteredCustomer; onRegisterAnother: () => void }) {
  const { t } = useT();
  return (
    <Stack gap="lg" align="stretch">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon color="green" variant="light" size="xl" radius="xl">
          <IconCircleCheck size={26} aria-hidden />
        </ThemeIcon>
        <div>
          <Title order={3} size="h4">
            {t('finish.registered')}
          </Title>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('finish.screened', { name: customer.fullName })}
          </Text>
        </div>
      </Group>
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" verticalSpacing="md">
          <Fact label={t('finish.sanadId')}>
            <Text fw={700} data-testid="sanad-id" dir="ltr">
              {customer.sanadId}
            </Text>
          </Fact>
          <Fact label={t('finish.risk')}>
            <RiskBadge level={customer.riskLevel} />
          </Fact>
          <Fact label={t('finish.hits')}>
            <Text fw={700} data-testid="hit-count">
              {customer.hitCount}
            </Text>
          </Fact>
          <Fact label={t('finish.kyc')}>
            <StatusBadge status={customer.kycStatus} />
          </Fact>
        </SimpleGrid>
      </Paper>
      <Group gap="sm" grow preventGrowOverflow={false}>
        <Button component={Link} to={customerProfilePath(customer._id)}>
          {t('finish.openProfile')}
        </Button>
        <Button variant="default" onClick={onRegisterAnother}>
          {t('finish.another')}
        </Button>
      </Group>
    </Stack>
  );
}
