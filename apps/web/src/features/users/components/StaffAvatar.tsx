import { Avatar } from '@mantine/core';
import type { TStaffUserRow } from '@sanad/contracts/users';
import { useStoredFile } from '../../../lib/stored-file';

/** The profile picture, or the initials when there is none (or it cannot be loaded). */
export function StaffAvatar({ row }: { row: TStaffUserRow }) {
  const initials = `${row.firstName.charAt(0)}${row.lastName.charAt(0)}`.toUpperCase();
  const picture = useStoredFile(row.avatar?.fileName);
  return (
    <Avatar
      src={picture.status === 'ready' ? picture.url : null}
      alt={`Profile picture of ${row.fullName}`}
      radius="xl"
      size="sm"
      color="brand"
    >
      {initials}
    </Avatar>
  );
}
