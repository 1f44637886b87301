import { Select } from '@mantine/core';
import { getActiveDataSegmentId } from '../../../lib/session';
import { useRoleOptions } from '../api/get-role-options';
import type { StaffKind } from '../api/save-staff-user';
import { ALL_ROLES, roleFilterOptions } from '../role-filter';

/** Narrows a users list to the holders of one role; the choice is kept in the address with the rest of the list state. */
export function RoleFilter({
  kind,
  value,
  onChange,
}: {
  kind: StaffKind;
  value: string | null;
  onChange: (roleId: string | null) => void;
}) {
  const roles = useRoleOptions();
  const options = roleFilterOptions(roles.data ?? [], kind, getActiveDataSegmentId());
  // A role in the address that is not offered (archived since, or another segment's) still reads as chosen.
  const data =
    value && !options.some((option) => option.value === value) ? [...options, { value, label: 'Role not in the list' }] : options;
  return (
    <Select
      aria-label="Filter by role"
      data={data}
      value={value ?? ALL_ROLES.value}
      onChange={(chosen) => onChange(chosen || null)}
      allowDeselect={false}
      searchable
      nothingFoundMessage="No role matches"
      placeholder={roles.isPending ? 'Loading...' : undefined}
      w={{ base: '100%', xs: 200 }}
    />
  );
}
