/**
 * Sanad's own list format for a firm's internal black-list (`sanad-list`) and its delta lists,
 * as CSV (comma-separated, UTF-8, header row first) or XLSX (first worksheet, header row first).
 * Header names ignore case, spaces, hyphens and underscores. Multi-valued cells separate values
 * with ';'. README.md documents each column with an example.
 */
export interface SanadListColumn {
  name: string;
  /** Other header names accepted for the column. */
  synonyms: readonly string[];
  isRequired: boolean;
  description: string;
}

export const SANAD_LIST_COLUMNS: readonly SanadListColumn[] = [
  {
    name: 'action',
    synonyms: [],
    isRequired: false,
    description: 'Delta lists only: add, change or delete (empty means add). A file with this column is a delta.',
  },
  {
    name: 'id',
    synonyms: ['record_id', 'uid'],
    isRequired: true,
    description: "The firm's own identifier of the record; unique in the file; the key for deltas and versions.",
  },
  { name: 'type', synonyms: ['entity_type'], isRequired: false, description: 'person (default), organisation, vessel or aircraft.' },
  {
    name: 'name',
    synonyms: ['full_name', 'primary_name'],
    isRequired: true,
    description: 'Primary full name (required except on delete rows).',
  },
  {
    name: 'first_name',
    synonyms: ['given_name'],
    isRequired: false,
    description: 'Given name of the primary name, when known separately.',
  },
  { name: 'middle_name', synonyms: [], isRequired: false, description: 'Middle name(s) of the primary name.' },
  { name: 'last_name', synonyms: ['family_name', 'surname'], isRequired: false, description: 'Family name of the primary name.' },
  { name: 'aliases', synonyms: ['aka', 'also_known_as'], isRequired: false, description: "Also-known-as names, ';'-separated." },
  {
    name: 'weak_aliases',
    synonyms: ['low_quality_aliases'],
    isRequired: false,
    description: "Low-quality aliases (nicknames, short forms), ';'-separated.",
  },
  { name: 'former_names', synonyms: ['fka'], isRequired: false, description: "Formerly-known-as names, ';'-separated." },
  {
    name: 'dob',
    synonyms: ['date_of_birth', 'birth_date'],
    isRequired: false,
    description: "Dates of birth, ';'-separated: 1975-04-02, 1975-04, 1975, 02/04/1975 (day first), circa 1975, 1970 to 1975.",
  },
  { name: 'place_of_birth', synonyms: ['birth_place'], isRequired: false, description: "Places of birth, ';'-separated." },
  { name: 'gender', synonyms: ['sex'], isRequired: false, description: 'male / female (M / F).' },
  {
    name: 'nationality',
    synonyms: ['nationalities'],
    isRequired: false,
    description: "Nationalities as country names or ISO codes, ';'-separated.",
  },
  { name: 'citizenship', synonyms: [], isRequired: false, description: "Citizenships, ';'-separated." },
  {
    name: 'country',
    synonyms: ['countries', 'residence'],
    isRequired: false,
    description: "Countries of residence (persons) or operation (others), ';'-separated.",
  },
  {
    name: 'id_numbers',
    synonyms: ['id_number', 'identifiers'],
    isRequired: false,
    description:
      "Identity documents, ';'-separated, each 'type:number (country)' or just a number: passport:AB1234567 (Pakistan); national-id:35202-1234567-1.",
  },
  {
    name: 'father_name',
    synonyms: ['father_or_husband_name', 'husband_name'],
    isRequired: false,
    description: "Father's or husband's name(s), ';'-separated.",
  },
  {
    name: 'address',
    synonyms: ['addresses'],
    isRequired: false,
    description: "Addresses, ';'-separated; the last comma part naming a country sets the address country.",
  },
  {
    name: 'associates',
    synonyms: [],
    isRequired: false,
    description: "Related people or companies, ';'-separated, each 'name (relationship)'.",
  },
  {
    name: 'programme',
    synonyms: ['program', 'reason', 'list_reason'],
    isRequired: false,
    description: "Why the record is listed (programme, reason), ';'-separated.",
  },
  { name: 'category', synonyms: ['categories'], isRequired: false, description: "Categories for reporting, ';'-separated." },
  { name: 'hit_type', synonyms: ['hittype'], isRequired: false, description: 'blackList (default), sanction, pep or enforcement.' },
  { name: 'listed_on', synonyms: ['listing_date', 'date_listed'], isRequired: false, description: 'Date the firm listed the record.' },
  { name: 'remarks', synonyms: ['notes', 'comments'], isRequired: false, description: 'Free text shown with a hit.' },
];
