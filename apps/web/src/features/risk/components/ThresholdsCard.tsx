import { useState } from 'react';
import { NumberInput, Select, SimpleGrid, Text, Textarea, Title } from '@mantine/core';
import { ZRiskRatingSave, type TRiskRatingSettings } from '@sanad/contracts/risk-configuration';
import { SaveForm } from '../../../components/form/SaveForm';
import { useFormCheck } from '../../../lib/use-form-check';
import { useRiskRating } from '../api/get-risk-rating';
import { saveRiskRating } from '../api/save-risk-rating';
import { SettingsCard } from './SettingsCard';
import { toNumber, useRiskSave } from './use-config-save';

interface Draft {
  mediumFrom: number | string;
  highFrom: number | string;
  factorMediumFrom: number | string;
  factorHighFrom: number | string;
  enhancedDueDiligenceFrom: string;
  reason: string;
}

function ThresholdsForm({ settings }: { settings: TRiskRatingSettings }) {
  const flow = useRiskSave();
  const [draft, setDraft] = useState<Draft>(() => ({ ...settings, reason: settings.reason ?? '' }));
  const set = (key: keyof typeof draft, value: number | string) => setDraft((current) => ({ ...current, [key]: value }));
  const form = useFormCheck(flow);

  async function onSubmit(): Promise<void> {
    const data = form.check(ZRiskRatingSave, {
      mediumFrom: toNumber(draft.mediumFrom),
      highFrom: toNumber(draft.highFrom),
      factorMediumFrom: toNumber(draft.factorMediumFrom),
      factorHighFrom: toNumber(draft.factorHighFrom),
      enhancedDueDiligenceFrom: draft.enhancedDueDiligenceFrom,
      reason: draft.reason,
    });
    if (data) await flow.run(() => saveRiskRating(settings._id, data));
  }

  return (
    <SaveForm error={form.error} isSaving={flow.isSaving} submitLabel="Save thresholds" onSubmit={onSubmit}>
      <Text size="sm" c="dimmed">
        The weighted total is low below “medium from”, medium below “high from”, and high from there; a total exactly on a threshold takes
        the higher level. Overrides and a confirmed sanction hit can only raise the result.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <NumberInput
          clampBehavior="none"
          label="Medium from"
          required
          min={1}
          max={100}
          value={draft.mediumFrom}
          onChange={(value) => set('mediumFrom', value)}
          error={form.errorOf('mediumFrom')}
        />
        <NumberInput
          clampBehavior="none"
          label="High from"
          required
          min={1}
          max={100}
          value={draft.highFrom}
          onChange={(value) => set('highFrom', value)}
          error={form.errorOf('highFrom')}
        />
        <NumberInput
          clampBehavior="none"
          label="Factor medium from"
          required
          min={1}
          max={100}
          value={draft.factorMediumFrom}
          onChange={(value) => set('factorMediumFrom', value)}
          error={form.errorOf('factorMediumFrom')}
          description="One factor's level in the risk table"
        />
        <NumberInput
          clampBehavior="none"
          label="Factor high from"
          required
          min={1}
          max={100}
          value={draft.factorHighFrom}
          onChange={(value) => set('factorHighFrom', value)}
          error={form.errorOf('factorHighFrom')}
        />
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
    </SaveForm>
  );
}

/** risk-rating page: the bands that turn the weighted total into a level, and the EDD floor. */
export function ThresholdsCard() {
  const header = (
    <Title order={2} size="h4" mb="sm">
      Thresholds
    </Title>
  );
  const query = useRiskRating();
  return <SettingsCard query={query} header={header} skeletonHeight={160} renderForm={(data) => <ThresholdsForm settings={data} />} />;
}
