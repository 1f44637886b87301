import type { UseQueryResult } from '@tanstack/react-query';
import type { TListQuery } from '@sanad/contracts/http';
import type {
  TFactorValueSave,
  TOverrideRuleSave,
  TRiskFactorSave,
  TStopWordSave,
  TVariantWordSave,
} from '@sanad/contracts/risk-configuration';
import {
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

/** The path a page's list is cached under, so a save can reload it. */
export const tableListPath = (page: string): string => tablePage(page).list.path;

/**
 * GET configurations/risk/{page}: one page of a table. The row type is the page's (each page's
 * contract checks its answer); the caller names it because the page is chosen at run time.
 */
export function useTableRows<T>(page: string, query: Partial<TListQuery>): UseQueryResult<ListPage<T>> {
  return usePage(tablePage(page).list, { query }) as UseQueryResult<ListPage<T>>;
}

/** GET configurations/risk/{page}/export: the whole table as CSV. */
export function exportTable(page: string): Promise<void> {
  return apiDownload(tablePage(page).exportCsv, segmentQuery());
}

/** POST configurations/risk/{page}/import: the file's text; all rows apply or none. */
export function importTable(page: string, file: { name: string; content: string }) {
  return api(tablePage(page).importCsv, { body: { dataSegmentId: activeSegment(), fileName: file.name, content: file.content } });
}

type Saved<Save> = Save & { _id?: string | null };
const withSegment = <T extends object>(body: T) => ({ ...body, dataSegmentId: activeSegment() });

/** Adds a value to a factor page (POST), or edits, archives or activates one (PUT …/{id} with the whole row). */
export function saveFactorValue(page: string, { _id: id, ...item }: Saved<TFactorValueSave>) {
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
