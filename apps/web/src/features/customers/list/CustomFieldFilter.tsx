import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { CONTAINS_TYPES, FORM_PAGES, customFieldsOf, type TCustomFieldSummary, type TFormListField } from '@sanad/contracts/form-builder';
import { FORM_BUILDER_ENDPOINTS } from '@sanad/contracts/form-builder.endpoints';
import { api } from '../../../lib/api';
import { getActiveDataSegmentId } from '../../../lib/session';
import type { CustomerFilters } from './customer-filters';

/** The custom fields of the active segment's published forms (every page of GET form-builder/list). */
function usePublishedCustomFields(): { fields: TCustomFieldSummary[]; isLoading: boolean } {
  const dataSegmentId = getActiveDataSegmentId();
  const results = useQueries({
    queries: FORM_PAGES.map((section) => ({
      queryKey: ['form-builder', 'list', dataSegmentId, section],
      queryFn: async ({ signal }: { signal: AbortSignal }) =>
        (await api(FORM_BUILDER_ENDPOINTS.list, { query: { section, ...(dataSegmentId ? { dataSegmentId } : {}) } }, { signal })).data,
      staleTime: 60_000,
    })),
  });
  const fields: TFormListField[] = results.flatMap((result) => result.data ?? []);
  return { fields: customFieldsOf(fields), isLoading: results.some((result) => result.isLoading) };
}

/** How a field's answer is compared: any part of a text, the whole answer otherwise. */
export const matchOf = (field: Pick<TCustomFieldSummary, 'type'>): 'contains' | 'equals' =>
  CONTAINS_TYPES.includes(field.type) ? 'contains' : 'equals';

/**
 * The advanced search's custom-field filter: one of the segment's published custom fields and the
 * answer looked for (an option, yes/no, a number, a day, or any part of a text).
 */
export function CustomFieldFilter({ draft, onChange }: { draft: CustomerFilters; onChange: (next: CustomerFilters) => void }) {
  const { fields, isLoading } = usePublishedCustomFields();
  const field = fields.find((candidate) => candidate.key === draft.customField);
  const setValue = (value: string | null) =>
    onChange({ ...draft, customValue: value ?? '', customMatch: field ? matchOf(field) : draft.customMatch });

  let valueInput: React.ReactNode;
  if (field?.type === 'select' || field?.type === 'multi-select') {
    valueInput = (
      <Select
        label="Answer"
        placeholder="Choose an answer"
        data={field.options.map((option) => ({ value: option.value, label: option.label.en }))}
        value={draft.customValue || null}
        onChange={setValue}
        searchable
        clearable
      />
    );
  } else if (field?.type === 'yes-no') {
    valueInput = (
      <Select
        label="Answer"
        placeholder="Choose an answer"
        data={[
          { value: 'yes', label: 'Yes' },
          { value: 'no', label: 'No' },
        ]}
        value={draft.customValue || null}
        onChange={setValue}
        clearable
      />
    );
  } else {
    valueInput = (
      <TextInput
        label={field && matchOf(field) === 'contains' ? 'Answer contains' : 'Answer'}
        type={field?.type === 'date' ? 'date' : field?.type === 'number' ? 'number' : 'text'}
        value={draft.customValue}
        onChange={(event) => setValue(event.currentTarget.value)}
        maxLength={100}
        disabled={!draft.customField}
      />
    );
  }

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm">
      <Select
        label="Custom field"
        placeholder={isLoading ? 'Loading…' : fields.length === 0 ? 'No custom fields published' : 'Any'}
        data={fields.map((candidate) => ({ value: candidate.key, label: candidate.label }))}
        value={draft.customField || null}
        onChange={(key) => {
          const next = fields.find((candidate) => candidate.key === key);
          onChange({ ...draft, customField: key ?? '', customValue: '', customMatch: next ? matchOf(next) : '' });
        }}
        disabled={fields.length === 0}
        searchable
        clearable
      />
      {valueInput}
    </SimpleGrid>
  );
}
