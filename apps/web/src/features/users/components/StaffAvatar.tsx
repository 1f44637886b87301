import { Avatar } from '@mantine/core';
import type { TStaffUserRow } from '@sanad/contracts/users';
import { useStoredImageUrl } from '../api/get-stored-image';

/** The profile picture, or the initials when there is none (or it cannot be loaded). */
export function StaffAvatar({ row }: { row: TStaffUserRow }) {
  const initials = `${row.firstName.charAt(0)}${row.lastName.charAt(0)}`.toUpperCase();
  const src = useStoredImageUrl(row.avatar?.fileName ?? null);
  return (
    <Avatar src={src} alt={`Profile picture of ${row.fullName}`} radius="xl" size="sm" color="brand">
      {initials}
    </Avatar>
  );
}
