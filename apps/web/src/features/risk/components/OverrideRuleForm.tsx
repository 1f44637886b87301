import { useState } from 'react';
import { NumberInput, Select, SimpleGrid, Switch, TextInput, Textarea } from '@mantine/core';
import { ZOverrideRuleSave, type TOverrideRuleRow } from '@sanad/contracts/risk-configuration';
import { REGISTRY_FLAGS } from '@sanad/risk/risk-facts';
import { SaveForm } from '../../../components/form/SaveForm';
import { HIT_TYPE_OPTIONS } from '../../../lib/hit-types';
import { useFormCheck } from '../../../lib/use-form-check';
import { AppliesToField } from './AppliesToField';
import { OVERRIDE_TO_OPTIONS, REGISTRY_FLAG_LABELS } from './rule-options';
import { useConfigSave } from './use-config-save';
import { saveOverrideRule } from '../api/table-pages';

/** Add or edit an override rule: a registry flag or a screening hit that forces a minimum level. */
export function OverrideRuleForm({ item, onClose }: { item: TOverrideRuleRow | null; onClose: () => void }) {
  const [code, setCode] = useState(item?.code ?? '');
  const [title, setTitle] = useState(item?.title ?? '');
  const [overrideTo, setOverrideTo] = useState<string>(item?.overrideTo ?? 'high');
  const [appliesTo, setAppliesTo] = useState<string[]>(item?.appliesTo ?? ['individual', 'company']);
  const [kind, setKind] = useState<string>(item?.when.kind ?? 'registry-flag');
  const [flag, setFlag] = useState<string>(item?.when.kind === 'registry-flag' ? item.when.flag : 'accountsOverdue');
  const [hitType, setHitType] = useState<string>(item?.when.kind === 'screening-hit' ? item.when.hitType : 'pep');
  const [isGenuineOnly, setGenuineOnly] = useState(item?.when.kind === 'screening-hit' ? item.when.isGenuineOnly : true);
  const [minScore, setMinScore] = useState<number | string>(item?.when.kind === 'screening-hit' ? item.when.minScore : 0);
  const [reason, setReason] = useState(item?.reason ?? '');
  const flow = useConfigSave('override-rules', { onClose });
  const form = useFormCheck(flow);

  async function onSubmit(): Promise<void> {
    const when =
      kind === 'registry-flag' ? { kind, flag } : { kind, hitType, isGenuineOnly, minScore: minScore === '' ? 0 : Number(minScore) };
    const data = form.check(ZOverrideRuleSave, {
      code,
      title,
      overrideTo,
      appliesTo,
      when,
      status: item?.status ?? 'active',
      reason,
      source: item?.source ?? null,
    });
    if (data) await flow.run(() => saveOverrideRule({ ...data, ...(item ? { _id: item._id } : {}) }));
  }

  return (
    <SaveForm error={form.error} isSaving={flow.isSaving} submitLabel="Save" onSubmit={onSubmit} onCancel={onClose}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Code"
          required
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={form.errorOf('code')}
          disabled={item !== null}
        />
        <TextInput
          label="Title"
          required
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          error={form.errorOf('title')}
        />
        <Select
          label="When"
          data={[
            { value: 'registry-flag', label: 'A company-registry flag is set' },
            { value: 'screening-hit', label: 'Screening finds a hit' },
          ]}
          value={kind}
          onChange={(value) => setKind(value ?? 'registry-flag')}
          allowDeselect={false}
        />
        {kind === 'registry-flag' ? (
          <Select
            label="Flag"
            data={REGISTRY_FLAGS.map((value) => ({ value, label: REGISTRY_FLAG_LABELS[value] }))}
            value={flag}
            onChange={(value) => setFlag(value ?? flag)}
            allowDeselect={false}
          />
        ) : (
          <Select
            label="Hit type"
            data={HIT_TYPE_OPTIONS}
            value={hitType}
            onChange={(value) => setHitType(value ?? hitType)}
            allowDeselect={false}
          />
        )}
        <Select
          label="Override to"
          data={OVERRIDE_TO_OPTIONS}
          value={overrideTo}
          onChange={(value) => setOverrideTo(value ?? 'high')}
          allowDeselect={false}
          error={form.errorOf('overrideTo')}
        />
        {kind === 'screening-hit' ? (
          <NumberInput
            clampBehavior="none"
            label="From match score"
            min={0}
            max={100}
            value={minScore}
            onChange={setMinScore}
            disabled={isGenuineOnly}
          />
        ) : null}
      </SimpleGrid>
      {kind === 'screening-hit' ? (
        <Switch
          label="Only confirmed (genuine) hits"
          checked={isGenuineOnly}
          onChange={(event) => setGenuineOnly(event.currentTarget.checked)}
        />
      ) : null}
      <AppliesToField value={appliesTo} onChange={setAppliesTo} error={form.errorOf('appliesTo')} />
      <Textarea label="Why" value={reason} onChange={(event) => setReason(event.currentTarget.value)} autosize minRows={2} />
    </SaveForm>
  );
}
