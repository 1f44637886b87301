import { Anchor, Group, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { FACTOR_PAGES } from '@sanad/contracts/risk-pages';
import type { TFactorValueRow, TRiskFactorRow } from '@sanad/contracts/risk-configuration';
import { customFactorKey, fieldKeyOfPage } from '@sanad/contracts/risk-custom-factors';
import { BUILT_IN_FACTOR_KINDS, type FactorKind } from '@sanad/risk/risk-factor.schema';
import type { Column } from '../../../components/data-table/DataTable';
import { StatusBadge } from '../../../components/StatusBadge';
import { saveFactorValue, useTableRows } from '../api/table-pages';
import { pagePath } from '../engine-navigation';
import { ConfigTable } from './ConfigTable';
import { FactorValueForm } from './FactorValueForm';
import { ReferencesCard } from './ReferencesCard';
import { WhyPopover } from './WhyPopover';

const amount = (value: number | null) => (value === null ? '-' : value.toLocaleString());

/** The factor's weight and missing-fact treatment, from the risk page, so this page reads on its own. */
function FactorSummary({ factorKey }: { factorKey: string }) {
  const factors = useTableRows<TRiskFactorRow>('risk', { perPage: 100, startAt: 1 });
  const factor = factors.data?.rows.find((row) => row.key === factorKey);
  if (!factor) return null;
  return (
    <Paper withBorder radius="md" p="sm">
      <Group gap="lg">
        <Text size="sm">
          Weight <strong>{factor.weight}</strong> ({Math.round(factor.weightShare * 1000) / 10}% of the total)
        </Text>
        <Text size="sm">
          Applies to <strong>{factor.appliesTo.join(' and ')}</strong>
        </Text>
        <Text size="sm">
          Missing fact: <strong>{factor.missing === 'exclude' ? 'left out of the total' : `scored ${factor.unknownScore}`}</strong>
        </Text>
        <StatusBadge status={factor.status} />
        <Anchor component={Link} to={pagePath('risk')} size="sm">
          Change the weight on the risk factors page
        </Anchor>
      </Group>
    </Paper>
  );
}

/** The factor a value page edits and its kind: a built-in factor's page, or a custom field's (a code factor). */
export function factorOfPage(page: string): { factorKey: string; kind: FactorKind } | null {
  const builtIn = FACTOR_PAGES[page];
  if (builtIn) return { factorKey: builtIn, kind: BUILT_IN_FACTOR_KINDS[builtIn] };
  const fieldKey = fieldKeyOfPage(page);
  return fieldKey === null ? null : { factorKey: customFactorKey(fieldKey), kind: 'code' };
}

/** One factor page (country, industry, …, or a custom field's): the factor's values with their scores and overrides. */
export function FactorValuesPanel({ page }: { page: string }) {
  const factor = factorOfPage(page);
  if (!factor) return null;
  const { factorKey, kind } = factor;
  const columns: Column<TFactorValueRow>[] = [
    {
      key: 'code',
      title: 'Code',
      render: (row) => (
        <Text ff="monospace" size="sm">
          {row.code}
        </Text>
      ),
    },
    { key: 'title', title: 'Title', render: (row) => row.title },
    ...(kind === 'hit-band' ? [{ key: 'hitType', title: 'Hit type', render: (row: TFactorValueRow) => row.hitType ?? '-' }] : []),
    ...(kind === 'code'
      ? []
      : [
          {
            key: 'min',
            title: kind === 'hit-band' ? 'Score from' : 'From',
            align: 'right' as const,
            render: (row: TFactorValueRow) => amount(row.min),
          },
          {
            key: 'max',
            title: kind === 'hit-band' ? 'Score below' : 'Below',
            align: 'right' as const,
            render: (row: TFactorValueRow) => amount(row.max),
          },
        ]),
    { key: 'score', title: 'Score', align: 'right', render: (row) => row.score },
    {
      key: 'overrideTo',
      title: 'Override to',
      render: (row) => (row.overrideTo ? <StatusBadge status={row.overrideTo} /> : <Text size="sm">None</Text>),
    },
    {
      key: 'why',
      title: 'Why',
      sortable: false,
      render: (row) => <WhyPopover label={`Why ${row.title} scores ${row.score}`} reason={row.reason} source={row.source} />,
    },
  ];
  return (
    <>
      <FactorSummary factorKey={factorKey} />
      {page === 'country' || page === 'nationality' ? <ReferencesCard /> : null}
      <ConfigTable<TFactorValueRow>
        page={page}
        caption={`${fieldKeyOfPage(page) === null ? page : factorKey} values`}
        noun="value"
        columns={columns}
        titleOf={(row) => row.title}
        searchPlaceholder="Search code, title or reason"
        renderForm={({ item, onClose }) => <FactorValueForm page={page} kind={kind} item={item} onClose={onClose} />}
        saveRow={(row) => saveFactorValue(page, row)}
      />
    </>
  );
}
