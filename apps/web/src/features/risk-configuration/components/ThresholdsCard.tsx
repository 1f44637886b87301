import { useState } from 'react';
import { Alert, Button, Group, NumberInput, Paper, Select, SimpleGrid, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ZRiskRatingSave, type TRiskRatingSettings } from '@sanad/contracts/risk-configuration';
import { useSaveFlow } from '../../../lib/use-save-flow';
import { useRiskRating } from '../api/get-risk-rating';
import { RISK_CONFIG_KEY } from '../api/keys';
import { saveRiskRating } from '../api/save-risk-rating';
import { errorsByField, fieldError } from './use-config-save';

const toNumber = (value: number | string) => (value === '' ? undefined : Number(value));

interface Draft {
  mediumFrom: number | string;
  highFrom: number | string;
  factorMediumFrom: number | string;
  factorHighFrom: number | string;
  enhancedDueDiligenceFrom: string;
  reason: string;
}

function ThresholdsForm({ settings }: { settings: TRiskRatingSettings }) {
  const queryClient = useQueryClient();
  const flow = useSaveFlow({});
  const [draft, setDraft] = useState<Draft>(() => ({ ...settings, reason: settings.reason ?? '' }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof typeof draft, value: number | string) => setDraft((current) => ({ ...current, [key]: value }));
  const errorOf = (field: string) => fieldError(field, errors, flow.fieldErrors);

  async function onSubmit(): Promise<void> {
    const parsed = ZRiskRatingSave.safeParse({
      mediumFrom: toNumber(draft.mediumFrom),
      highFrom: toNumber(draft.highFrom),
      factorMediumFrom: toNumber(draft.factorMediumFrom),
      factorHighFrom: toNumber(draft.factorHighFrom),
      enhancedDueDiligenceFrom: draft.enhancedDueDiligenceFrom,
      reason: draft.reason,
    });
    if (!parsed.success) {
      setErrors(errorsByField(parsed.error));
      return;
    }
    setErrors({});
    const saved = await flow.run(() => saveRiskRating(settings._id, parsed.data));
    if (saved) void queryClient.invalidateQueries({ queryKey: [RISK_CONFIG_KEY] });
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
        <Text size="sm" c="dimmed">
          The weighted total is low below “medium from”, medium below “high from”, and high from there; a total exactly on a threshold takes the higher
          level. Overrides and a confirmed sanction hit can only raise the result.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <NumberInput label="Medium from" required min={1} max={100} value={draft.mediumFrom} onChange={(value) => set('mediumFrom', value)} error={errorOf('mediumFrom')} />
          <NumberInput label="High from" required min={1} max={100} value={draft.highFrom} onChange={(value) => set('highFrom', value)} error={errorOf('highFrom')} />
          <NumberInput label="Factor medium from" required min={1} max={100} value={draft.factorMediumFrom} onChange={(value) => set('factorMediumFrom', value)} error={errorOf('factorMediumFrom')} description="One factor's level in the risk table" />
          <NumberInput label="Factor high from" required min={1} max={100} value={draft.factorHighFrom} onChange={(value) => set('factorHighFrom', value)} error={errorOf('factorHighFrom')} />
        </SimpleGrid>
        <Select
          label="Enhanced due diligence from"
          data={[
            { value: 'high', label: 'High (and sanction)' },
            { value: 'medium', label: 'Medium and above' },
          ]}
          value={draft.enhancedDueDiligenceFrom}
          onChange={(value) => set('enhancedDueDiligenceFrom', value ?? 'high')}
          allowDeselect={false}
          maw={320}
        />
        <Textarea label="Why" value={draft.reason} onChange={(event) => set('reason', event.currentTarget.value)} autosize minRows={2} />
        <Group justify="flex-end">
          <Button type="submit" loading={flow.isSaving}>
            Save thresholds
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** risk-rating page: the bands that turn the weighted total into a level, and the EDD floor. */
export function ThresholdsCard() {
  const { data, error } = useRiskRating();
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="sm">
        Thresholds
      </Title>
      {error ? (
        <Text c="red" role="alert">
          {error.message}
        </Text>
      ) : data ? (
        <ThresholdsForm key={JSON.stringify(data)} settings={data} />
      ) : (
        <Skeleton h={160} />
      )}
    </Paper>
  );
}
