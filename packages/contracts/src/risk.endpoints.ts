import { z } from 'zod';
import { endpoint, fileResponse, PUBLIC, requireAny } from './endpoint';
import { listEnvelope, successEnvelope, ZIdParams, ZListQuery } from './http';
import {
  configChangeResult,
  ZConfigReference,
  ZConfigVersionInfo,
  ZConfigVersionRow,
  ZCsvImport,
  ZCsvImportResult,
  ZFactorValueRow,
  ZFactorValueSave,
  ZOverrideRuleRow,
  ZOverrideRuleSave,
  ZReferenceOption,
  ZReviewIntervals,
  ZReviewIntervalsSave,
  ZRiskFactorRow,
  ZRiskFactorSave,
  ZRiskRatingSave,
  ZRiskRatingSettings,
  ZSegmentBody,
  ZSegmentQuery,
  ZStopWordRow,
  ZStopWordSave,
  ZVariantWordRow,
  ZVariantWordSave,
} from './risk-configuration';
import { ZCustomFactorCreate, ZCustomFactorField } from './risk-custom-factors';
import { ZFieldKey } from './form-builder';
import { ENGINE_PAGE_TITLES, FACTOR_PAGE_NAMES, REFERENCE_LIST_NAMES } from './risk-pages';
import {
  ZCustomerRiskRating,
  ZManualOverwriteSave,
  ZRerateOverview,
  ZRerateRun,
  ZSimulationOptions,
  ZSimulationRequest,
  ZSimulationResult,
  ZStoredRating,
} from './risk-rating';

/** The sanad-engine configuration pages: reading and changing them both need sanad-engine. */
const ENGINE = requireAny('sanad-engine');
const engineTag = 'sanad-engine';

const ZSegmentParams = z.object({ dataSegmentId: z.uuid({ error: 'Choose a data segment' }) });
const ZRowParams = z.object({ id: z.uuid({ error: 'Record not found' }) });

/**
 * The five operations of one table page (`configurations/risk/{page}`): its rows, add, edit (an
 * archive or activate sends the whole row with its new status), CSV export and CSV import. Each
 * page has its own paths and its own row and body schemas, so the OpenAPI document shows them.
 */
function tablePageEndpoints<Row extends z.ZodType, Save extends z.ZodType>(page: string, row: Row, save: Save) {
  const path = `configurations/risk/${page}`;
  const title = ENGINE_PAGE_TITLES[page] ?? 'Override rules';
  return {
    list: endpoint({
      method: 'GET',
      path,
      tag: engineTag,
      summary: `${title}: rows of the table`,
      access: ENGINE,
      query: ZListQuery,
      response: listEnvelope(row),
    }),
    create: endpoint({
      method: 'POST',
      path,
      tag: engineTag,
      summary: `${title}: add a row (a new configuration version)`,
      access: ENGINE,
      body: save,
      response: successEnvelope(configChangeResult(row)),
    }),
    update: endpoint({
      method: 'PUT',
      path: `${path}/:id`,
      tag: engineTag,
      summary: `${title}: edit, archive or activate a row (a new configuration version)`,
      access: ENGINE,
      params: ZRowParams,
      body: save,
      response: successEnvelope(configChangeResult(row)),
    }),
    exportCsv: endpoint({
      method: 'GET',
      path: `${path}/export`,
      tag: engineTag,
      summary: `${title}: the table as CSV`,
      access: ENGINE,
      query: ZSegmentQuery,
      response: fileResponse('text/csv'),
    }),
    importCsv: endpoint({
      method: 'POST',
      path: `${path}/import`,
      tag: engineTag,
      summary: `${title}: import a CSV, all rows or none, each error naming its row`,
      access: ENGINE,
      body: ZCsvImport,
      response: successEnvelope(ZCsvImportResult),
    }),
  };
}

export type RiskTablePageEndpoints<Row extends z.ZodType, Save extends z.ZodType> = ReturnType<typeof tablePageEndpoints<Row, Save>>;

/** The pages that edit one factor's table of values (nationality, country, PEP, …), by page name. */
export const FACTOR_VALUE_PAGE_ENDPOINTS: Readonly<
  Record<string, RiskTablePageEndpoints<typeof ZFactorValueRow, typeof ZFactorValueSave>>
> = Object.fromEntries(FACTOR_PAGE_NAMES.map((page) => [page, tablePageEndpoints(page, ZFactorValueRow, ZFactorValueSave)]));

/** The risk page: the factors, whose weight and treatment are edited; none is added here (custom-field factors: CUSTOM_FACTOR_ENDPOINTS). */
const riskFactorPage = tablePageEndpoints('risk', ZRiskFactorRow, ZRiskFactorSave);
export const RISK_FACTOR_PAGE_ENDPOINTS = {
  list: riskFactorPage.list,
  update: riskFactorPage.update,
  exportCsv: riskFactorPage.exportCsv,
  importCsv: riskFactorPage.importCsv,
};

