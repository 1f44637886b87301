import { z } from 'zod';
import { endpoint, requireApiScope } from './endpoint';
import { successEnvelope, ZLooseIdParams } from './http';
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

/**
 * The v1 customer list: the app's filters and keyword, read in cursor pages, newest first. The
 * page window of the app (startAt, perPage, sortBy) gives way to an opaque `cursor` and a `limit`,
 * so a caller walking every page sees each customer exactly once even while customers are added.
 */
export const ZV1CustomerListQuery = ZCustomerListFilters.omit({ startAt: true, perPage: true, sortBy: true, sortOrder: true })
  .extend({
    cursor: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,200}$/, 'cursor must be the value of next from the previous page')
      .optional(),
    limit: z.coerce
      .number({ error: `limit must be a number from 1 to ${V1_MAX_PAGE_SIZE}` })
      .int(`limit must be a number from 1 to ${V1_MAX_PAGE_SIZE}`)
      .min(1, `limit must be a number from 1 to ${V1_MAX_PAGE_SIZE}`)
      .max(V1_MAX_PAGE_SIZE, `limit must be a number from 1 to ${V1_MAX_PAGE_SIZE}`)
      .default(V1_DEFAULT_PAGE_SIZE),
  })
  .refine(isCreatedRangeValid, CREATED_RANGE_ERROR);
export type TV1CustomerListQuery = z.infer<typeof ZV1CustomerListQuery>;

export const ZV1CustomerPage = z.object({
  status: z.literal(true),
  message: z.string(),
  data: z.array(ZCustomerListItem),
  /** The cursor of the next page; null on the last page. */
  next: z.string().nullable(),
});

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
};
