import { useState } from 'react';
import { Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { SEGMENT_STATUSES, type TDataSegmentRow } from '@sanad/contracts/data-segments';
import { filterText } from '@sanad/contracts/status-labels';
import { ConfirmStatusDialog } from '../../components/ConfirmStatusDialog';
import { DataTable, type Column } from '../../components/data-table/DataTable';
import { toListQuery, useListState } from '../../components/data-table/use-list-state';
import { StatusBadge } from '../../components/StatusBadge';
import { segmentChoicesQuery } from '../../lib/data-segments';
import { formatFilterDate } from '../../lib/format';
import { useList } from '../../lib/list-api';
import { useSessionUser } from '../../lib/session';
import { useSaveFlow } from '../../lib/use-save-flow';
import { DATA_SEGMENTS_PATH, saveDataSegment } from './api/save-data-segment';
import { DataSegmentFormModal } from './components/DataSegmentFormModal';
import { RowActions } from './components/RowActions';
import { SubscriptionBadge } from './components/SubscriptionBadge';
import { UsersTabs } from './components/UsersTabs';

const STATUS_OPTIONS = [{ value: '', label: 'All statuses' }, ...SEGMENT_STATUSES.map((status) => ({ value: status, label: status === 'active' ? 'Active' : 'Archived' }))];

/** Sales lead, deal, payment method and period on two short lines; '-' when none is set. */
function PackageDetails({ row }: { row: TDataSegmentRow }) {
  const details = row.packageDetailsObj;
  const terms = [details.salesLead, details.dealType, details.paymentMethod].filter(Boolean).join(' · ');
  const period = [details.subscriptionDate, details.expiryDate].some(Boolean)
    ? `${details.subscriptionDate ? formatFilterDate(details.subscriptionDate) : '-'} to ${details.expiryDate ? formatFilterDate(details.expiryDate) : '-'}`
    : '';
  if (!terms && !period) return '-';
  return (
    <Stack gap={0} style={{ whiteSpace: 'nowrap' }}>
      {terms ? <Text size="xs">{terms}</Text> : null}
      {period ? <Text size="xs" c="dimmed">{period}</Text> : null}
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
  const { state, update } = useListState();
  const list = useList<TDataSegmentRow>(DATA_SEGMENTS_PATH, toListQuery(state));
  const canManage = Boolean(user?.scopes.includes('manage-data-segments'));
  const isOperator = user?.dataSegmentIds.length === 0;
  const [form, setForm] = useState<{ row: TDataSegmentRow | null; key: number } | null>(null);
  const [selected, setSelected] = useState<TDataSegmentRow | null>(null);
  const toggle = useSaveFlow({ listPath: DATA_SEGMENTS_PATH, onClose: () => setSelected(null) });

  const columns: Column<TDataSegmentRow>[] = [
    { key: 'companyName', title: 'Client', render: (row) => <Text size="sm" fw={600}>{row.companyName}</Text> },
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
      render: (row) => <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{`${row.nextReview.duration} ${row.nextReview.duration === 1 ? 'year' : 'years'}`}</Text>,
    },
    { key: 'status', title: 'Status', render: (row) => <StatusBadge status={row.status} /> },
    {
      key: 'action',
      title: 'Action',
      sortable: false,
      render: (row) =>
        canManage ? (
          isOperator ? (
            <RowActions label={row.companyName} status={row.status} onEdit={() => setForm({ row, key: Date.now() })} onToggleStatus={() => setSelected(row)} />
          ) : (
            <Button size="xs" variant="subtle" onClick={() => setForm({ row, key: Date.now() })} aria-label={`Edit ${row.companyName}`}>
              Edit
            </Button>
          )
        ) : (
          '-'
        ),
    },
  ];

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Users
      </Title>
      <UsersTabs />
      <DataTable
        caption="Data segments"
        columns={columns}
        rows={list.error ? [] : list.data?.rows}
        rowKey={(row) => row._id}
        total={list.error ? 0 : (list.data?.pagination.total ?? 0)}
        state={state}
        onStateChange={update}
        isLoading={list.isPending}
        error={list.error}
        searchPlaceholder="Search clients and contacts, press Enter"
        toolbar={
          <Group gap="sm">
            <Select aria-label="Status" data={STATUS_OPTIONS} value={state.status ?? ''} onChange={(value) => update({ status: value || null })} allowDeselect={false} w={150} />
            {canManage && isOperator ? (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ row: null, key: Date.now() })}>
                Add data segment
              </Button>
            ) : null}
          </Group>
        }
      />
      {form ? <DataSegmentFormModal key={form.key} row={form.row} isOperator={isOperator} onClose={() => setForm(null)} /> : null}
      <ConfirmStatusDialog
        item={selected ? { _id: selected._id, title: selected.companyName, status: selected.status } : null}
        isSaving={toggle.isSaving}
        onCancel={() => setSelected(null)}
        onConfirm={(item) => {
          if (!selected) return;
          void toggle.run(() => saveDataSegment({ ...selected, status: item.status })).then((saved) => {
            if (saved) void queryClient.invalidateQueries({ queryKey: segmentChoicesQuery().queryKey });
          });
        }}
      />
    </Stack>
  );
}
