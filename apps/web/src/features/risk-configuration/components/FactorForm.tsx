import { useState } from 'react';
import { Alert, Button, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { ZRiskFactorSave, type TRiskFactorRow } from '@sanad/contracts/risk-configuration';
import { errorsByField, fieldError, useConfigSave } from './use-config-save';

/** Edit one factor of the risk page: title, weight, who it applies to, and what a missing fact costs. */
export function FactorForm({ item, onClose }: { item: TRiskFactorRow; onClose: () => void }) {
  const [title, setTitle] = useState(item.title);
  const [weight, setWeight] = useState<number | string>(item.weight);
  const [appliesTo, setAppliesTo] = useState<string[]>(item.appliesTo);
  const [missing, setMissing] = useState<string>(item.missing);
  const [unknownScore, setUnknownScore] = useState<number | string>(item.unknownScore);
  const [reason, setReason] = useState(item.reason ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const flow = useConfigSave('risk', { onClose });
  const errorOf = (field: string) => fieldError(field, errors, flow.fieldErrors);

  async function onSubmit(): Promise<void> {
    const parsed = ZRiskFactorSave.safeParse({
      key: item.key,
      title,
      weight: weight === '' ? undefined : Number(weight),
      status: item.status,
      missing,
      unknownScore: unknownScore === '' ? undefined : Number(unknownScore),
      appliesTo,
      reason,
      source: item.source,
    });
    if (!parsed.success) {
      setErrors(errorsByField(parsed.error));
      return;
    }
    setErrors({});
    await flow.save({ ...parsed.data, _id: item._id });
  }

  const firstError = Object.values(errors)[0] ?? flow.error;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
      noValidate
    >
      <Stack gap="sm">
        {firstError ? (
          <Alert color="red" role="alert">
            {firstError}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Title" required value={title} onChange={(event) => setTitle(event.currentTarget.value)} error={errorOf('title')} />
          <NumberInput label="Weight" required min={0} max={1000} value={weight} onChange={setWeight} error={errorOf('weight')} description="Relative to the other factors; 0 keeps it out of the total" />
          <Select
            label="When the fact is missing"
            data={[
              { value: 'score-unknown', label: 'Score it as unknown' },
              { value: 'exclude', label: 'Leave the factor out' },
            ]}
            value={missing}
            onChange={(value) => setMissing(value ?? 'score-unknown')}
            allowDeselect={false}
            error={errorOf('missing')}
          />
          <NumberInput label="Unknown score" required min={0} max={100} value={unknownScore} onChange={setUnknownScore} error={errorOf('unknownScore')} description="Also scored for a value that is not in the table" />
        </SimpleGrid>
        <Checkbox.Group label="Applies to" value={appliesTo} onChange={setAppliesTo} error={errorOf('appliesTo')}>
          <Group mt={4}>
            <Checkbox value="individual" label="Individuals" />
            <Checkbox value="company" label="Companies" />
          </Group>
        </Checkbox.Group>
        <Textarea label="Why" value={reason} onChange={(event) => setReason(event.currentTarget.value)} autosize minRows={2} error={errorOf('reason')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={flow.isSaving}>
            Cancel
          </Button>
          <Button type="submit" loading={flow.isSaving}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
