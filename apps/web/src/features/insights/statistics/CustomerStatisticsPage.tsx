import { useState, type ReactNode } from 'react';
import { Button, Card, Group, Menu, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { IconDownload } from '@tabler/icons-react';
import '@mantine/dates/styles.css';
import { CUSTOMER_SOURCE_LABELS, CUSTOMER_SOURCES, KYC_STATUSES } from '@sanad/contracts/customers';
import { NATIONALITY_TOP, type TCustomerStatistics } from '@sanad/contracts/insights';
import { RISK_LEVELS } from '@sanad/risk/risk-level';
import { ColumnChart } from '../../../components/ColumnChart';
import { FigureCard } from '../../../components/FigureCard';
import { NoRecords } from '../../../components/NoRecords';
import { ErrorAlert } from '../../../components/form/ErrorAlert';
import { FILTER_DATE_FORMAT, toDay } from '../../../lib/format';
import { useSessionUser } from '../../../lib/session';
import { toastError } from '../../../lib/toast';
import { exportCustomerStatistics, useCustomerStatistics, type StatisticsFilters } from '../api/get-customer-statistics';
import { useRangeInAddress } from '../use-range-in-address';
import { BreakdownBars } from './BreakdownBars';

const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

const KYC_OPTIONS = KYC_STATUSES.map((value) => ({ value, label: capitalised(value) }));
const RISK_OPTIONS = RISK_LEVELS.map((value) => ({ value, label: capitalised(value) }));
const SOURCE_OPTIONS = CUSTOMER_SOURCES.map((value) => ({ value, label: CUSTOMER_SOURCE_LABELS[value] }));
const TYPE_OPTIONS = [
  { value: 'individual', label: 'Individuals' },
  { value: 'company', label: 'Companies' },
];
const STATUS_OPTIONS = [
  { value: 'active', label: 'Active only' },
  { value: 'archived', label: 'Archived only' },
];

function BreakdownCard({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" p="lg">
      <Title order={2} size="h4">
        {title}
      </Title>
      {description ? (
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      ) : null}
      <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>{children}</div>
    </Card>
  );
}

function ExportMenu({ filters }: { filters: StatisticsFilters }) {
  const [isBusy, setBusy] = useState(false);
  async function download(format: 'csv' | 'xlsx') {
    setBusy(true);
    try {
      await exportCustomerStatistics(filters, format);
    } catch (caught) {
      toastError(caught instanceof Error ? caught.message : 'There is something wrong');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={isBusy}>
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void download('csv')}>CSV (.csv)</Menu.Item>
        <Menu.Item onClick={() => void download('xlsx')}>Excel (.xlsx)</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function Breakdowns({ data }: { data: TCustomerStatistics }) {
  const total = data.totals.customers;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <BreakdownCard title="KYC status">
        <BreakdownBars buckets={data.byKycStatus} total={total} />
      </BreakdownCard>
      <BreakdownCard title="Risk level" description="The customer's current rating; not rated until the first rating.">
        <BreakdownBars buckets={data.byRiskLevel} total={total} color="accent" />
      </BreakdownCard>
      <BreakdownCard title="Screening hit type" description="A customer with hits of two types counts under each.">
        <BreakdownBars buckets={data.byHitType} total={total} color="red" />
      </BreakdownCard>
      <BreakdownCard title="Nationality" description={`The ${NATIONALITY_TOP} most frequent; the rest as Other.`}>
        <BreakdownBars buckets={data.byNationality} total={total} color="teal" />
      </BreakdownCard>
      <BreakdownCard title="Product" description="A customer holding two products counts under each.">
        <BreakdownBars buckets={data.byProduct} total={total} color="grape" />
      </BreakdownCard>
      <BreakdownCard title="Onboarding channel" description="How each customer came in.">
        <BreakdownBars buckets={data.bySource} total={total} color="indigo" />
      </BreakdownCard>
    </SimpleGrid>
  );
}

/** Customers created in a range of days, broken down by status, risk, hits, nationality, product and channel (IN-04, IN-06). */
export default function CustomerStatisticsPage() {
  const user = useSessionUser();
  const [range, setRange] = useRangeInAddress();
  const [narrowing, setNarrowing] = useState<Omit<StatisticsFilters, 'from' | 'to'>>({});
  const filters: StatisticsFilters = { ...narrowing, ...range };
  const [picker, setPicker] = useState<DatesRangeValue<string>>([range.from, range.to]);
  const [today] = useState(() => toDay(new Date()));
  const { data, error, isPending, isFetching } = useCustomerStatistics(filters);
  const canExport = Boolean(user?.scopes.includes('export-customer-statistics'));

  function onRangeChange(value: DatesRangeValue<string>): void {
    setPicker(value);
    const [from, to] = value;
    if (from && to) setRange({ from: toDay(from), to: toDay(to) });
  }

  function filterSelect<K extends 'kycStatus' | 'riskLevel' | 'source' | 'type' | 'status'>(
    key: K,
    label: string,
    options: ReadonlyArray<{ value: string; label: string }>,
  ) {
    return (
      <Select
        label={label}
        placeholder="Any"
        data={options}
        value={narrowing[key] ?? null}
        onChange={(value) => setNarrowing((current) => ({ ...current, [key]: value ?? undefined }))}
        clearable
        w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', xs: 170 }}
      />
    );
  }

  const hasCustomers = Boolean(data && data.totals.customers > 0);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Customer Statistics
          </Title>
          <Text c="dimmed">Customers created in the period, by status, risk, screening hits, nationality, product and channel.</Text>
        </div>
        {canExport ? <ExportMenu filters={filters} /> : null}
      </Group>

      <Group align="flex-end" gap="sm">
        <DatePickerInput
          type="range"
          label="Created between"
          valueFormat={FILTER_DATE_FORMAT}
          value={picker}
          onChange={onRangeChange}
          maxDate={today}
          w={{ base: '100%', xs: 300 }}
          allowSingleDateInRange
        />
        {filterSelect('kycStatus', 'KYC status', KYC_OPTIONS)}
        {filterSelect('riskLevel', 'Risk level', RISK_OPTIONS)}
        {filterSelect('source', 'Onboarding channel', SOURCE_OPTIONS)}
        {filterSelect('type', 'Customer type', TYPE_OPTIONS)}
        {filterSelect('status', 'Record status', STATUS_OPTIONS)}
      </Group>

      <ErrorAlert message={error?.message} />

      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
        <FigureCard label="Customers" value={data?.totals.customers} />
        <FigureCard label="Individuals" value={data?.totals.individuals} />
        <FigureCard label="Companies" value={data?.totals.companies} />
        <FigureCard label="With screening hits" value={data?.totals.withHits} />
        <FigureCard label="Archived now" value={data?.totals.archived} />
      </SimpleGrid>

      <Card withBorder radius="md" p="lg" aria-busy={isFetching}>
        <Title order={2} size="h4" mb="md">
          New customers per day
        </Title>
        {isPending ? (
          <Skeleton h={280} />
        ) : hasCustomers && data ? (
          <ColumnChart
            description="New individual and company customers per day"
            data={data.days.map((day) => ({ label: day.date, values: { individuals: day.individuals, companies: day.companies } }))}
            series={[
              { key: 'individuals', label: 'Individuals', color: 'var(--mantine-color-brand-6)' },
              { key: 'companies', label: 'Companies', color: 'var(--mantine-color-accent-6)' },
            ]}
          />
        ) : (
          <NoRecords message="No customers in this period" />
        )}
      </Card>

      {isPending ? <Skeleton h={320} /> : data ? <Breakdowns data={data} /> : null}
    </Stack>
  );
}
