import { useState } from 'react';
import { Alert, Button, Group, NumberInput, Paper, SimpleGrid, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ZReviewIntervalsSave, type TReviewIntervals } from '@sanad/contracts/risk-configuration';
import { useSaveFlow } from '../../../lib/use-save-flow';
import { useReviewIntervals } from '../api/get-review-intervals';
import { RISK_CONFIG_KEY } from '../api/keys';
import { saveReviewIntervals } from '../api/save-review-intervals';
import { errorsByField, fieldError } from './use-config-save';

const toNumber = (value: number | string) => (value === '' ? undefined : Number(value));

interface Draft {
  low: number | string;
  medium: number | string;
  high: number | string;
  reason: string;
}

function IntervalsForm({ intervals }: { intervals: TReviewIntervals }) {
  const queryClient = useQueryClient();
  const flow = useSaveFlow({});
  const [draft, setDraft] = useState<Draft>(() => ({ ...intervals, reason: intervals.reason ?? '' }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const errorOf = (field: string) => fieldError(field, errors, flow.fieldErrors);

  async function onSubmit(): Promise<void> {
    const parsed = ZReviewIntervalsSave.safeParse({ low: toNumber(draft.low), medium: toNumber(draft.medium), high: toNumber(draft.high), reason: draft.reason });
    if (!parsed.success) {
      setErrors(errorsByField(parsed.error));
      return;
    }
    setErrors({});
    const saved = await flow.run(() => saveReviewIntervals(intervals._id, parsed.data));
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
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {(['low', 'medium', 'high'] as const).map((level) => (
            <NumberInput
              key={level}
              label={`${level[0]?.toUpperCase()}${level.slice(1)} risk: review every (years)`}
              required
              min={0.09}
              max={20}
              step={0.5}
              decimalScale={2}
              value={draft[level]}
              onChange={(value) => setDraft((current) => ({ ...current, [level]: value }))}
              error={errorOf(level)}
            />
          ))}
        </SimpleGrid>
        <Textarea label="Why" value={draft.reason} onChange={(event) => setDraft((current) => ({ ...current, reason: event.currentTarget.value }))} autosize minRows={2} />
        <Group justify="flex-end">
          <Button type="submit" loading={flow.isSaving}>
            Save intervals
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** risk-level-review: years from a rating to the customer's next periodic review, per level. */
export function ReviewIntervalsCard() {
  const { data, error } = useReviewIntervals();
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed" mb="sm">
        A rating sets the next review date: the rating date plus its level's interval (fractions of a year are whole months). A sanction rating
        has no periodic review; it goes to an alert at once.
      </Text>
      {error ? (
        <Text c="red" role="alert">
          {error.message}
        </Text>
      ) : data ? (
        <IntervalsForm key={JSON.stringify(data)} intervals={data} />
      ) : (
        <Skeleton h={120} />
      )}
    </Paper>
  );
}
