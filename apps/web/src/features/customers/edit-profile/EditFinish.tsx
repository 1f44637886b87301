import { Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TCustomerDetail } from '@sanad/contracts/customers';
import { StatusBadge } from '../../../components/StatusBadge';
import { RiskBadge } from '../components/CustomerBadges';
import { customerProfilePath } from '../paths';

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

/** The last step: the saved version, the new risk level and screening result, and the way back to the profile. */
export function EditFinish({ customer, savedVersion }: { customer: TCustomerDetail; savedVersion: number | null }) {
  return (
    <Stack gap="lg">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon color="green" variant="light" size="xl" radius="xl">
          <IconCircleCheck size={26} aria-hidden />
        </ThemeIcon>
        <div>
          <Title order={2} size="h4">
            {savedVersion ? 'Profile saved' : 'Customer profile'}
          </Title>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {savedVersion
              ? `${customer.fullName} has been screened and rated again.`
              : `${customer.fullName}: nothing was saved in this tab.`}
          </Text>
        </div>
      </Group>
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" verticalSpacing="md">
          <Fact label="Version">
            <Text fw={700} data-testid="saved-version">
              {customer.version}
            </Text>
          </Fact>
          <Fact label="Risk level">
            <RiskBadge level={customer.riskLevel} />
          </Fact>
          <Fact label="Screening hits">
            <Text fw={700}>{customer.hits.length}</Text>
          </Fact>
          <Fact label="KYC status">
            <StatusBadge status={customer.kycStatus} />
          </Fact>
        </SimpleGrid>
      </Paper>
      <Group>
        <Button component={Link} to={customerProfilePath(customer._id)}>
          Open profile
        </Button>
      </Group>
    </Stack>
  );
}
