import { Paper, Text, Title } from '@mantine/core';
import type { TOverrideRuleRow } from '@sanad/contracts/risk-configuration';
import type { Column } from '../../../components/data-table/DataTable';
import { StatusBadge } from '../../../components/StatusBadge';
import { hitTypeLabel } from '../../../lib/hit-types';
import { ConfigTable } from './ConfigTable';
import { OverrideRuleForm } from './OverrideRuleForm';
import { REGISTRY_FLAG_LABELS } from './rule-options';
import { WhyPopover } from './WhyPopover';
import { saveOverrideRule } from '../api/table-pages';

function describeCondition(rule: TOverrideRuleRow): string {
  const { when } = rule;
  if (when.kind === 'registry-flag') return `Registry: ${REGISTRY_FLAG_LABELS[when.flag]}`;
  const hitType = hitTypeLabel(when.hitType);
  return when.isGenuineOnly ? `Confirmed ${hitType} hit` : `Open ${hitType} hit from score ${when.minScore}`;
}

const columns: Column<TOverrideRuleRow>[] = [
  { key: 'title', title: 'Rule', render: (row) => row.title },
  { key: 'when', title: 'When', sortable: false, render: describeCondition },
  { key: 'overrideTo', title: 'Override to', render: (row) => <StatusBadge status={row.overrideTo} /> },
  { key: 'appliesTo', title: 'Applies to', sortable: false, render: (row) => row.appliesTo.join(', ') },
  {
    key: 'why',
    title: 'Why',
    sortable: false,
    render: (row) => <WhyPopover label={`Why ${row.title}`} reason={row.reason} source={row.source} />,
  },
];

/** Overrides that are not one factor value; values carry their own (PEP answers, listed countries, SAR). */
export function OverrideRulesCard() {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb={4}>
        Override rules
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Conditions that force a minimum level whatever the score. Values that force one (a PEP answer, a listed country, a filed SAR) say so
        on their own page. A confirmed sanction hit always rates sanction.
      </Text>
      <ConfigTable<TOverrideRuleRow>
        page="override-rules"
        caption="Override rules"
        noun="rule"
        columns={columns}
        titleOf={(row) => row.title}
        renderForm={({ item, onClose }) => <OverrideRuleForm item={item} onClose={onClose} />}
        saveRow={saveOverrideRule}
      />
    </Paper>
  );
}
