import { Select, type SelectProps } from '@mantine/core';
import { ISO_COUNTRIES } from '@sanad/risk/defaults/iso-countries';
import { useT } from '../lib/i18n/use-t';

/** A searchable selector over the fixed list of about 250 countries, named in the language on screen; the value is the ISO code. */
export function CountrySelect(props: Omit<SelectProps, 'data'>) {
  const { t, countryOptions } = useT();
  return <Select searchable clearable nothingFoundMessage={t('country.none')} {...props} data={countryOptions()} />;
}

export function countryName(code: string | null | undefined): string {
  if (!code) return '';
  return ISO_COUNTRIES.find((country) => country.code === code)?.name ?? code;
}
