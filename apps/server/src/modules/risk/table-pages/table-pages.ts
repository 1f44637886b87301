import { FACTOR_PAGES } from '@sanad/contracts/risk-pages';
import { AppError } from '../../../platform/http/app-error';
import { isCustomFactorKey } from '@sanad/risk/risk-factor.schema';
import { factorPage } from './factor-page';
import { createCustomFactorValuePage, createFactorValuePage } from './factor-value-page';
import { overrideRulePage } from './override-rule-page';
import type { TablePage, TableRow } from './table-page';
import { stopWordPage, variantWordPage } from './word-pages';

const PAGES = new Map<string, TablePage<TableRow, unknown>>([
  ...Object.entries(FACTOR_PAGES).map(([page, factor]) => [page, createFactorValuePage(page, factor)] as const),
  ['risk', factorPage],
  ['stop-words', stopWordPage],
  ['variant-words', variantWordPage],
  ['override-rules', overrideRulePage],
]);

/**
 * The table page of a sanad-engine page name, or 404. A custom field's factor is named by its key
 * (`custom:<field>`); its page refuses every call until the factor exists.
 */
export function getTablePage(page: string): TablePage<TableRow, unknown> {
  if (isCustomFactorKey(page)) return createCustomFactorValuePage(page);
  const found = PAGES.get(page);
  if (!found) throw AppError.notFound('Unknown configuration page');
  return found;
}
