import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { CUSTOMER_EXPORT_ENDPOINTS } from '@sanad/contracts/customer-exports.endpoints';
import { apiDownload } from '../../../lib/api';
import { useSessionUser } from '../../../lib/session';
import { toastError } from '../../../lib/toast';
import { CustomerStatusAction } from './CustomerStatusAction';

/** Downloads the customer's compliance file (PDF), for holders of export-customer-profile. */
function ComplianceFileButton({ id }: { id: string }) {
  const [isBusy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await apiDownload(CUSTOMER_EXPORT_ENDPOINTS.complianceFile, { params: { id } });
    } catch (caught) {
      toastError(caught instanceof Error ? caught.message : 'There is something wrong');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      size="sm"
      variant="default"
      leftSection={<IconFileTypePdf size={16} aria-hidden />}
      loading={isBusy}
      onClick={() => void download()}
    >
      Compliance file (PDF)
    </Button>
  );
}

/**
 * The actions on one customer that its profile offers beside its name, each shown only to holders
 * of its permission: the compliance file (export-customer-profile) and archive or activate
 * (archive-customer-profile).
 */
export function CustomerActions({ customer }: { customer: { _id: string; fullName: string; status: string } }) {
  const user = useSessionUser();
  const canExport = Boolean(user?.scopes.includes('export-customer-profile'));
  return (
    <Group gap="sm" justify="flex-end">
      {canExport ? <ComplianceFileButton id={customer._id} /> : null}
      <CustomerStatusAction customer={customer} size="sm" />
    </Group>
  );
}
