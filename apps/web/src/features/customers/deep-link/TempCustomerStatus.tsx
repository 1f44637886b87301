import { Badge } from '@mantine/core';
import { TEMP_CUSTOMER_STATE_LABELS, type TTempCustomerState } from '@sanad/contracts/temp-customers';

const TONES: Record<TTempCustomerState, string> = {
  sent: 'blue',
  opened: 'cyan',
  'in-progress': 'yellow',
  completed: 'green',
  expired: 'red',
  revoked: 'gray',
};

/** Where a deep link stands, as a dot badge (the label keeps the text colour, the dot the tone). */
export function TempCustomerStatus({ status }: { status: TTempCustomerState }) {
  return (
    <Badge color={TONES[status]} variant="dot" radius="sm" tt="none" style={{ flexShrink: 0 }} data-testid="temp-status">
      {TEMP_CUSTOMER_STATE_LABELS[status]}
    </Badge>
  );
}
