import { useState } from 'react';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import type { TCompanyCreateBody } from '@sanad/contracts/companies';
import { COMPANY_ENDPOINTS } from '@sanad/contracts/companies.endpoints';
import type { TRegisterLookup } from '@sanad/contracts/company-registry';
import { api } from '../../../lib/api';
import { CountrySelect } from '../../../components/CountrySelect';
import type { FieldErrors } from '../../../lib/form-errors';
import { getActiveDataSegmentId } from '../../../lib/session';
import { INDUSTRY_OPTIONS, LEGAL_FORM_OPTIONS, PURPOSE_OPTIONS, STATUS_OPTIONS } from '../options';

/**
 * The company's declaration as a form: its values, how they become the API's companyInfo, and the
 * fields. Company Onboarding's setup-profile and the self-register wizard's show the same form.
 */
export const EMPTY_COMPANY_VALUES = {
  legalName: '',
  formerNames: '',
  registrationNumber: '',
  register: '',
  legalForm: '',
  status: 'active',
  incorporationDate: '',
  incorporationCountryId: '',
  registeredLine1: '',
  registeredCity: '',
  registeredPostalCode: '',
  registeredCountryId: '',
  tradingLine1: '',
  tradingCity: '',
  tradingCountryId: '',
  industryId: '',
  tradeLicenceNumber: '',
  tradeLicenceExpiry: '',
  tradeLicencePlace: '',
  taxId: '',
  website: '',
  purposeOfRelationship: '',
  expectedActivity: '',
};
export type CompanyValues = typeof EMPTY_COMPANY_VALUES;

const address = (line1: string, city: string, countryId: string, postalCode = '') =>
  line1.trim() || city.trim() || countryId || postalCode.trim()
    ? {
        line1,
        ...(city ? { city } : {}),
        ...(postalCode.trim() ? { postalCode: postalCode.trim() } : {}),
        ...(countryId ? { countryId } : {}),
      }
    : undefined;

const optional = (value: string): string | undefined => (value.trim() === '' ? undefined : value.trim());

/** The form's values as the API takes them: empty choices left out, former names one per line. */
export function companyBody(values: CompanyValues): TCompanyCreateBody {
  const registeredAddress = address(values.registeredLine1, values.registeredCity, values.registeredCountryId, values.registeredPostalCode);
  const tradingAddress = address(values.tradingLine1, values.tradingCity, values.tradingCountryId);
  const formerNames = values.formerNames
    .split('\n')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const info = {
    legalName: values.legalName,
    registrationNumber: values.registrationNumber,
    formerNames,
    register: optional(values.register),
    legalForm: optional(values.legalForm),
    status: optional(values.status) as TCompanyCreateBody['companyInfo']['status'],
    incorporationDate: optional(values.incorporationDate),
    incorporationCountryId: optional(values.incorporationCountryId),
    registeredAddress,
    tradingAddress,
    industryId: optional(values.industryId),
    tradeLicenceNumber: optional(values.tradeLicenceNumber),
    tradeLicenceExpiry: optional(values.tradeLicenceExpiry),
    tradeLicencePlace: optional(values.tradeLicencePlace),
    taxId: optional(values.taxId),
    website: optional(values.website),
    purposeOfRelationship: optional(values.purposeOfRelationship),
    expectedActivity: optional(values.expectedActivity),
  };
  const companyInfo = Object.fromEntries(
    Object.entries(info).filter(([, value]) => value !== undefined),
  ) as TCompanyCreateBody['companyInfo'];
  const dataSegmentId = getActiveDataSegmentId();
  return { companyInfo, ...(dataSegmentId ? { dataSegmentId } : {}) };
}

/** What a register entry fills in, in the form's values (the registered address's second line joins the first). */
export function valuesFromRegister(prefill: TRegisterLookup['prefill']): Partial<CompanyValues> {
  const registered = prefill.registeredAddress;
  const filled: Partial<CompanyValues> = {
    legalName: prefill.legalName,
    formerNames: prefill.formerNames?.join('\n'),
    registrationNumber: prefill.registrationNumber,
    register: prefill.register,
    status: prefill.status,
    incorporationDate: prefill.incorporationDate,
    incorporationCountryId: prefill.incorporationCountryId,
    registeredLine1: registered ? [registered.line1, registered.line2].filter(Boolean).join(', ') : undefined,
    registeredCity: registered?.city,
    registeredPostalCode: registered?.postalCode,
    registeredCountryId: registered?.countryId,
  };
  return Object.fromEntries(Object.entries(filled).filter(([, value]) => value !== undefined)) as Partial<CompanyValues>;
}

/**
 * The registration number with "Look up in register" beside it: the number is looked up in the
 * imported UK Companies House register and the entry fills the form, with its status, SIC text and
 * overdue filings shown below. The button sits on the number's own row (it wraps under it on a
 * phone) so the lookup is the first thing in reach after the number is typed.
 */
