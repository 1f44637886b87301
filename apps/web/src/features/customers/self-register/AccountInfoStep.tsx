import { ActionIcon, Button, Fieldset, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { CRS_MAX_COUNTRIES } from '@sanad/contracts/customers';
import { CountrySelect } from '../../../components/CountrySelect';
import { useT } from '../../../lib/i18n/use-t';
import { DraftMultiSelect, DraftSwitch, DraftTags, DraftText } from './fields';
import { PRODUCT_OPTIONS } from './options';
import { useWizard } from './wizard-context';

/** Suggestions only: the field keeps what the customer chose or typed, in their own words. */
const SOURCE_KEYS = [
  'source.salary',
  'source.business',
  'source.savings',
  'source.investments',
  'source.inheritance',
  'source.property',
  'source.pension',
  'source.gift',
] as const;

/** The CRS tax countries: at most three, each with its TIN. */
function TaxCountries() {
  const { draft, setField, errors } = useWizard();
  const { t } = useT();
  const rows = draft.record.crsInfo?.taxCountries ?? [];
  const set = (next: typeof rows) => setField('crsInfo', 'taxCountries', next);
  return (
    <Stack gap="xs">
      {rows.map((row, index) => (
        <Group key={index} align="flex-end" gap="xs" wrap="wrap">
          <CountrySelect
            label={t('account.taxCountry', { number: index + 1 })}
            value={row.countryId ?? null}
            onChange={(value) => set(rows.map((item, at) => (at === index ? { ...item, countryId: value ?? '' } : item)))}
            error={errors[`crsInfo.taxCountries.${index}.countryId`]}
            style={{ flex: '1 1 200px' }}
          />
          <TextInput
            label={t('account.tin')}
            dir="ltr"
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
            aria-label={t('account.removeTaxCountry', { number: index + 1 })}
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
          {t('account.addTaxCountry')}
        </Button>
        <Text size="xs" c="dimmed">
          {t('account.atMostCountries', { max: CRS_MAX_COUNTRIES })}
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
  const { draft, audience } = useWizard();
  const { t } = useT();
  const sources = SOURCE_KEYS.map((key) => t(key));
  return (
    <Stack gap="md">
      <Fieldset legend={t('account.legend')} radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="sm">
          <DraftMultiSelect section="accountInfo" name="products" label={t('account.products')} data={PRODUCT_OPTIONS} />
          {/* Staff record whether they met the customer; a customer on their own link is onboarded remotely (the server stores it so). */}
          {audience === 'staff' && <DraftSwitch section="accountInfo" name="isf2f" label={t('account.faceToFace')} />}
        </Stack>
      </Fieldset>
      <Fieldset legend={t('account.wealthAndFunds')} radius="md" p={{ base: 'sm', sm: 'md' }}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DraftTags
            section="sourceOfWealth"
            name="evidenced"
            label={t('account.wealth')}
            description={t('account.chooseOrType')}
            data={sources}
          />
          <DraftTags
            section="sourceOfFunds"
            name="evidenced"
            label={t('account.funds')}
            description={t('account.chooseOrType')}
            data={sources}
          />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('account.crs')} radius="md" p={{ base: 'sm', sm: 'md' }}>
        <TaxCountries />
      </Fieldset>
      <Fieldset legend={t('account.fatca')} radius="md" p={{ base: 'sm', sm: 'md' }}>
        <DraftSwitch section="fatcaInfo" name="isCountryTax" label={t('account.usTax')} />
      </Fieldset>
      <Fieldset legend={t('account.jointOrMinor')} radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="sm">
          <DraftSwitch section="jointAccountInfo" name="isJointAccount" label={t('account.joint')} />
          {draft.record.jointAccountInfo?.isJointAccount ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <DraftText section="jointAccountInfo" name="name" label={t('account.jointName')} />
              <DraftText section="jointAccountInfo" name="relation" label={t('account.relation')} />
            </SimpleGrid>
          ) : null}
          <DraftSwitch section="minorAccountInfo" name="isMinorAccount" label={t('account.minor')} />
          {draft.record.minorAccountInfo?.isMinorAccount ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <DraftText section="minorAccountInfo" name="name" label={t('account.guardianName')} />
              <DraftText section="minorAccountInfo" name="relation" label={t('account.relation')} />
            </SimpleGrid>
          ) : null}
        </Stack>
      </Fieldset>
    </Stack>
  );
}
