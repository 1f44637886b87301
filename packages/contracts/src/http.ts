import { z } from 'zod';
import { safeString } from './safe-text';

/** Page sizes a list may ask for; anything else is refused. */
export const PAGE_SIZES = [10, 20, 50, 100, 500] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** Dropdowns load their options in one page of this size. */
export const DROPDOWN_PAGE_SIZE = 1000;

export const ZPagination = z.object({
  total: z.number().int(),
  current: z.number().int(),
  next: z.number().int().nullable(),
  perPage: z.number().int(),
});
export type TPagination = z.infer<typeof ZPagination>;

export const ZSortOrder = z.enum(['asc', 'desc']);

/**
 * The list query every list endpoint accepts. `dataSegmentId` is the active segment, or
 * 'skip' for none; the server checks it against the caller's segments.
 */
export const ZListQuery = z.object({
  startAt: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce
    .number()
    .int()
    .refine((value) => (PAGE_SIZES as readonly number[]).includes(value) || value === DROPDOWN_PAGE_SIZE, {
      message: `perPage must be one of ${PAGE_SIZES.join(', ')} or ${DROPDOWN_PAGE_SIZE}`,
    })
    .default(DEFAULT_PAGE_SIZE),
  // A NUL or a lone surrogate in a search is refused (422), never passed to the database.
  keyword: safeString().trim().max(200).optional(),
  sortBy: z.string().max(64).optional(),
  sortOrder: ZSortOrder.optional(),
  status: z.string().max(32).optional(),
  dataSegmentId: z.string().max(64).optional(),
  ref: z.string().max(32).optional(),
});
export type TListQuery = z.infer<typeof ZListQuery>;

export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal(true), message: z.string(), data });
}

export function listEnvelope<T extends z.ZodType>(item: T) {
  return z.object({ status: z.literal(true), message: z.string(), data: z.array(item), pagination: ZPagination });
}

/** Failure body: the client shows the first entry of `errors`, else `message`. */
export const ZErrorEnvelope = z.object({
  status: z.literal(false),
  message: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type TErrorEnvelope = z.infer<typeof ZErrorEnvelope>;

export const ZMessageEnvelope = z.object({ status: z.literal(true), message: z.string() });

/** Ids are UUIDs; a malformed one is answered like a missing record, never a database error. */
export const ZIdParams = z.object({ id: z.uuid() });

export function buildPagination(total: number, current: number, perPage: number): TPagination {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  return { total, current, next: current < lastPage ? current + 1 : null, perPage };
}

/**
 * A record id as the client sends it in a path. A malformed id is answered like a missing record
 * (404) by the lookup, never as a validation or database error, so ids reveal nothing.
 */
export const ZLooseIdParams = z.object({ id: z.string().max(100) });
