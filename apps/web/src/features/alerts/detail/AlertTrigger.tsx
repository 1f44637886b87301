import { Badge, Stack, Table, Text } from '@mantine/core';
import type { TAlertTrigger } from '@sanad/contracts/alerts';
import { formatDate } from '../../../lib/format';
import { hitTypeLabel } from '../../../lib/hit-types';

const OUTCOME_LABELS: Record<TAlertTrigger['entities'][number]['outcome'], string> = {
  new: 'New hit',
  stronger: 'Stronger hit',
  reopened: "Changed since marked 'not relevant'",
};

/**
 * What raised a triggered, periodic or expiry alert: the list change and its entities, the review
 * date that fell due, or the identity document's expiry date.
 */
export function AlertTrigger({ trigger }: { trigger: TAlertTrigger }) {
  if (trigger.kind === 'document-expiry')
    return (
      <Text size="sm" data-testid="alert-trigger">
        {trigger.isExpired ? 'Expired document: the identity document expired on ' : 'Document expiring: the identity document expires on '}
        <strong>{trigger.expiryDate ? formatDate(trigger.expiryDate) : '—'}</strong>
      </Text>
    );
  if (trigger.kind === 'periodic')
    return (
      <Text size="sm" data-testid="alert-trigger">
        Periodic review due on <strong>{trigger.dueDate ? formatDate(trigger.dueDate) : '—'}</strong>
      </Text>
    );
  return (
    <Stack gap={4} data-testid="alert-trigger">
      <Text size="sm">
        Raised when <strong>{trigger.listTitle}</strong> changed (version {trigger.versionNo})
      </Text>
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing="xs" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Listed entity</Table.Th>
              <Table.Th>What the list did</Table.Th>
              <Table.Th>Outcome</Table.Th>
              <Table.Th>Score</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {trigger.entities.map((entity) => (
              <Table.Tr key={entity.entityId}>
                <Table.Td>
                  {entity.name}{' '}
                  <Text span size="xs" c="dimmed">
                    ({entity.entityId}, {hitTypeLabel(entity.hitType)})
                  </Text>
                </Table.Td>
                <Table.Td>
                  {entity.change === 'added' ? 'Added' : `Changed${entity.fields.length > 0 ? `: ${entity.fields.join(', ')}` : ''}`}
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={entity.outcome === 'new' ? 'red' : 'orange'}>
                    {OUTCOME_LABELS[entity.outcome]}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {entity.previousScore !== null ? `${Math.round(entity.previousScore)} → ` : ''}
                  {Math.round(entity.score)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
