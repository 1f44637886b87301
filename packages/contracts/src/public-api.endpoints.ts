import { z } from 'zod';
import { ZAlertDetail, ZAlertListItem, ZAlertListQuery } from './alerts';
import { COMPANY_DOCUMENT_KINDS } from './company-record';
import { ZCompanyCreateInput, ZCompanyDetail } from './companies';
import { DEFAULT_UPLOAD_LIMIT_MB } from './constants';
import { MESSAGES } from './messages';
import { endpoint, fileResponse, PUBLIC, requireApiScope, type EndpointDefinition } from './endpoint';
import { successEnvelope, ZLooseIdParams } from './http';
import type { OpenApiInfo } from './openapi';
import { ZScreeningResult, ZScreenRequest } from './screening';
import { ZDeepLinkRequest, ZTempCustomer } from './temp-customers';
import {
  CREATED_RANGE_ERROR,
  DOCUMENT_ENTRIES,
  isCreatedRangeValid,
  ZCustomerCreateInput,
  ZCustomerDetail,
  ZCustomerListFilters,
  isCustomFilterValid,
  CUSTOM_FILTER_ERROR,
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
  .refine(isCreatedRangeValid, CREATED_RANGE_ERROR)
  .refine(isCustomFilterValid, CUSTOM_FILTER_ERROR);
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

/** A v1 company: the app's company registration (KB-01), in the key's segment only. */
export const ZV1CompanyCreateInput = ZCompanyCreateInput.omit({ dataSegmentId: true });

/** The documents of an individual's record a file may be uploaded as (documentInfo; the selfie clip is not a document). */
export const V1_INDIVIDUAL_DOCUMENT_KINDS = DOCUMENT_ENTRIES.filter((entry) => entry !== 'video');
/** Every kind a v1 upload names: an individual's documentInfo entry, or a company's document. */
export const V1_DOCUMENT_KINDS = [...V1_INDIVIDUAL_DOCUMENT_KINDS, ...COMPANY_DOCUMENT_KINDS] as const;

/** The largest file a v1 upload takes, as for the app's registration documents. */
export const V1_DOCUMENT_MAX_BYTES = DEFAULT_UPLOAD_LIMIT_MB * 1024 * 1024;
/** Base64 grows a file by a third: the request body limit of the upload route. */
export const V1_DOCUMENT_BODY_LIMIT = Math.ceil(V1_DOCUMENT_MAX_BYTES / 3) * 4 + 64 * 1024;

export const PUBLIC_API_DOCUMENT_MESSAGES = {
  uploaded: 'Document uploaded',
  kindForIndividual: `An individual's document is one of ${V1_INDIVIDUAL_DOCUMENT_KINDS.join(', ')}`,
  kindForCompany: `A company's document is one of ${COMPANY_DOCUMENT_KINDS.join(', ')}`,
  notOfCustomer: 'This document was not found for this customer',
  content: 'content must be the file encoded in base64',
} as const;

/**
 * A v1 document upload: which document of the customer's record it is, the file's name, and the
 * file itself in base64 (JSON, so an Idempotency-Key covers the file too). The file passes the app's
 * checks: its first bytes must prove JPEG, PNG or PDF with a matching extension, at most 10 MB.
 */
export const ZV1DocumentUpload = z.object({
  kind: z.enum(V1_DOCUMENT_KINDS, { error: `kind must be one of ${V1_DOCUMENT_KINDS.join(', ')}` }),
  fileName: z
    .string({ error: 'fileName is required' })
    .trim()
    .min(1, 'fileName is required')
    .max(200, 'fileName must be at most 200 characters')
    .regex(/^[^\\/]+$/, 'fileName must be a file name, not a path'),
  content: z
    .string({ error: PUBLIC_API_DOCUMENT_MESSAGES.content })
    .min(1, PUBLIC_API_DOCUMENT_MESSAGES.content)
    .max(V1_DOCUMENT_BODY_LIMIT, MESSAGES.fileTooLarge(DEFAULT_UPLOAD_LIMIT_MB))
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, PUBLIC_API_DOCUMENT_MESSAGES.content),
});
export type TV1DocumentUpload = z.infer<typeof ZV1DocumentUpload>;

/** A document on a customer's record: its id (the stored file's name) is what GET …/documents/:documentId takes. */
export const ZV1Document = z.object({
  _id: z.string(),
  customerId: z.string(),
  kind: z.string(),
  originalFileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  uploadedAt: z.string(),
});
export type TV1Document = z.infer<typeof ZV1Document>;

export const ZV1DocumentParams = z.object({
  id: z.string().max(64),
  documentId: z.string().regex(/^[A-Za-z0-9_-]{8,128}\.enc$/, 'documentId must be the _id of an uploaded document'),
});

const idempotent =
  ' Send an Idempotency-Key header to retry safely: the same key and body answer the first result again, the same key with another body is refused (422)';

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
    summary: "Register an individual customer in the key's data segment with the app's registration (screened and rated)." + idempotent,
    access: requireApiScope('customers:write'),
    body: ZV1CustomerCreateInput,
    response: successEnvelope(ZCustomerDetail),
  }),
  createCompany: endpoint({
    method: 'POST',
    path: 'v1/companies',
    tag,
    summary:
      "Register a company in the key's data segment with the app's company registration: its legal and former names are screened as organisations, it is rated, and an on-boarding alert is raised when review is needed." +
      idempotent,
    access: requireApiScope('customers:write'),
    body: ZV1CompanyCreateInput,
    response: successEnvelope(ZCompanyDetail),
  }),
  getCompany: endpoint({
    method: 'GET',
    path: 'v1/companies/:id',
    tag,
    summary:
      "One company of the key's data segment: the record, its KYC status, risk, screening hits, registry flags and its parents (ownership and control)",
    access: requireApiScope('customers:read'),
    params: ZLooseIdParams,
    response: successEnvelope(ZCompanyDetail),
  }),
  uploadDocument: endpoint({
    method: 'POST',
    path: 'v1/customers/:id/documents',
    tag,
    summary:
      "Upload a document of a customer or company of the key's data segment, as JSON with the file in base64: JPEG, PNG or PDF, at most 10 MB, stored encrypted and attached to the record as the kind named (a new file of a kind replaces the record's reference to the old one)." +
      idempotent,
    access: requireApiScope('documents:write'),
    params: ZLooseIdParams,
    body: ZV1DocumentUpload,
    response: successEnvelope(ZV1Document),
  }),
  getDocument: endpoint({
    method: 'GET',
    path: 'v1/customers/:id/documents/:documentId',
    tag,
    summary: "The file of a document on the record of a customer or company of the key's data segment, decrypted",
    access: requireApiScope('documents:read'),
    params: ZV1DocumentParams,
    response: fileResponse('image/jpeg', 'image/png', 'application/pdf'),
  }),
  sendOnboardingLink: endpoint({
    method: 'POST',
    path: 'v1/onboarding-links',
    tag,
    summary:
      "Send a registration link to a person by e-mail or SMS (the segment's configured channels and lifetime): the person completes the public onboarding journey; the answer is the temp customer with the link's address." +
      idempotent,
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
