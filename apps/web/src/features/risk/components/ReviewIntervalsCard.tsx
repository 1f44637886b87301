import { useState } from 'react';
import { NumberInput, SimpleGrid, Text, Textarea } from '@mantine/core';
import { ZReviewIntervalsSave, type TReviewIntervals } from '@sanad/contracts/risk-configuration';
import { SaveForm } from '../../../components/form/SaveForm';
import { useFormCheck } from '../../../lib/use-form-check';
import { useReviewIntervals } from '../api/get-review-intervals';
import { saveReviewIntervals } from '../api/save-review-intervals';
import { SettingsCard } from './SettingsCard';
import { toNumber, useRiskSave } from './use-config-save';

interface Draft {
  low: number | string;
  medium: number | string;
  high: number | string;
  reason: string;
}

function IntervalsForm({ intervals }: { intervals: TReviewIntervals }) {
  const flow = useRiskSave();
  const [draft, setDraft] = useState<Draft>(() => ({ ...intervals, reason: intervals.reason ?? '' }));
  const form = useFormCheck(flow);

  async function onSubmit(): Promise<void> {
    const data = form.check(ZReviewIntervalsSave, {
      low: toNumber(draft.low),
      medium: toNumber(draft.medium),
      high: toNumber(draft.high),
      reason: draft.reason,
    });
    if (data) await flow.run(() => saveReviewIntervals(intervals._id, data));
  }

  return (
    <SaveForm error={form.error} isSaving={flow.isSaving} submitLabel="Save intervals" onSubmit={onSubmit}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {(['low', 'medium', 'high'] as const).map((level) => (
          <NumberInput
            clampBehavior="none"
            key={level}
            label={`${level[0]?.toUpperCase()}${level.slice(1)} risk: review every (years)`}
            required
            min={0.09}
            max={20}
            step={0.5}
            decimalScale={2}
            value={draft[level]}
            onChange={(value) => setDraft((current) => ({ ...current, [level]: value }))}
            error={form.errorOf(level)}
          />
        ))}
      </SimpleGrid>
      <Textarea
        label="Why"
        value={draft.reason}
        onChange={(event) => setDraft((current) => ({ ...current, reason: event.currentTarget.value }))}
        autosize
        minRows={2}
      />
    </SaveForm>
  );
}

/** risk-level-review: years from a rating to the customer's next periodic review, per level. */
export function ReviewIntervalsCard() {
  const header = (
    <Text size="sm" c="dimmed" mb="sm">
      A rating sets the next review date: the rating date plus its level's interval (fractions of a year are whole months). A sanction
      rating has no periodic review; it goes to an alert at once.
    </Text>
  );
  const query = useReviewIntervals();
  return <SettingsCard query={query} header={header} skeletonHeight={120} renderForm={(data) => <IntervalsForm intervals={data} />} />;
}
