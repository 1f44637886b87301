import { useState } from 'react';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { ZStopWordSave, ZVariantWordSave } from '@sanad/contracts/risk-configuration';
import { errorsByField, fieldError, useConfigSave } from './use-config-save';

/** A stop word, or a variant word with its canonical form; the word itself is fixed once saved. */
export function WordForm({ page, item, onClose }: { page: 'stop-words' | 'variant-words'; item: { _id: string; word: string; canonical?: string; status: 'active' | 'archived' } | null; onClose: () => void }) {
  const isVariant = page === 'variant-words';
  const [word, setWord] = useState(item?.word ?? '');
  const [canonical, setCanonical] = useState(item?.canonical ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const flow = useConfigSave(page, { onClose });
  const errorOf = (field: string) => fieldError(field, errors, flow.fieldErrors);

  async function onSubmit(): Promise<void> {
    const candidate = { word, canonical, status: item?.status ?? 'active' };
    const parsed = isVariant ? ZVariantWordSave.safeParse(candidate) : ZStopWordSave.safeParse(candidate);
    if (!parsed.success) {
      setErrors(errorsByField(parsed.error));
      return;
    }
    setErrors({});
    await flow.save({ ...parsed.data, ...(item ? { _id: item._id } : {}) });
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
        <TextInput label="Word" required value={word} onChange={(event) => setWord(event.currentTarget.value)} error={errorOf('word')} disabled={item !== null} />
        {isVariant ? (
          <TextInput label="Canonical form" required value={canonical} onChange={(event) => setCanonical(event.currentTarget.value)} error={errorOf('canonical')} description="Screening reads the word as this spelling" />
        ) : null}
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