/** Adding a factor on a published custom field (`custom:<fieldKey>`), and the custom fields that can become one. */
export const CUSTOM_FACTOR_ENDPOINTS = {
  fields: endpoint({
    method: 'GET',
    path: 'configurations/risk/custom-factors/fields',
    tag: engineTag,
    summary:
      'Published select, multi-select and yes/no custom fields that are not yet a risk factor, with the values each would start with',
    access: ENGINE,
    query: ZSegmentQuery,
    response: successEnvelope(z.array(ZCustomFactorField)),
  }),
  create: endpoint({
    method: 'POST',
    path: 'configurations/risk/custom-factors',
    tag: engineTag,
    summary:
      'Add the risk factor custom:<fieldKey> (weight 0) with one value per option at its unknown score (a new configuration version)',
    access: ENGINE,
    body: ZCustomFactorCreate,
    response: successEnvelope(configChangeResult(ZRiskFactorRow)),
  }),
};

const ZCustomFactorParams = z.object({ fieldKey: ZFieldKey });

/**
 * The values of one custom-field factor, the same five operations as a built-in factor's page,
 * with the field's key in the path (`configurations/risk/custom-factors/{fieldKey}/values`).
 */
export const CUSTOM_FACTOR_VALUE_PAGE_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: 'configurations/risk/custom-factors/:fieldKey/values',
    tag: engineTag,
    summary: 'Custom-field factor: rows of the table',
    access: ENGINE,
    params: ZCustomFactorParams,
    query: ZListQuery,
    response: listEnvelope(ZFactorValueRow),
  }),
  create: endpoint({
    method: 'POST',
    path: 'configurations/risk/custom-factors/:fieldKey/values',
    tag: engineTag,
    summary: 'Custom-field factor: add a row (a new configuration version)',
    access: ENGINE,
    params: ZCustomFactorParams,
    body: ZFactorValueSave,
    response: successEnvelope(configChangeResult(ZFactorValueRow)),
  }),
  update: endpoint({
    method: 'PUT',
    path: 'configurations/risk/custom-factors/:fieldKey/values/:id',
    tag: engineTag,
    summary: 'Custom-field factor: edit, archive or activate a row (a new configuration version)',
    access: ENGINE,
    params: ZCustomFactorParams.extend(ZRowParams.shape),
    body: ZFactorValueSave,
    response: successEnvelope(configChangeResult(ZFactorValueRow)),
  }),
  exportCsv: endpoint({
    method: 'GET',
    path: 'configurations/risk/custom-factors/:fieldKey/values/export',
    tag: engineTag,
    summary: 'Custom-field factor: the table as CSV',
    access: ENGINE,
    params: ZCustomFactorParams,
    query: ZSegmentQuery,
    response: fileResponse('text/csv'),
  }),
  importCsv: endpoint({
    method: 'POST',
    path: 'configurations/risk/custom-factors/:fieldKey/values/import',
    tag: engineTag,
    summary: 'Custom-field factor: import a CSV, all rows or none, each error naming its row',
    access: ENGINE,
    params: ZCustomFactorParams,
    body: ZCsvImport,
    response: successEnvelope(ZCsvImportResult),
  }),
};

export const STOP_WORD_PAGE_ENDPOINTS = tablePageEndpoints('stop-words', ZStopWordRow, ZStopWordSave);
export const VARIANT_WORD_PAGE_ENDPOINTS = tablePageEndpoints('variant-words', ZVariantWordRow, ZVariantWordSave);
/** The override rules are not a spec page of their own; their table sits on the risk-rating page. */
export const OVERRIDE_RULE_PAGE_ENDPOINTS = tablePageEndpoints('override-rules', ZOverrideRuleRow, ZOverrideRuleSave);

