import { Fieldset, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DraftNumber, DraftSwitch } from './fields';
import { useWizard } from './wizard-context';

/** Step 5: expected investment, GCC nationality and the firm's own reference. */
export function AdditionalInfoStep() {
  const { draft, update, errors } = useWizard();
  return (
    <Stack gap="md">
      <Fieldset legend="Additional information" radius="md" p={{ base: 'sm', sm: 'md' }}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DraftNumber
            section="additionalInfo"
            name="investment"
            label="Expected investment"
            description="In the segment's reporting currency"
          />
          <TextInput
            label="Reference"
            description="Your own reference for this customer"
            value={draft.record.reference ?? ''}
            onChange={(event) => {
              const reference = event.currentTarget.value;
              update((current) => ({ ...current, record: { ...current.record, reference } }));
            }}
            error={errors.reference}
          />
        </SimpleGrid>
        <Stack mt="sm">
          <DraftSwitch section="additionalInfo" name="gccNational" label="GCC national" />
        </Stack>
      </Fieldset>
    </Stack>
  );
}
