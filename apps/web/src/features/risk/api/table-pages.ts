import type { UseQueryResult } from '@tanstack/react-query';
import type { TListQuery } from '@sanad/contracts/http';
import type {
  TFactorValueSave,
  TOverrideRuleSave,
  TRiskFactorSave,
  TStopWordSave,
  TVariantWordSave,
} from '@sanad/contracts/risk-configuration';
import { fieldKeyOfPage } from '@sanad/contracts/risk-custom-factors';
import {
  CUSTOM_FACTOR_VALUE_PAGE_ENDPOINTS as CUSTOM_VALUES,
  FACTOR_VALUE_PAGE_ENDPOINTS,
  OVERRIDE_RULE_PAGE_ENDPOINTS,
  RISK_FACTOR_PAGE_ENDPOINTS,
  STOP_WORD_PAGE_ENDPOINTS,
  VARIANT_WORD_PAGE_ENDPOINTS,
} from '@sanad/contracts/risk.endpoints';
import { api, apiDownload } from '../../../lib/api';
import { usePage, type ListPage } from '../../../lib/list-api';
import { activeSegment, segmentQuery } from './keys';

/** What every table page offers alike: its rows, CSV export and CSV import (the same schemas on each page). */
const SHARED_PAGES = {
  risk: RISK_FACTOR_PAGE_ENDPOINTS,
  'stop-words': STOP_WORD_PAGE_ENDPOINTS,
  'variant-words': VARIANT_WORD_PAGE_ENDPOINTS,
  'override-rules': OVERRIDE_RULE_PAGE_ENDPOINTS,
} as const;

function tablePage(page: string) {
  const found = FACTOR_VALUE_PAGE_ENDPOINTS[page] ?? SHARED_PAGES[page as keyof typeof SHARED_PAGES];
  if (!found) throw new Error(`No sanad-engine table page ${page}`);
  return found;
}

/** The path a page's list is cached under, so a save can reload it (every custom field's factor shares one). */
export const tableListPath = (page: string): string =>
  fieldKeyOfPage(page) === null ? tablePage(page).list.path : CUSTOM_VALUES.list.path;

/**
 * GET configurations/risk/{page}: one page of a table. The row type is the page's (each page's
 * contract checks its answer); the caller names it because the page is chosen at run time. A
 * custom field's factor (page custom-factor/<fieldKey>) has the field's key in its path.
 */
export function useTableRows<T>(page: string, query: Partial<TListQuery>): UseQueryResult<ListPage<T>> {
  const fieldKey = fieldKeyOfPage(page);
  const custom = usePage(CUSTOM_VALUES.list, { params: { fieldKey: fieldKey ?? '' }, query }, { enabled: fieldKey !== null });
  const fixed = usePage(
    fieldKey === null ? tablePage(page).list : RISK_FACTOR_PAGE_ENDPOINTS.list,
    { query },
    { enabled: fieldKey === null },
  );
  return (fieldKey === null ? fixed : custom) as UseQueryResult<ListPage<T>>;
}

/** GET configurations/risk/{page}/export: the whole table as CSV. */
export function exportTable(page: string): Promise<void> {
  const fieldKey = fieldKeyOfPage(page);
  if (fieldKey !== null) return apiDownload(CUSTOM_VALUES.exportCsv, { params: { fieldKey }, ...segmentQuery() });
  return apiDownload(tablePage(page).exportCsv, segmentQuery());
}

/** POST configurations/risk/{page}/import: the file's text; all rows apply or none. */
export function importTable(page: string, file: { name: string; content: string }) {
  const body = { dataSegmentId: activeSegment(), fileName: file.name, content: file.content };
  const fieldKey = fieldKeyOfPage(page);
  if (fieldKey !== null) return api(CUSTOM_VALUES.importCsv, { params: { fieldKey }, body });
  return api(tablePage(page).importCsv, { body });
}

type Saved<Save> = Save & { _id?: string | null };
const withSegment = <T extends object>(body: T) => ({ ...body, dataSegmentId: activeSegment() });

/** Adds a value to a factor page (POST), or edits, archives or activates one (PUT …/{id} with the whole row). */
export function saveFactorValue(page: string, { _id: id, ...item }: Saved<TFactorValueSave>) {
  const fieldKey = fieldKeyOfPage(page);
  if (fieldKey !== null)
    return id
      ? api(CUSTOM_VALUES.update, { params: { fieldKey, id }, body: withSegment(item) })
      : api(CUSTOM_VALUES.create, { params: { fieldKey }, body: withSegment(item) });
  const endpoints = FACTOR_VALUE_PAGE_ENDPOINTS[page];
  if (!endpoints) throw new Error(`No factor page ${page}`);
  return id ? api(endpoints.update, { params: { id }, body: withSegment(item) }) : api(endpoints.create, { body: withSegment(item) });
}

/** Edits one of the engine's built-in factors; none is added. */
export function saveRiskFactor({ _id: id, ...item }: TRiskFactorSave & { _id: string }) {
  return api(RISK_FACTOR_PAGE_ENDPOINTS.update, { params: { id }, body: withSegment(item) });
}

export function saveStopWord({ _id: id, ...item }: Saved<TStopWordSave>) {
  const endpoints = STOP_WORD_PAGE_ENDPOINTS;
  return id ? api(endpoints.update, { params: { id }, body: withSegment(item) }) : api(endpoints.create, { body: withSegment(item) });
}

export function saveVariantWord({ _id: id, ...item }: Saved<TVariantWordSave>) {
  const endpoints = VARIANT_WORD_PAGE_ENDPOINTS;
  return id ? api(endpoints.update, { params: { id }, body: withSegment(item) }) : api(endpoints.create, { body: withSegment(item) });
}

export function saveOverrideRule({ _id: id, ...item }: Saved<TOverrideRuleSave>) {
  const endpoints = OVERRIDE_RULE_PAGE_ENDPOINTS;
  return id ? api(endpoints.update, { params: { id }, body: withSegment(item) }) : api(endpoints.create, { body: withSegment(item) });
}
