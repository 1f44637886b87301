import { useState } from 'react';
import { NumberInput, Text } from '@mantine/core';
import { APPLICATION_ACCESS_LIMITS, type TApplicationAccessIssued, type TApplicationAccessRow } from '@sanad/contracts/developers';
import { APPLICATION_ACCESS_ENDPOINTS } from '@sanad/contracts/developers.endpoints';
import { FormModal } from '../../../components/form/FormModal';
import { useSaveFlow } from '../../../lib/use-save-flow';
import { rotateApiKey } from '../api/developers-api';

/** Issues a new key; the current one keeps working for the chosen overlap. */
export function RotateKeyModal({
  entry,
  onClose,
  onIssued,
}: {
  entry: TApplicationAccessRow;
  onClose: () => void;
  onIssued: (issued: TApplicationAccessIssued) => void;
}) {
  const [hours, setHours] = useState<number>(APPLICATION_ACCESS_LIMITS.defaultOverlapHours);
  const save = useSaveFlow({ listPath: APPLICATION_ACCESS_ENDPOINTS.list.path, onClose });
  return (
    <FormModal
      title={`Rotate the key of ${entry.title}`}
      size="md"
      onClose={onClose}
      error={save.error}
      isSaving={save.isSaving}
      submitLabel="Rotate key"
      onSubmit={async () => {
        const issued = await save.run(() => rotateApiKey(entry._id, hours));
        if (issued) onIssued(issued);
      }}
    >
      <Text size="sm">
        A new key is issued and shown once. The current key <code>{entry.codeKey}</code> keeps working for the overlap, so your application
        can switch without downtime; 0 refuses it at once.
      </Text>
      <NumberInput
        label="Overlap (hours)"
        min={0}
        max={APPLICATION_ACCESS_LIMITS.maxOverlapHours}
        value={hours}
        onChange={(value) => setHours(typeof value === 'number' ? value : Number(value) || 0)}
        error={save.fieldErrors.overlapHours?.[0]}
      />
    </FormModal>
  );
}
