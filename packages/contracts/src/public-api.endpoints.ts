import { z } from 'zod';
import { ZAlertDetail, ZAlertListItem, ZAlertListQuery } from './alerts';
import { endpoint, PUBLIC, requireApiScope, type EndpointDefinition } from './endpoint';
import { successEnvelope, ZLooseIdParams } from './http';
import type { OpenApiInfo } from './openapi';
import { ZScreeningResult, ZScreenRequest } from './screening';
import { ZDeepLinkRequest, ZTempCustomer } from './temp-customers';
import {
  CREATED_RANGE_ERROR,
  isCreatedRangeValid,
  ZCustomerCreateInput,
  ZCustomerDetail,
  ZCustomerListFilters,
  ZCustomerListItem,
} from './customers';

const tag = 'public-api';

/** The header that makes a v1 create safe to retry (docs/decisions/public-api.md). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const ZIdempotencyKey = z.string().regex(/^[\x21-\x7e]{1,255}$/);

/** Calls per minute per application unless API_RATE_LIMIT_PER_MINUTE says otherwise (docs/decisions/public-api.md). */
export const V1_DEFAULT_RATE_LIMIT_PER_MINUTE = 300;

/** Customers per cursor page unless `limit` says otherwise; at most 100. */
export const V1_DEFAULT_PAGE_SIZE = 25;
export const V1_MAX_PAGE_SIZE = 100;

const ZV1Limit = z.coerce
  .number({ error: `limit must be a number from 1 to ${V1_MAX_PAGE_SIZE}` })
  .int(`limit must be a number from 1 to ${V1_MAX_PAGE_SIZE}`)
  .min(1, `limit must be a number from 1 to ${V1_MAX_PAGE_SIZE}`)
  .max(V1_MAX_PAGE_SIZE, `limit must be a number from 1 to ${V1_MAX_PAGE_SIZE}`)
  .default(V1_DEFAULT_PAGE_SIZE);
const ZV1Cursor = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,200}$/, 'cursor must be the value of next from the previous page')
  .optional();

/**
 * The v1 customer list: the app's filters and keyword, read in cursor pages, newest first. The
 * page window of the app (startAt, perPage, sortBy) gives way to an opaque `cursor` and a `limit`,
 * so a caller walking every page sees each customer exactly once even while customers are added.
 */
export const ZV1CustomerListQuery = ZCustomerListFilters.omit({ startAt: true, perPage: true, sortBy: true, sortOrder: true })
  .extend({ cursor: ZV1Cursor, limit: ZV1Limit })
  .refine(isCreatedRangeValid, CREATED_RANGE_ERROR);
export type TV1CustomerListQuery = z.infer<typeof ZV1CustomerListQuery>;

export const ZV1CustomerPage = z.object({
  status: z.literal(true),
  message: z.string(),
  data: z.array(ZCustomerListItem),
  /** The cursor of the next page; null on the last page. */
  next: z.string().nullable(),
});

/** The v1 alert list: the app's alert filters (type, status, indicator, customer), read in cursor pages, newest first. */
export const ZV1AlertListQuery = ZAlertListQuery.omit({
  startAt: true,
  perPage: true,
  sortBy: true,
  sortOrder: true,
  dataSegmentId: true,
  assignee: true,
}).extend({ cursor: ZV1Cursor, limit: ZV1Limit });
export type TV1AlertListQuery = z.infer<typeof ZV1AlertListQuery>;

export const ZV1AlertPage = z.object({
  status: z.literal(true),
  message: z.string(),
  data: z.array(ZAlertListItem),
  next: z.string().nullable(),
});

/** A v1 onboarding link: the deep link of the app, sent to the person by e-mail or SMS; the key's segment only. */
export const ZV1OnboardingLinkRequest = ZDeepLinkRequest;

/** A v1 screening: one name against the key's segment's active lists; the key's segment only. */
export const ZV1ScreenRequest = ZScreenRequest.omit({ dataSegmentId: true });

/** A v1 create: the app's registration body, without the app-only submissionKey (Idempotency-Key replaces it). */
export const ZV1CustomerCreateInput = ZCustomerCreateInput;

/**
 * The public API, version 1, called with an application access key (Authorization: Bearer
 * snd_…). Each operation names the scope the key must hold and answers with the same schemas as
 * the app; the key's data segment is the only one reachable. Every call answers RateLimit-Limit,
 * RateLimit-Remaining and RateLimit-Reset, and 429 past the application's limit.
 */