function RegistrationNumberLookup({
  value,
  error,
  onChange,
  onFill,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onFill: (values: Partial<CompanyValues>) => void;
}) {
  const [isLooking, setLooking] = useState(false);
  const [found, setFound] = useState<TRegisterLookup | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const canLookUp = value.trim() !== '';
  async function lookUp() {
    setLooking(true);
    setProblem(null);
    try {
      const { data } = await api(COMPANY_ENDPOINTS.registerLookup, { query: { register: 'GB-COH', number: value } });
      setFound(data);
      onFill(valuesFromRegister(data.prefill));
    } catch (caught) {
      setFound(null);
      setProblem(caught instanceof Error ? caught.message : 'There is something wrong');
    } finally {
      setLooking(false);
    }
  }
  return (
    <Stack gap="xs">
      <Group gap="xs" align="flex-end" wrap="wrap" maw={640}>
        <TextInput
          label="Registration number"
          description="Look it up in the UK Companies House register (the imported register file) to fill the form"
          required
          autoComplete="off"
          // The input comes last so that, with or without an error, it lines up with the button.
          inputWrapperOrder={['label', 'description', 'error', 'input']}
          style={{ flex: '1 1 200px', minWidth: 0 }}
          value={value}
          error={error}
          onChange={(event) => {
            // A "no such company" answer is about the number as it was; it goes when the number changes.
            setProblem(null);
            onChange(event.currentTarget.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && canLookUp) {
              event.preventDefault();
              void lookUp();
            }
          }}
        />
        <Button variant="light" onClick={() => void lookUp()} loading={isLooking} disabled={!canLookUp}>
          Look up in register
        </Button>
      </Group>
      {problem ? (
        <Alert color="orange" role="status">
          {problem}
        </Alert>
      ) : null}
      {found ? (
        <Alert color="blue" role="status" title={`Filled from the register: ${found.entry.legalName}`}>
          <Stack gap={2}>
            <Text size="sm">
              Status in the register: {found.entry.status || '-'}
              {found.entry.category ? ` · ${found.entry.category}` : ''}
            </Text>
            {found.entry.sicCodes.length > 0 ? <Text size="sm">Nature of business (SIC): {found.entry.sicCodes.join('; ')}</Text> : null}
            {found.flags.accountsOverdue ? <Text size="sm">Accounts overdue (due {found.entry.accountsNextDueDate})</Text> : null}
            {found.flags.confirmationStatementOverdue ? (
              <Text size="sm">Confirmation statement overdue (due {found.entry.confirmationStatementNextDueDate})</Text>
            ) : null}
            <Text size="xs" c="dimmed">
              Check the filled fields and choose the industry yourself. Where the company declares otherwise, its profile&apos;s Register
              check shows the difference.
            </Text>
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}

/** A server or schema error on companyInfo.x is shown on the field x. */
export function fieldOf(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([key, message]) => [key.replace(/^companyInfo\./, ''), message]));
}

/** The declaration's fields; each change names the field and its new value. */
export function CompanyProfileFields({
  values,
  errors,
  onChange,
}: {
  values: CompanyValues;
  errors: FieldErrors;
  onChange: (name: keyof CompanyValues, value: string) => void;
}) {
  const text = (name: keyof CompanyValues) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(name, event.currentTarget.value),
  });
  const choice = (name: keyof CompanyValues) => ({
    value: values[name] || null,
    error: errors[name],
    onChange: (value: string | null) => onChange(name, value ?? ''),
  });
  return (
    <>
      <Title order={3} size="h5">
        Company
      </Title>
      <RegistrationNumberLookup
        value={values.registrationNumber}
        error={errors.registrationNumber}
        onChange={(value) => onChange('registrationNumber', value)}
        onFill={(filled) => {
          for (const [name, value] of Object.entries(filled)) onChange(name as keyof CompanyValues, value);
        }}
      />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <TextInput label="Legal name" required autoComplete="off" {...text('legalName')} />
        <TextInput label="Register" placeholder="e.g. Companies House, Dubai DED" autoComplete="off" {...text('register')} />
        <Select label="Legal form" data={LEGAL_FORM_OPTIONS} searchable clearable {...choice('legalForm')} />
        <Select label="Status" data={STATUS_OPTIONS} {...choice('status')} />
        <TextInput label="Incorporation date" type="date" {...text('incorporationDate')} />
        <CountrySelect label="Country of incorporation" {...choice('incorporationCountryId')} />
        <Select label="Industry" data={INDUSTRY_OPTIONS} searchable clearable {...choice('industryId')} />
        <TextInput label="Tax ID" autoComplete="off" {...text('taxId')} />
        <TextInput label="Website" autoComplete="off" {...text('website')} />
      </SimpleGrid>
      <Textarea label="Former names" description="One per line" autosize minRows={2} {...text('formerNames')} />
      <Title order={3} size="h5">
        Addresses
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        <TextInput label="Registered address" {...text('registeredLine1')} error={errors['registeredAddress.line1']} />
        <TextInput label="City" {...text('registeredCity')} />
        <TextInput label="Postcode" autoComplete="off" {...text('registeredPostalCode')} />
        <CountrySelect label="Country" {...choice('registeredCountryId')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput label="Trading address" {...text('tradingLine1')} error={errors['tradingAddress.line1']} />
        <TextInput label="City" {...text('tradingCity')} />
        <CountrySelect label="Country" {...choice('tradingCountryId')} />
      </SimpleGrid>
      <Title order={3} size="h5">
        Trade licence
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput label="Licence number" {...text('tradeLicenceNumber')} />
        <TextInput label="Expiry date" type="date" {...text('tradeLicenceExpiry')} />
        <TextInput label="Place of issue" {...text('tradeLicencePlace')} />
      </SimpleGrid>
      <Title order={3} size="h5">
        Relationship
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select label="Purpose of the relationship" data={PURPOSE_OPTIONS} clearable {...choice('purposeOfRelationship')} />
        <Textarea label="Expected activity" autosize minRows={1} {...text('expectedActivity')} />
      </SimpleGrid>
    </>
  );
}
