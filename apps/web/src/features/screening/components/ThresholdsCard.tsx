import { useState } from 'react';
import { Button, Card, Group, NumberInput, Skeleton, Stack, Text, Title } from '@mantine/core';
import { ZScreeningThresholds, type TScreeningThresholds } from '@sanad/contracts/screening';
import { HIT_TYPE_LABELS } from '../../../lib/hit-types';
import { useSaveFlow } from '../../../lib/use-save-flow';
import { saveScreeningThresholds, useScreeningThresholds } from '../api/screen-name';
import { ErrorAlert } from '../../../components/form/ErrorAlert';

/** The order the thresholds are shown in: the most severe type first. */
const THRESHOLD_ORDER: ReadonlyArray<keyof TScreeningThresholds> = ['sanction', 'blackList', 'enforcement', 'pep'];

function ThresholdsForm({ initial, canEdit }: { initial: TScreeningThresholds; canEdit: boolean }) {
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveFlow({});

  async function submit(): Promise<void> {
    const parsed = ZScreeningThresholds.safeParse(values);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'There is something wrong');
      return;
    }
    setError(null);
    const saved = await save.run(() => saveScreeningThresholds(parsed.data));
    if (saved) setValues(saved);
  }

  return (
    <Stack gap="sm">
      <ErrorAlert message={error ?? save.error} />
      <Group align="flex-end" gap="sm">
        {THRESHOLD_ORDER.map((key) => (
          <NumberInput
            key={key}
            label={HIT_TYPE_LABELS[key]}
            min={50}
            max={100}
            value={values[key]}
            disabled={!canEdit}
            onChange={(value) => setValues((current) => ({ ...current, [key]: typeof value === 'number' ? value : Number(value) }))}
            w={130}
          />
        ))}
        {canEdit ? (
          <Button onClick={() => void submit()} loading={save.isSaving}>
            Save thresholds
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

/** The lowest score (0-100) at which a hit of each type alerts. */
export function ThresholdsCard({ canEdit }: { canEdit: boolean }) {
  const { data, error, isPending } = useScreeningThresholds();
  return (
    <Card withBorder radius="md" p="lg">
      <Title order={2} size="h4" mb="xs">
        Alert thresholds
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        A hit alerts when its score reaches the threshold of its type. Lower thresholds catch more spelling variants and raise more false
        alerts.
      </Text>
      <ErrorAlert message={error?.message} />
      {isPending ? <Skeleton h={60} /> : null}
      {data ? <ThresholdsForm initial={data} canEdit={canEdit} /> : null}
    </Card>
  );
}
