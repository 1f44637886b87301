import { useState } from 'react';
import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconArchive, IconArchiveOff } from '@tabler/icons-react';
import { CUSTOMER_EXPORT_ENDPOINTS } from '@sanad/contracts/customer-exports.endpoints';
import { CUSTOMER_ENDPOINTS } from '@sanad/contracts/customers.endpoints';
import { ConfirmStatusDialog } from '../../../components/ConfirmStatusDialog';
import { api } from '../../../lib/api';
import { useSessionUser } from '../../../lib/session';
import { useSaveFlow } from '../../../lib/use-save-flow';

/**
 * Archive or Activate one customer, for holders of archive-customer-profile; nothing for others.
 * The confirmation is the status toggle's: 'Are you sure you want to archive {name}?', not closed by
 * the backdrop or Esc. An archived customer leaves the default list and ongoing monitoring.
 */
export function CustomerStatusAction({
  customer,
  size = 'xs',
}: {
  customer: { _id: string; fullName: string; status: string };
  size?: 'xs' | 'sm';
}) {
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const [isConfirming, setConfirming] = useState(false);
  const flow = useSaveFlow({ listPath: CUSTOMER_ENDPOINTS.list.path, onClose: () => setConfirming(false) });
  if (!user?.scopes.includes('archive-customer-profile')) return null;
  const isActive = customer.status === 'active';
  return (
    <>
      <Button
        size={size}
        variant={isActive ? 'default' : 'light'}
        color={isActive ? 'red' : 'brand'}
        leftSection={isActive ? <IconArchive size={14} aria-hidden /> : <IconArchiveOff size={14} aria-hidden />}
        onClick={() => setConfirming(true)}
        aria-label={`${isActive ? 'Archive' : 'Activate'} ${customer.fullName}`}
      >
        {isActive ? 'Archive' : 'Activate'}
      </Button>
      <ConfirmStatusDialog
        item={isConfirming ? { _id: customer._id, title: customer.fullName, status: customer.status } : null}
        isSaving={flow.isSaving}
        onCancel={() => setConfirming(false)}
        onConfirm={(item) => {
          void flow
            .run(() =>
              api(CUSTOMER_EXPORT_ENDPOINTS.setStatus, {
                params: { id: customer._id },
                body: { status: item.status === 'archived' ? 'archived' : 'active' },
              }),
            )
            .then(() => queryClient.invalidateQueries({ queryKey: ['customer', customer._id] }));
        }}
      />
    </>
  );
}
