import { useState } from 'react';
import { NumberInput, Select, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { ZRiskFactorSave, type TRiskFactorRow } from '@sanad/contracts/risk-configuration';
import { SaveForm } from '../../../components/form/SaveForm';
import { useFormCheck } from '../../../lib/use-form-check';
import { AppliesToField } from './AppliesToField';
import { toNumber, useConfigSave } from './use-config-save';
import { saveRiskFactor } from '../api/table-pages';

/** Edit one factor of the risk page: title, weight, who it applies to, and what a missing fact costs. */
export function FactorForm({ item, onClose }: { item: TRiskFactorRow; onClose: () => void }) {
  const [title, setTitle] = useState(item.title);
  const [weight, setWeight] = useState<number | string>(item.weight);
  const [appliesTo, setAppliesTo] = useState<string[]>(item.appliesTo);
  const [missing, setMissing] = useState<string>(item.missing);
  const [unknownScore, setUnknownScore] = useState<number | string>(item.unknownScore);
  const [reason, setReason] = useState(item.reason ?? '');
  const flow = useConfigSave('risk', { onClose });
  const form = useFormCheck(flow);

  async function onSubmit(): Promise<void> {
    const data = form.check(ZRiskFactorSave, {
      key: item.key,
      title,
      weight: toNumber(weight),
      status: item.status,
      missing,
      unknownScore: toNumber(unknownScore),
      appliesTo,
      reason,
      source: item.source,
    });
    if (data) await flow.run(() => saveRiskFactor({ ...data, _id: item._id }));
  }

  return (
    <SaveForm error={form.error} isSaving={flow.isSaving} submitLabel="Save" onSubmit={onSubmit} onCancel={onClose}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Title"
          required
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          error={form.errorOf('title')}
        />
        <NumberInput
          clampBehavior="none"
          label="Weight"
          required
          min={0}
          max={1000}
          value={weight}
          onChange={setWeight}
          error={form.errorOf('weight')}
          description="Relative to the other factors; 0 keeps it out of the total"
        />
        <Select
          label="When the fact is missing"
          data={[
            { value: 'score-unknown', label: 'Score it as unknown' },
            { value: 'exclude', label: 'Leave the factor out' },
          ]}
          value={missing}
          onChange={(value) => setMissing(value ?? 'score-unknown')}
          allowDeselect={false}
          error={form.errorOf('missing')}
        />
        <NumberInput
          clampBehavior="none"
          label="Unknown score"
          required
          min={0}
          max={100}
          value={unknownScore}
          onChange={setUnknownScore}
          error={form.errorOf('unknownScore')}
          description="Also scored for a value that is not in the table"
        />
      </SimpleGrid>
      <AppliesToField value={appliesTo} onChange={setAppliesTo} error={form.errorOf('appliesTo')} />
      <Textarea
        label="Why"
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        autosize
        minRows={2}
        error={form.errorOf('reason')}
      />
    </SaveForm>
  );
}
