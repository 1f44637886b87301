import { SimpleGrid, TextInput } from '@mantine/core';
import type { TPartyKind } from '@sanad/contracts/companies';
import { CountrySelect } from '../../../components/CountrySelect';
import type { FieldErrors } from '../../../lib/form-errors';

export interface PartyValues {
  kind: TPartyKind;
  name: string;
  email: string;
  dateOfBirth: string;
  registrationNumber: string;
  countryId: string;
}

type PartyField = Exclude<keyof PartyValues, 'kind'>;

/**
 * Who a new parent is: a name, and a person's e-mail and birth date or an entity's registration
 * number and country. Shared by the company self-register and the profile's Add parent form.
 */
export function PartyFields({
  values,
  errors,
  nameError,
  onChange,
}: {
  values: PartyValues;
  errors: FieldErrors;
  nameError?: string | undefined;
  onChange: (name: PartyField, value: string) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      <TextInput
        label="Name"
        required
        value={values.name}
        error={nameError ?? errors.name}
        onChange={(event) => onChange('name', event.currentTarget.value)}
      />
      {values.kind === 'person' ? (
        <>
          <TextInput
            label="Email"
            type="email"
            value={values.email}
            error={errors.email}
            onChange={(event) => onChange('email', event.currentTarget.value)}
          />
          <TextInput
            label="Date of birth"
            type="date"
            value={values.dateOfBirth}
            error={errors.dateOfBirth}
            onChange={(event) => onChange('dateOfBirth', event.currentTarget.value)}
          />
        </>
      ) : (
        <>
          <TextInput
            label="Registration number"
            value={values.registrationNumber}
            error={errors.registrationNumber}
            onChange={(event) => onChange('registrationNumber', event.currentTarget.value)}
          />
          <CountrySelect label="Country" value={values.countryId || null} onChange={(value) => onChange('countryId', value ?? '')} />
        </>
      )}
    </SimpleGrid>
  );
}
