/**
 * The screening-data pages the spec names, grouped for the page's navigation; ids keep the spec's
 * spelling. The black-list and sanad-list pages show one list, the firm's own, so the navigation
 * has one entry for it; the black-list address opens it filtered to black-list hits.
 */
export interface ScreeningDataPageInfo {
  id: string;
  label: string;
}

export const SCREENING_DATA_GROUPS: ReadonlyArray<{ title: string; pages: readonly ScreeningDataPageInfo[] }> = [
  {
    title: "The firm's lists",
    pages: [
      { id: 'sanad-list', label: 'Sanad list (own black-list)' },
      { id: 'delta-list', label: 'Delta list' },
    ],
  },
  {
    title: 'Dow Jones reference data',
    pages: [
      { id: 'gender', label: 'Gender' },
      { id: 'deceased', label: 'Deceased' },
      { id: 'record-status', label: 'Record status' },
      { id: 'name-type', label: 'Name type' },
      { id: 'descprition-1', label: 'Description 1' },
      { id: 'descprition-2', label: 'Description 2' },
      { id: 'descprition-3', label: 'Description 3' },
      { id: 'role-type', label: 'Role type' },
      { id: 'occupation', label: 'Occupation' },
      { id: 'date-type', label: 'Date type' },
      { id: 'sanction-reference', label: 'Sanction reference' },
      { id: 'country', label: 'Country' },
      { id: 'country-type', label: 'Country type' },
      { id: 'identification', label: 'Identification' },
      { id: 'relationship-type', label: 'Relationship type' },
    ],
  },
  {
    title: 'World-Check reference data',
    pages: [
      { id: 'category', label: 'Category' },
      { id: 'sub-category', label: 'Sub-category' },
      // One deceased page serves both vendors (the spec lists it under each); its rows name their source.
      { id: 'deceased', label: 'Deceased' },
      { id: 'location', label: 'Location' },
      { id: 'EIType', label: 'E/I type' },
      { id: 'keyword', label: 'Keyword' },
      { id: 'update-category', label: 'Update category' },
      { id: 'pep-status', label: 'PEP status' },
    ],
  },
];

export function findScreeningDataPage(id: string | undefined): ScreeningDataPageInfo | null {
  for (const group of SCREENING_DATA_GROUPS) {
    const page = group.pages.find((candidate) => candidate.id === id);
    if (page) return page;
  }
  return null;
}
