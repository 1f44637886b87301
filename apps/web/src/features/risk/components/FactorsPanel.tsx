import { Anchor, Group, Text } from '@mantine/core';
import type { TRiskFactorRow } from '@sanad/contracts/risk-configuration';
import { Link } from 'react-router';
import type { Column } from '../../../components/data-table/DataTable';
import { pagePath } from '../engine-navigation';
import { AddCustomFactorDialog } from './AddCustomFactorDialog';
import { ConfigTable } from './ConfigTable';
import { FactorForm } from './FactorForm';
import { WhyPopover } from './WhyPopover';
import { saveRiskFactor } from '../api/table-pages';

const columns: Column<TRiskFactorRow>[] = [
  {
    key: 'title',
    title: 'Risk factor',
    render: (row) => (
      <div>
        {row.page ? (
          <Anchor component={Link} to={pagePath(row.page)} size="sm">
            {row.title}
          </Anchor>
        ) : (
          row.title
        )}
        <Text size="xs" c="dimmed" ff="monospace">
          {row.key}
        </Text>
      </div>
    ),
  },
  { key: 'weight', title: 'Weight', align: 'right', render: (row) => row.weight },
  {
    key: 'share',
    title: 'Share',
    align: 'right',
    sortable: false,
    render: (row) => (row.weightShare > 0 ? `${Math.round(row.weightShare * 1000) / 10}%` : '-'),
  },
  { key: 'appliesTo', title: 'Applies to', sortable: false, render: (row) => row.appliesTo.join(', ') },
  { key: 'missing', title: 'Missing fact', render: (row) => (row.missing === 'exclude' ? 'Left out' : `Scored ${row.unknownScore}`) },
  { key: 'valueCount', title: 'Values', align: 'right', render: (row) => row.valueCount },
  {
    key: 'why',
    title: 'Why',
    sortable: false,
    render: (row) => <WhyPopover label={`Why ${row.title} has weight ${row.weight}`} reason={row.reason} source={row.source} />,
  },
];

/**
 * The risk page: the factors, their weights and their missing-fact treatment. The built-in factors
 * are fixed; a factor on a published custom field is added by its own action.
 */
export function FactorsPanel() {
  return (
    <>
      <Group justify="flex-end">
        <AddCustomFactorDialog />
      </Group>
      <ConfigTable<TRiskFactorRow>
        page="risk"
        caption="Risk factors"
        noun="factor"
        columns={columns}
        titleOf={(row) => row.title}
        canAdd={false}
        renderForm={({ item, onClose }) => (item ? <FactorForm item={item} onClose={onClose} /> : null)}
        saveRow={saveRiskFactor}
      />
    </>
  );
}
