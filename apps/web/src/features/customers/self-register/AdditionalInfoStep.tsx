import { Fieldset, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useT } from '../../../lib/i18n/use-t';
import { DraftNumber, DraftSwitch } from './fields';
import { useWizard } from './wizard-context';

/** Step 5: expected investment, GCC nationality and the firm's own reference. */
export function AdditionalInfoStep() {
  const { draft, update, errors } = useWizard();
  const { t } = useT();
  return (
    <Stack gap="md">
      <Fieldset legend={t('additional.legend')} radius="md" p={{ base: 'sm', sm: 'md' }}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DraftNumber
            section="additionalInfo"
            name="investment"
            label={t('additional.investment')}
            description={t('additional.currency')}
          />
          <TextInput
            label={t('field.reference')}
            description={t('additional.referenceHelp')}
            dir="ltr"
            value={draft.record.reference ?? ''}
            onChange={(event) => {
              const reference = event.currentTarget.value;
              update((current) => ({ ...current, record: { ...current.record, reference } }));
            }}
            error={errors.reference}
          />
        </SimpleGrid>
        <Stack mt="sm">
          <DraftSwitch section="additionalInfo" name="gccNational" label={t('additional.gcc')} />
        </Stack>
      </Fieldset>
    </Stack>
  );
}
