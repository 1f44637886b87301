import { useState } from 'react';
import { NumberInput, Select, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { ZFactorValueSave, type TFactorValueRow } from '@sanad/contracts/risk-configuration';
import type { FactorKind } from '@sanad/risk/risk-factor.schema';
import { SaveForm } from '../../../components/form/SaveForm';
import { HIT_TYPE_OPTIONS } from '../../../lib/hit-types';
import { useFormCheck } from '../../../lib/use-form-check';
import { OVERRIDE_TO_OPTIONS } from './rule-options';
import { toNumber, useConfigSave } from './use-config-save';
import { saveFactorValue } from '../api/table-pages';

const OVERRIDE_OPTIONS = [{ value: '', label: 'No override' }, ...OVERRIDE_TO_OPTIONS];

interface Draft {
  code: string;
  title: string;
  score: number | string;
  overrideTo: string;
  min: number | string;
  max: number | string;
  hitType: string;
  reason: string;
  source: string;
}

function toDraft(item: TFactorValueRow | null): Draft {
  return {
    code: item?.code ?? '',
    title: item?.title ?? '',
    score: item?.score ?? '',
    overrideTo: item?.overrideTo ?? '',
    min: item?.min ?? '',
    max: item?.max ?? '',
    hitType: item?.hitType ?? '',
    reason: item?.reason ?? '',
    source: item?.source ?? '',
  };
}

const numberOrNull = (value: number | string) => (value === '' ? null : Number(value));

/** Add or edit one value of a factor table; bands add min and max, name screening the hit type. */
export function FactorValueForm({
  page,
  kind,
  item,
  onClose,
}: {
  page: string;
  kind: FactorKind;
  item: TFactorValueRow | null;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(item));
  const flow = useConfigSave(page, { onClose });
  const isBand = kind !== 'code' && draft.code.toLowerCase() !== 'no-hit';
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const form = useFormCheck(flow);

  async function onSubmit(): Promise<void> {
    const candidate = {
      code: draft.code,
      title: draft.title,
      score: toNumber(draft.score),
      overrideTo: draft.overrideTo === '' ? null : draft.overrideTo,
      min: isBand ? numberOrNull(draft.min) : null,
      max: isBand ? numberOrNull(draft.max) : null,
      hitType: kind === 'hit-band' && draft.hitType !== '' ? draft.hitType : null,
      status: item?.status ?? 'active',
      reason: draft.reason,
      source: draft.source,
    };
    const data = form.check(ZFactorValueSave, candidate);
    if (data) await flow.run(() => saveFactorValue(page, { ...data, ...(item ? { _id: item._id } : {}) }));
  }

  return (
    <SaveForm error={form.error} isSaving={flow.isSaving} submitLabel="Save" onSubmit={onSubmit} onCancel={onClose}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Code"
          required
          value={draft.code}
          onChange={(event) => set('code', event.currentTarget.value)}
          error={form.errorOf('code')}
          disabled={item !== null}
          description={item ? 'Customer records store the code; it cannot change' : 'What the registration form stores, e.g. an ISO code'}
        />
        <TextInput
          label="Title"
          required
          value={draft.title}
          onChange={(event) => set('title', event.currentTarget.value)}
          error={form.errorOf('title')}
        />
        <NumberInput
          clampBehavior="none"
          label="Score"
          required
          min={0}
          max={100}
          value={draft.score}
          onChange={(value) => set('score', value)}
          error={form.errorOf('score')}
          description="0 (no risk) to 100"
        />
        <Select
          label="Override to"
          data={OVERRIDE_OPTIONS}
          value={draft.overrideTo}
          onChange={(value) => set('overrideTo', value ?? '')}
          error={form.errorOf('overrideTo')}
          description="The lowest level a customer with this value can have"
          allowDeselect={false}
        />
        {kind === 'hit-band' && isBand ? (
          <Select
            label="Hit type"
            required
            data={HIT_TYPE_OPTIONS}
            value={draft.hitType || null}
            onChange={(value) => set('hitType', value ?? '')}
            error={form.errorOf('hitType')}
          />
        ) : null}
        {isBand ? (
          <>
            <NumberInput
              clampBehavior="none"
              label={kind === 'hit-band' ? 'Match score from' : 'Amount from'}
              required
              value={draft.min}
              onChange={(value) => set('min', value)}
              error={form.errorOf('min')}
              thousandSeparator=","
            />
            <NumberInput
              clampBehavior="none"
              label={kind === 'hit-band' ? 'Match score below' : 'Amount below'}
              value={draft.max}
              onChange={(value) => set('max', value)}
              error={form.errorOf('max')}
              description="Empty: no upper limit"
              thousandSeparator=","
            />
          </>
        ) : null}
      </SimpleGrid>
      <Textarea
        label="Why"
        value={draft.reason}
        onChange={(event) => set('reason', event.currentTarget.value)}
        error={form.errorOf('reason')}
        autosize
        minRows={2}
        description="Why this value scores what it does; shown to compliance officers"
      />
      <Textarea
        label="Source"
        value={draft.source}
        onChange={(event) => set('source', event.currentTarget.value)}
        error={form.errorOf('source')}
        autosize
        minRows={1}
      />
    </SaveForm>
  );
}