export const RISK_ENDPOINTS = {
  version: endpoint({
    method: 'GET',
    path: 'configurations/risk/version',
    tag: engineTag,
    summary: 'The configuration version in force',
    access: ENGINE,
    query: ZSegmentQuery,
    response: successEnvelope(ZConfigVersionInfo),
  }),
  versions: endpoint({
    method: 'GET',
    path: 'configurations/risk/versions',
    tag: engineTag,
    summary: 'Every configuration change, newest first',
    access: ENGINE,
    query: ZListQuery,
    response: listEnvelope(ZConfigVersionRow),
  }),
  references: endpoint({
    method: 'GET',
    path: 'configurations/risk/references',
    tag: engineTag,
    summary: 'Publications the defaults come from, with their as-of dates',
    access: ENGINE,
    query: ZSegmentQuery,
    response: successEnvelope(z.array(ZConfigReference)),
  }),
  riskRating: endpoint({
    method: 'GET',
    path: 'configurations/risk/risk-rating',
    tag: engineTag,
    summary: 'Thresholds of the rating levels and the EDD floor',
    access: ENGINE,
    query: ZSegmentQuery,
    response: successEnvelope(ZRiskRatingSettings),
  }),
  saveRiskRating: endpoint({
    method: 'PUT',
    path: 'configurations/risk/risk-rating/:dataSegmentId',
    tag: engineTag,
    summary: 'Save the thresholds (a new configuration version)',
    access: ENGINE,
    params: ZSegmentParams,
    body: ZRiskRatingSave,
    response: successEnvelope(configChangeResult(ZRiskRatingSettings)),
  }),
  reviewIntervals: endpoint({
    method: 'GET',
    path: 'configurations/risk/risk-level-review',
    tag: engineTag,
    summary: 'Years until the next periodic review, per level',
    access: ENGINE,
    query: ZSegmentQuery,
    response: successEnvelope(ZReviewIntervals),
  }),
  saveReviewIntervals: endpoint({
    method: 'PUT',
    path: 'configurations/risk/risk-level-review/:dataSegmentId',
    tag: engineTag,
    summary: 'Save the review intervals (a new configuration version)',
    access: ENGINE,
    params: ZSegmentParams,
    body: ZReviewIntervalsSave,
    response: successEnvelope(configChangeResult(ZReviewIntervals)),
  }),
  rerateOverview: endpoint({
    method: 'GET',
    path: 'configurations/risk/rerate',
    tag: engineTag,
    summary: 'The last re-rating run and how many customers an older configuration rated',
    access: ENGINE,
    query: ZSegmentQuery,
    response: successEnvelope(ZRerateOverview),
  }),
  startRerate: endpoint({
    method: 'POST',
    path: 'configurations/risk/rerate',
    tag: engineTag,
    summary: 'Re-rate every customer of the segment with the configuration in force (a job)',
    access: ENGINE,
    body: ZSegmentBody,
    response: successEnvelope(ZRerateRun),
  }),
  simulationOptions: endpoint({
    method: 'GET',
    path: 'configurations/simulate',
    tag: 'simulation',
    summary: 'What the simulation page offers: screening availability, adverse-media outcomes',
    access: requireAny('initiate-simulation-process'),
    query: ZSegmentQuery,
    response: successEnvelope(ZSimulationOptions),
  }),
  simulate: endpoint({
    method: 'POST',
    path: 'configurations/simulate',
    tag: 'simulation',
    summary: 'Rate a hypothetical customer or company; nothing is stored',
    access: requireAny('initiate-simulation-process'),
    body: ZSimulationRequest,
    response: successEnvelope(ZSimulationResult),
  }),
  customerRating: endpoint({
    method: 'GET',
    path: 'customers/kyc-risk-rating/:id',
    tag: 'customers',
    summary: 'The rating in force with its risk table and override table',
    access: requireAny('view-customer-profile', 'view-company-profile'),
    params: ZIdParams,
    response: successEnvelope(ZCustomerRiskRating),
  }),
  customerRatingHistory: endpoint({
    method: 'GET',
    path: 'customers/kyc-risk-rating/:id/history',
    tag: 'customers',
    summary: 'Every rating of the customer, newest first',
    access: requireAny('view-customer-profile', 'view-company-profile'),
    params: ZIdParams,
    query: ZListQuery,
    response: listEnvelope(ZStoredRating),
  }),
  overwriteCustomerRating: endpoint({
    method: 'PUT',
    path: 'customers/kyc-risk-rating/:id',
    tag: 'customers',
    summary: 'Overwrite the risk level by hand, with a reason',
    access: requireAny('manually-overwrite'),
    params: ZIdParams,
    body: ZManualOverwriteSave,
    response: successEnvelope(ZCustomerRiskRating),
  }),
};

/**
 * GET configurations/{list} for each reference list (genders, nationalities, countries, …). Public,
 * because the public registration links load their dropdowns before anyone signs in.
 */
export const REFERENCE_LIST_ENDPOINTS: Readonly<Record<string, ReturnType<typeof referenceListEndpoint>>> = Object.fromEntries(
  REFERENCE_LIST_NAMES.map((list) => [list, referenceListEndpoint(list)]),
);

function referenceListEndpoint(list: string) {
  return endpoint({
    method: 'GET',
    path: `configurations/${list}`,
    tag: 'reference-lists',
    summary: `Active ${list} for dropdowns (the codes the risk engine scores)`,
    access: PUBLIC,
    query: ZListQuery,
    response: listEnvelope(ZReferenceOption),
  });
}

/** Every risk operation, for the API catalogue. */
export const RISK_AREA_ENDPOINTS = {
  ...RISK_ENDPOINTS,
  ...Object.fromEntries(
    [
      ...Object.values(FACTOR_VALUE_PAGE_ENDPOINTS),
      RISK_FACTOR_PAGE_ENDPOINTS,
      CUSTOM_FACTOR_ENDPOINTS,
      CUSTOM_FACTOR_VALUE_PAGE_ENDPOINTS,
      STOP_WORD_PAGE_ENDPOINTS,
      VARIANT_WORD_PAGE_ENDPOINTS,
      OVERRIDE_RULE_PAGE_ENDPOINTS,
    ].flatMap((page) => Object.values(page).map((definition) => [`${definition.method} ${definition.path}`, definition])),
  ),
  ...Object.fromEntries(Object.values(REFERENCE_LIST_ENDPOINTS).map((definition) => [definition.path, definition])),
};
