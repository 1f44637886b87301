import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** A form's first error, or nothing; the guest pages show it with an icon. */
export function ErrorAlert({ message, withIcon = false }: { message: string | null | undefined; withIcon?: boolean }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert" {...(withIcon ? { icon: <IconAlertCircle size={18} /> } : {})}>
      {message}
    </Alert>
  );
}
