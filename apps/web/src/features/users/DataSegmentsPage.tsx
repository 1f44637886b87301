import { Button, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { SEGMENT_STATUSES, type TDataSegmentRow } from '@sanad/contracts/data-segments';
import { filterText } from '@sanad/contracts/status-labels';
import type { Column } from '../../components/data-table/DataTable';
import { segmentChoicesQuery } from '../../lib/data-segments';
import { formatDate } from '../../lib/format';
import { useSessionUser } from '../../lib/session';
import { DATA_SEGMENTS_PATH, saveDataSegment } from './api/save-data-segment';
import { DataSegmentFormModal } from './components/DataSegmentFormModal';
import { RowActions } from './components/RowActions';
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

/**
 * Data segments, the client tenants (001 §3). The list asks for every segment the user may see:
 * the active segment it sends is checked, not used as a filter.
 */
export default function DataSegmentsPage() {
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const list = useUsersList<TDataSegmentRow>(DATA_SEGMENTS_PATH);
  const canManage = Boolean(user?.scopes.includes('manage-data-segments'));
  const isOperator = user?.dataSegmentIds.length === 0;

  async function saveStatus(row: TDataSegmentRow, status: string) {
    const saved = await saveDataSegment({ ...row, status });
    // The header's segment switcher lists segments too.
    void queryClient.invalidateQueries({ queryKey: segmentChoicesQuery().queryKey });
    return saved;
  }

  /** Operators edit, archive and activate segments; other managers may only edit them. */
  const actions = (row: TDataSegmentRow) =>
    isOperator ? (
      <RowActions label={row.companyName} status={row.status} onEdit={() => list.openForm(row)} onToggleStatus={() => list.select(row)} />
    ) : (
      <Button size="xs" variant="subtle" onClick={() => list.openForm(row)} aria-label={`Edit ${row.companyName}`}>
        Edit
      </Button>
    );

  const columns: Column<TDataSegmentRow>[] = [
    {
      key: 'companyName',
      title: 'Client',
      render: (row) => (
        <Text size="sm" fw={600}>
          {row.companyName}
        </Text>
      ),
    },
    { key: 'fullName', title: 'Contact person', render: (row) => filterText(row.fullName) },
    { key: 'title', title: 'Title', render: (row) => filterText(row.title) },
    { key: 'ref', title: 'Ref', render: (row) => filterText(row.ref) },
    { key: 'subscription', title: 'Subscription', render: (row) => <SubscriptionBadge subscription={row.subscription} /> },
    { key: 'subscriptionCount', title: 'Subscriptions', align: 'right', render: (row) => row.subscriptionCount },
    { key: 'package', title: 'Package', sortable: false, render: (row) => <PackageDetails row={row} /> },
    { key: 'counter', title: 'Onboarded', align: 'right', render: (row) => row.counter },
    { key: 'tier', title: 'Tier', align: 'right', render: (row) => row.tier },
    {
      key: 'nextReview',
      title: 'Next review',
      sortable: false,
      render: (row) => (
        <Text
          size="sm"
          style={{ whiteSpace: 'nowrap' }}
        >{`${row.nextReview.duration} ${row.nextReview.duration === 1 ? 'year' : 'years'}`}</Text>
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
      searchPlaceholder="Search clients and contacts, press Enter"
      add={canManage && isOperator ? { label: 'Add data segment', icon: <IconPlus size={16} /> } : null}
      statusItem={(row) => ({ _id: row._id, title: row.companyName, status: row.status })}
      saveStatus={saveStatus}
    >
      {list.form ? <DataSegmentFormModal key={list.form.key} row={list.form.row} isOperator={isOperator} onClose={list.closeForm} /> : null}
    </UsersListLayout>
  );
}
