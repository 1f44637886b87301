import { Group } from '@mantine/core';
import { CustomerStatusAction } from './CustomerStatusAction';

/**
 * The actions on one customer that its profile offers beside its name, each shown only to holders
 * of its permission: archive or activate (archive-customer-profile).
 */
export function CustomerActions({ customer }: { customer: { _id: string; fullName: string; status: string } }) {
  return (
    <Group gap="sm" justify="flex-end">
      <CustomerStatusAction customer={customer} size="sm" />
    </Group>
  );
}
