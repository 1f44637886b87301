import { ENGINE_PAGE_TITLES, FACTOR_PAGES } from '@sanad/contracts/risk-pages';

/** The side list of the engine pages, grouped the way a compliance officer looks for them. */
export const ENGINE_NAV_GROUPS: ReadonlyArray<{ label: string; pages: readonly string[] }> = [
  { label: 'Rating', pages: ['risk', 'risk-rating', 'risk-level-review'] },
  { label: 'Geography', pages: ['country', 'nationality', 'state'] },
  { label: 'Person and company', pages: ['work', 'industry', 'relationship', 'gender', 'PEP', 'Entity'] },
  { label: 'Account', pages: ['product', 'purpose-of-action', 'channel', 'investment', 'aum', 'sar'] },
  { label: 'Checks and screening', pages: ['document-verification-factor', 'name-screen-score', 'AM'] },
  { label: 'Screening words', pages: ['stop-words', 'variant-words'] },
];

export const ENGINE_BASE_PATH = '/configuration/sanad-engine';

export const pageTitle = (page: string) => ENGINE_PAGE_TITLES[page] ?? page;
export const pagePath = (page: string) => `${ENGINE_BASE_PATH}/${page}`;
export const isFactorPage = (page: string) => page in FACTOR_PAGES;
