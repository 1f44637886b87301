import { useState } from 'react';
import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { IconDownload } from '@tabler/icons-react';
import dayjs from 'dayjs';
import '@mantine/dates/styles.css';
import { LOG_MODULE_LABELS, type LogModule } from '@sanad/contracts/log-modules';
import { ColumnChart } from '../../components/ColumnChart';
import { FigureCard } from '../../components/FigureCard';
import { NoRecords } from '../../components/NoRecords';
import { useSessionUser } from '../../lib/session';
import { FILTER_DATE_FORMAT, toDay } from '../../lib/format';
import { toastError } from '../../lib/toast';
import { exportActivityDashboard, useActivityDashboard, type ActivityRange } from './api/get-activity-dashboard';
import { ErrorAlert } from '../../components/form/ErrorAlert';

function defaultRange(): ActivityRange {
  return { from: toDay(dayjs().subtract(29, 'day').toDate()), to: toDay(new Date()) };
}

/** The signed-in landing page: sign-ins and actions over time, from the audit trail. */
export default function ActivityDashboardPage() {
  const user = useSessionUser();
  const [range, setRange] = useState<ActivityRange>(defaultRange);
  const [picker, setPicker] = useState<DatesRangeValue<string>>([range.from, range.to]);
  const [isExporting, setExporting] = useState(false);
  const [today] = useState(() => toDay(new Date()));
  const { data, error, isPending, isFetching } = useActivityDashboard(range);
  const canExport = Boolean(user?.scopes.includes('export-activity-dashboard'));

  function onRangeChange(value: DatesRangeValue<string>): void {
    setPicker(value);
    const [from, to] = value;
    if (from && to) setRange({ from: toDay(from), to: toDay(to) });
  }

  async function onExport(): Promise<void> {
    setExporting(true);
    try {
      await exportActivityDashboard(range);
    } catch (caught) {
      toastError(caught instanceof Error ? caught.message : 'There is something wrong');
    } finally {
      setExporting(false);
    }
  }

  const hasActivity = Boolean(data && data.totals.actions > 0);
  const hasReviewWork = Boolean(data && data.totals.customersOnboarded + data.totals.alertsRaised + data.totals.alertsDecided > 0);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Activity Dashboard
          </Title>
          <Text c="dimmed">Sign-ins and actions recorded in the audit trail.</Text>
        </div>
        <Group align="flex-end">
          <DatePickerInput
            type="range"
            label="Date range"
            valueFormat={FILTER_DATE_FORMAT}
            value={picker}
            onChange={onRangeChange}
            maxDate={today}
            miw={300}
            allowSingleDateInRange
          />
          {canExport ? (
            <Button leftSection={<IconDownload size={16} />} variant="default" loading={isExporting} onClick={() => void onExport()}>
              Export
            </Button>
          ) : null}
        </Group>
      </Group>

      <ErrorAlert message={error?.message} />

      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <FigureCard label="Sign-ins" value={data?.totals.signIns} />
        <FigureCard label="Total actions" value={data?.totals.actions} />
        <FigureCard label="Active users" value={data?.totals.activeUsers} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <FigureCard label="Customers onboarded" value={data?.totals.customersOnboarded} />
        <FigureCard label="Alerts raised" value={data?.totals.alertsRaised} />
        <FigureCard label="Alerts decided" value={data?.totals.alertsDecided} />
      </SimpleGrid>

      <Card withBorder radius="md" p="lg" aria-busy={isFetching}>
        <Title order={2} size="h4" mb="md">
          Total actions
        </Title>
        {isPending ? (
          <Skeleton h={280} />
        ) : hasActivity && data ? (
          <ColumnChart
            description="Sign-ins and total actions per day"
            data={data.days.map((day) => ({ label: day.date, values: { actions: day.actions, signIns: day.signIns } }))}
            series={[
              { key: 'actions', label: 'Actions', color: 'var(--mantine-color-brand-6)' },
              { key: 'signIns', label: 'Sign-ins', color: 'var(--mantine-color-accent-6)' },
            ]}
          />
        ) : (
          <NoRecords message="No activity in this period" />
        )}
      </Card>

      <Card withBorder radius="md" p="lg" aria-busy={isFetching}>
        <Title order={2} size="h4" mb="md">
          Onboarding and review
        </Title>
        {isPending ? (
          <Skeleton h={280} />
        ) : hasReviewWork && data ? (
          <ColumnChart
            description="Customers onboarded, alerts raised and alerts decided per day"
            data={data.days.map((day) => ({
              label: day.date,
              values: { onboarded: day.customersOnboarded, raised: day.alertsRaised, decided: day.alertsDecided },
            }))}
            series={[
              { key: 'onboarded', label: 'Customers onboarded', color: 'var(--mantine-color-brand-6)' },
              { key: 'raised', label: 'Alerts raised', color: 'var(--mantine-color-red-6)' },
              { key: 'decided', label: 'Alerts decided', color: 'var(--mantine-color-teal-6)' },
            ]}
          />
        ) : (
          <NoRecords message="No customers onboarded and no alerts in this period" />
        )}
      </Card>

      <Card withBorder radius="md" p="lg">
        <Title order={2} size="h4" mb="md">
          Actions by module
        </Title>
        {data && data.byModule.length > 0 ? (
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Module</Table.Th>
                <Table.Th ta="right">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.byModule.map((row) => (
                <Table.Tr key={row.module}>
                  <Table.Td>{LOG_MODULE_LABELS[row.module as LogModule] ?? row.module}</Table.Td>
                  <Table.Td ta="right">{row.count.toLocaleString()}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : isPending ? (
          <Skeleton h={120} />
        ) : (
          <NoRecords />
        )}
      </Card>
    </Stack>
  );
}
