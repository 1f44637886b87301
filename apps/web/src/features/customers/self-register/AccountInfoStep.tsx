import { ActionIcon, Button, Fieldset, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { CRS_MAX_COUNTRIES } from '@sanad/contracts/customers';
import { CountrySelect } from '../../../components/CountrySelect';
import { DraftMultiSelect, DraftSwitch, DraftTags, DraftText } from './fields';
import { PRODUCT_OPTIONS } from './options';
import { useWizard } from './wizard-context';

const SOURCES = ['Salary', 'Business income', 'Savings', 'Investments', 'Inheritance', 'Sale of property', 'Pension', 'Gift'];

/** The CRS tax countries: at most three, each with its TIN. */
function TaxCountries() {
  const { draft, setField, errors } = useWizard();
  const rows = draft.record.crsInfo?.taxCountries ?? [];
  const set = (next: typeof rows) => setField('crsInfo', 'taxCountries', next);
  return (
    <Stack gap="xs">
      {rows.map((row, index) => (
        <Group key={index} align="flex-end" gap="xs" wrap="wrap">
          <CountrySelect
            label={`Tax country ${index + 1}`}
            value={row.countryId ?? null}
            onChange={(value) => set(rows.map((item, at) => (at === index ? { ...item, countryId: value ?? '' } : item)))}
            error={errors[`crsInfo.taxCountries.${index}.countryId`]}
            style={{ flex: '1 1 200px' }}
          />
          <TextInput
            label="TIN"
            value={row.tin ?? ''}
            onChange={(event) => {
              const tin = event.currentTarget.value;
              set(rows.map((item, at) => (at === index ? { ...item, tin } : item)));
            }}
            error={errors[`crsInfo.taxCountries.${index}.tin`]}
            style={{ flex: '1 1 160px' }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Remove tax country ${index + 1}`}
            onClick={() => set(rows.filter((_, at) => at !== index))}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          disabled={rows.length >= CRS_MAX_COUNTRIES}
          onClick={() => set([...rows, { countryId: '', tin: '' }])}
        >
          Add tax country
        </Button>
        <Text size="xs" c="dimmed">
          At most {CRS_MAX_COUNTRIES} tax countries
        </Text>
      </Group>
      {errors['crsInfo.taxCountries'] ? (
        <Text size="sm" c="red">
          {errors['crsInfo.taxCountries']}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Step 4: products, source of wealth and funds, CRS and FATCA, joint and minor accounts. */
export function AccountInfoStep() {
  const { draft } = useWizard();
  return (
    <Stack gap="md">
      <Fieldset legend="Account" radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="sm">
          <DraftMultiSelect section="accountInfo" name="products" label="Products" data={PRODUCT_OPTIONS} />
          <DraftSwitch section="accountInfo" name="isf2f" label="The customer was met face to face" />
        </Stack>
      </Fieldset>
      <Fieldset legend="Source of wealth and funds" radius="md" p={{ base: 'sm', sm: 'md' }}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DraftTags
            section="sourceOfWealth"
            name="evidenced"
            label="Source of wealth"
            description="Choose or type, then press Enter"
            data={SOURCES}
          />
          <DraftTags
            section="sourceOfFunds"
            name="evidenced"
            label="Source of funds"
            description="Choose or type, then press Enter"
            data={SOURCES}
          />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend="Tax residency (CRS)" radius="md" p={{ base: 'sm', sm: 'md' }}>
        <TaxCountries />
      </Fieldset>
      <Fieldset legend="FATCA" radius="md" p={{ base: 'sm', sm: 'md' }}>
        <DraftSwitch section="fatcaInfo" name="isCountryTax" label="The customer is a US tax resident" />
      </Fieldset>
      <Fieldset legend="Joint or minor account" radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="sm">
          <DraftSwitch section="jointAccountInfo" name="isJointAccount" label="Joint account" />
          {draft.record.jointAccountInfo?.isJointAccount ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <DraftText section="jointAccountInfo" name="name" label="Joint holder's name" />
              <DraftText section="jointAccountInfo" name="relation" label="Relation" />
            </SimpleGrid>
          ) : null}
          <DraftSwitch section="minorAccountInfo" name="isMinorAccount" label="Minor account" />
          {draft.record.minorAccountInfo?.isMinorAccount ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <DraftText section="minorAccountInfo" name="name" label="Guardian's name" />
              <DraftText section="minorAccountInfo" name="relation" label="Relation" />
            </SimpleGrid>
          ) : null}
        </Stack>
      </Fieldset>
    </Stack>
  );
}