export const PUBLIC_API_ENDPOINTS = {
  listCustomers: endpoint({
    method: 'GET',
    path: 'v1/customers',
    tag,
    summary:
      "List the customers of the key's data segment in cursor pages, newest first, with the filters and keyword of the customer list; pass the answer's next as cursor for the following page",
    access: requireApiScope('customers:read'),
    // dataSegmentId is ignored: the key's own segment is the only one it reaches.
    query: ZV1CustomerListQuery,
    response: ZV1CustomerPage,
  }),
  getCustomer: endpoint({
    method: 'GET',
    path: 'v1/customers/:id',
    tag,
    summary: "One customer of the key's data segment: the record, its KYC status, risk, screening hits and alerts",
    access: requireApiScope('customers:read'),
    params: ZLooseIdParams,
    response: successEnvelope(ZCustomerDetail),
  }),
  createCustomer: endpoint({
    method: 'POST',
    path: 'v1/customers',
    tag,
    summary:
      "Register an individual customer in the key's data segment with the app's registration (screened and rated). Send an Idempotency-Key header to retry safely: the same key and body answer the first result again, the same key with another body is refused (422)",
    access: requireApiScope('customers:write'),
    body: ZV1CustomerCreateInput,
    response: successEnvelope(ZCustomerDetail),
  }),
  sendOnboardingLink: endpoint({
    method: 'POST',
    path: 'v1/onboarding-links',
    tag,
    summary:
      "Send a registration link to a person by e-mail or SMS (the segment's configured channels and lifetime): the person completes the public onboarding journey; the answer is the temp customer with the link's address",
    access: requireApiScope('onboarding-links:write'),
    body: ZV1OnboardingLinkRequest,
    response: successEnvelope(ZTempCustomer),
  }),
  screen: endpoint({
    method: 'POST',
    path: 'v1/screening',
    tag,
    summary:
      "Screen one name against the key's segment's active watch lists; each hit carries its list, score and explanation. The check is recorded in the system logs; nothing else is stored",
    access: requireApiScope('screening:write'),
    body: ZV1ScreenRequest,
    response: successEnvelope(ZScreeningResult),
  }),
  listAlerts: endpoint({
    method: 'GET',
    path: 'v1/alerts',
    tag,
    summary:
      "List the alerts of the key's data segment in cursor pages, newest first, filtered by type, status, indicator or customer; pass the answer's next as cursor for the following page",
    access: requireApiScope('alerts:read'),
    query: ZV1AlertListQuery,
    response: ZV1AlertPage,
  }),
  getAlert: endpoint({
    method: 'GET',
    path: 'v1/alerts/:id',
    tag,
    summary: "One alert of the key's data segment: why it was raised, its hits, its review stage and decisions, and its log",
    access: requireApiScope('alerts:read'),
    params: ZLooseIdParams,
    response: successEnvelope(ZAlertDetail),
  }),
};

/** The public API's own operations: the v1 OpenAPI document (docs/openapi-v1.json) and its reference page read them. */
export const V1_ENDPOINTS: readonly EndpointDefinition[] = Object.values(PUBLIC_API_ENDPOINTS);

export const V1_API_INFO: OpenApiInfo = {
  title: 'Sanad public API',
  version: '1.0.0',
  description:
    "Version 1 of Sanad's public REST API, called with an application access key (Authorization: Bearer snd_…) created under Developer Tools. Each operation names the scope the key must hold; a key reaches only its own data segment. Every answer carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset; past the application's limit the answer is 429 with Retry-After. Creates accept an Idempotency-Key header. Lists are read in cursor pages: pass the answer's next as cursor.",
};

/**
 * The v1 document itself, public like any API reference: the Developer Tools reference page reads it,
 * and a caller's code generator can too. It is not part of v1 (no key needed, not in the document).
 */
export const PUBLIC_API_DOCUMENT_ENDPOINTS = {
  openApi: endpoint({
    method: 'GET',
    path: 'v1/openapi.json',
    tag,
    summary: 'The OpenAPI 3.1 document of the public API v1, generated from its contracts (docs/openapi-v1.json)',
    access: PUBLIC,
    response: z.record(z.string(), z.unknown()),
  }),
};
