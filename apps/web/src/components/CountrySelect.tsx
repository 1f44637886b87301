import { Select, type SelectProps } from '@mantine/core';
import { ISO_COUNTRIES } from '@sanad/risk/defaults/iso-countries';

const OPTIONS = ISO_COUNTRIES.map((country) => ({ value: country.code, label: country.name }));

/** A searchable selector over the fixed list of about 250 countries; the value is the ISO code. */
export function CountrySelect(props: Omit<SelectProps, 'data'>) {
  return <Select searchable clearable nothingFoundMessage="No country matches" {...props} data={OPTIONS} />;
}

export function countryName(code: string | null | undefined): string {
  if (!code) return '';
  return ISO_COUNTRIES.find((country) => country.code === code)?.name ?? code;
}
