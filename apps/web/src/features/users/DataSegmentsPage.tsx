import { Button, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { SEGMENT_STATUSES, type TDataSegmentRow } from '@sanad/contracts/data-segments';
import { filterText } from '@sanad/contracts/status-labels';
import type { Column } from '../../components/data-table/DataTable';
import { segmentChoicesQuery } from '../../lib/data-segments';
import { formatDate } from '../../lib/format';
import { useSessionUser } from '../../lib/session';
import { DATA_SEGMENT_ENDPOINTS } from '@sanad/contracts/data-segments.endpoints';
import { saveDataSegment } from './api/save-data-segment';
import { DataSegmentFormModal } from './components/DataSegmentFormModal';
import { RowActions } from './components/RowActions';
import { segmentFormFrom, segmentPayload } from './segment-form';
import { SubscriptionBadge } from './components/SubscriptionBadge';
import { useUsersList } from './components/use-users-list';
import { UsersListLayout } from './components/UsersListLayout';

/** Sales lead, deal, payment method and period on two short lines; '-' when none is set. */
function PackageDetails({ row }: { row: TDataSegmentRow }) {
  const details = row.packageDetailsObj;
  const terms = [details.salesLead, details.dealType, details.paymentMethod].filter(Boolean).join(' · ');
  const period = [details.subscriptionDate, details.expiryDate].some(Boolean)
    ? `${details.subscriptionDate ? formatDate(details.subscriptionDate) : '-'} to ${details.expiryDate ? formatDate(details.expiryDate) : '-'}`
    : '';
  if (!terms && !period) return '-';
  return (
    <Stack gap={0} style={{ whiteSpace: 'nowrap' }}>
      {terms ? <Text size="xs">{terms}</Text> : null}
      {period ? (
        <Text size="xs" c="dimmed">
          {period}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A value over a dimmed detail line (the detail left out when empty). */
function TwoLines({ main, detail, isStrong = false }: { main: string; detail: string; isStrong?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={isStrong ? 600 : undefined}>
        {main}
      </Text>
      {detail ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {detail}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Bytes in the largest unit that keeps the figure readable: '0 MB', '420 MB', '9.8 GB'. */
export function formatMegabytes(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  if (megabytes >= 1024) return `${(megabytes / 1024).toFixed(megabytes >= 10 * 1024 ? 0 : 1)} GB`;
  return `${megabytes >= 10 || megabytes === 0 ? Math.round(megabytes) : megabytes.toFixed(1)} MB`;
}

/**
 * Data segments, the client tenants. The list asks for every segment the user may see:
 * the active segment it sends is checked, not used as a filter.
 */
export default function DataSegmentsPage() {
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const list = useUsersList(DATA_SEGMENT_ENDPOINTS.list);
  const canManage = Boolean(user?.scopes.includes('manage-data-segments'));
  const isOperator = user?.dataSegmentIds.length === 0;

  async function saveStatus(row: TDataSegmentRow, status: string) {
    const saved = await saveDataSegment({
      ...segmentPayload(segmentFormFrom(row), row, true),
      status: status === 'archived' ? 'archived' : 'active',
    });
    // The header's segment switcher lists segments too.
    void queryClient.invalidateQueries({ queryKey: segmentChoicesQuery().queryKey });
    return saved;
  }

  /** Operators edit, archive and activate segments; other managers may only edit them. */
  const actions = (row: TDataSegmentRow) =>
    isOperator ? (
      <RowActions
        label={row.companyName}
        statusChange={row.status === 'active' ? 'archived' : 'active'}
        onEdit={() => list.openForm(row)}
        onChangeStatus={() => list.select(row)}
      />
    ) : (
      <Button size="xs" variant="subtle" onClick={() => list.openForm(row)} aria-label={`Edit ${row.companyName}`}>
        Edit
      </Button>
    );

  // Related fields share a cell (a name over its detail), so status and action stay in view at 1440 px.
  const columns: Column<TDataSegmentRow>[] = [
    {
      key: 'companyName',
      title: 'Client',
      render: (row) => <TwoLines main={row.companyName} detail={row.title} isStrong />,
    },
    { key: 'fullName', title: 'Contact person', render: (row) => <TwoLines main={filterText(row.fullName)} detail={row.email} /> },
    { key: 'ref', title: 'Ref', render: (row) => filterText(row.ref) },
    {
      key: 'subscription',
      title: 'Subscription',
      render: (row) => (
        <Stack gap={2} align="flex-start">
          <SubscriptionBadge subscription={row.subscription} />
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {`${row.subscriptionCount} ${row.subscriptionCount === 1 ? 'subscription' : 'subscriptions'}`}
          </Text>
        </Stack>
      ),
    },
    { key: 'package', title: 'Package', sortable: false, render: (row) => <PackageDetails row={row} /> },
    {
      key: 'counter',
      title: 'Onboarded',
      render: (row) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {`${row.counter} of ${row.tier}`}
        </Text>
      ),
    },
    {
      key: 'storage',
      title: 'Storage',
      sortable: false,
      render: (row) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {`${formatMegabytes(row.storageUsedBytes)} of ${formatMegabytes(row.storageQuotaMb * 1024 * 1024)}`}
        </Text>
      ),
    },
    {
      key: 'nextReview',
      title: 'Next review',
      sortable: false,
      render: (row) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {`${row.nextReview.duration} ${row.nextReview.duration === 1 ? 'year' : 'years'}`}
        </Text>
      ),
    },
  ];

  return (
    <UsersListLayout
      heading="Users"
      hasTabs
      caption="Data segments"
      columns={columns}
      renderActions={canManage ? actions : null}
      list={list}
      statuses={SEGMENT_STATUSES}
      searchPlaceholder="Search clients or contacts"
      add={canManage && isOperator ? { label: 'Add data segment', icon: <IconPlus size={16} /> } : null}
      statusItem={(row) => ({ _id: row._id, title: row.companyName, status: row.status })}
      saveStatus={saveStatus}
    >
      {list.form ? <DataSegmentFormModal key={list.form.key} row={list.form.row} isOperator={isOperator} onClose={list.closeForm} /> : null}
    </UsersListLayout>
  );
}
