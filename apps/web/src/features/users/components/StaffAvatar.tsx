import { Avatar } from '@mantine/core';
import type { TStaffUserRow } from '@sanad/contracts/staff-users';

/** The profile picture, or the initials when there is none (or it cannot be loaded). */
export function StaffAvatar({ row }: { row: TStaffUserRow }) {
  const initials = `${row.firstName.charAt(0)}${row.lastName.charAt(0)}`.toUpperCase();
  return (
    <Avatar
      src={row.avatar ? `/api/files/${encodeURIComponent(row.avatar.fileName)}` : null}
      alt={`Profile picture of ${row.fullName}`}
      radius="xl"
      size="sm"
      color="brand"
    >
      {initials}
    </Avatar>
  );
}
