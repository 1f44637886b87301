import { useState, type FormEvent } from 'react';
import { Anchor, Breadcrumbs, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { CountrySelect } from '../../../components/CountrySelect';
import { CUSTOMER_LIST_PATH } from '../paths';
import { GENDER_OPTIONS, INDUSTRY_OPTIONS, WORK_TYPE_OPTIONS } from '../self-register/options';
import { CustomFieldFilter } from './CustomFieldFilter';
import { KycFilterFields } from './CustomerFilterFields';
import { CustomerResults } from './CustomerResults';
import { EMPTY_FILTERS, hasFilters, readFilters, writeFilters, type CustomerFilters } from './customer-filters';

/**
 * Advanced search (/customer-profiles/advance-search): first, middle and last name (any part of
 * each), gender, nationality, country of residence, work type and industry, one of the segment's
 * custom fields (form builder) with the answer looked for, with the KYC filters
 * (status, name screening hit type, risk rating level, ID type, product). Search writes the fields
 * into the address, so the results page is shared by sharing its link; the list's archived filter
 * and export apply to the results as they do to the list.
 */
/** The search form; its draft starts from the address, so a shared link or back/forward shows its own search. */
function SearchForm({
  applied,
  onSearch,
  onClear,
}: {
  applied: CustomerFilters;
  onSearch: (filters: CustomerFilters) => void;
  onClear: () => void;
}) {
  const [draft, setDraft] = useState<CustomerFilters>(applied);
  const set = (key: keyof CustomerFilters) => (value: string | null) => setDraft((current) => ({ ...current, [key]: value ?? '' }));
  const text = (key: keyof CustomerFilters) => (event: React.ChangeEvent<HTMLInputElement>) => set(key)(event.currentTarget.value);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch({ ...draft, status: applied.status });
  }

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} aria-label="Advanced search">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm">
          <TextInput label="First name" value={draft.firstName} onChange={text('firstName')} maxLength={100} />
          <TextInput label="Middle name" value={draft.middleName} onChange={text('middleName')} maxLength={100} />
          <TextInput label="Last name" value={draft.lastName} onChange={text('lastName')} maxLength={100} />
          <Select
            label="Gender"
            placeholder="Any"
            data={GENDER_OPTIONS}
            value={draft.genderId || null}
            onChange={set('genderId')}
            clearable
          />
          <CountrySelect
            label="Nationality"
            placeholder="Any"
            value={draft.nationalityId || null}
            onChange={set('nationalityId')}
            clearable
          />
          <CountrySelect
            label="Country of residence"
            placeholder="Any"
            value={draft.countryOfResidenceId || null}
            onChange={set('countryOfResidenceId')}
            clearable
          />
          <Select
            label="Work type"
            placeholder="Any"
            data={WORK_TYPE_OPTIONS}
            value={draft.workTypeId || null}
            onChange={set('workTypeId')}
            clearable
          />
          <Select
            label="Industry"
            placeholder="Any"
            data={INDUSTRY_OPTIONS}
            value={draft.industryId || null}
            onChange={set('industryId')}
            searchable
            clearable
          />
        </SimpleGrid>
        <Title order={2} size="h5">
          Custom fields
        </Title>
        <CustomFieldFilter draft={draft} onChange={setDraft} />
        <Title order={2} size="h5">
          KYC filters
        </Title>
        <KycFilterFields filters={draft} onChange={setDraft} isListOnlyShown={false} />
        <Group justify="flex-end" gap="sm">
          <Button
            variant="subtle"
            leftSection={<IconFilterOff size={14} aria-hidden />}
            onClick={() => {
              setDraft(EMPTY_FILTERS);
              onClear();
            }}
          >
            Clear
          </Button>
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
            Search
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export default function AdvancedSearchPage() {
  const [params, setParams] = useSearchParams();
  const applied = readFilters(params);
  const isSearched = hasFilters(applied) || params.has('keyword');

  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to={CUSTOMER_LIST_PATH} size="sm">
          Customer Profiles
        </Anchor>
        <Text size="sm">Advanced search</Text>
      </Breadcrumbs>
      <Title order={1} size="h2">
        Advanced search
      </Title>
      <SearchForm
        key={params.toString()}
        applied={applied}
        onSearch={(filters) => setParams((current) => writeFilters(current, filters))}
        onClear={() => setParams(new URLSearchParams())}
      />
      {isSearched ? (
        <CustomerResults filters={applied} isFiltered caption="Search results" />
      ) : (
        <Text c="dimmed" size="sm">
          Fill in any of the fields and choose Search. The address of the results can be shared.
        </Text>
      )}
    </Stack>
  );
}
