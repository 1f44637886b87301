import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { ZStopWordSave, ZVariantWordSave } from '@sanad/contracts/risk-configuration';
import { SaveForm } from '../../../components/form/SaveForm';
import { useFormCheck } from '../../../lib/use-form-check';
import { useConfigSave } from './use-config-save';
import { saveStopWord, saveVariantWord } from '../api/table-pages';

/** A stop word, or a variant word with its canonical form; the word itself is fixed once saved. */
export function WordForm({
  page,
  item,
  onClose,
}: {
  page: 'stop-words' | 'variant-words';
  item: { _id: string; word: string; canonical?: string; status: 'active' | 'archived' } | null;
  onClose: () => void;
}) {
  const isVariant = page === 'variant-words';
  const [word, setWord] = useState(item?.word ?? '');
  const [canonical, setCanonical] = useState(item?.canonical ?? '');
  const flow = useConfigSave(page, { onClose });
  const form = useFormCheck(flow);

  async function onSubmit(): Promise<void> {
    const candidate = { word, canonical, status: item?.status ?? 'active' };
    const id = item ? { _id: item._id } : {};
    if (isVariant) {
      const data = form.check(ZVariantWordSave, candidate);
      if (data) await flow.run(() => saveVariantWord({ ...data, ...id }));
    } else {
      const data = form.check(ZStopWordSave, candidate);
      if (data) await flow.run(() => saveStopWord({ ...data, ...id }));
    }
  }

  return (
    <SaveForm error={form.error} isSaving={flow.isSaving} submitLabel="Save" onSubmit={onSubmit} onCancel={onClose}>
      <TextInput
        label="Word"
        required
        value={word}
        onChange={(event) => setWord(event.currentTarget.value)}
        error={form.errorOf('word')}
        disabled={item !== null}
      />
      {isVariant ? (
        <TextInput
          label="Canonical form"
          required
          value={canonical}
          onChange={(event) => setCanonical(event.currentTarget.value)}
          error={form.errorOf('canonical')}
          description="Screening reads the word as this spelling"
        />
      ) : null}
    </SaveForm>
  );
}
