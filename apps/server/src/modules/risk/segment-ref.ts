import { AppError } from '../../platform/http/app-error';
import { canSeeSegment, type TenantScope } from '../../platform/tenancy/scope';

declare const segmentBrand: unique symbol;

/**
 * One data segment the caller is allowed to act on. Only the functions here and in
 * segment-access.ts make one, so a repository that takes a SegmentRef cannot be handed a segment id
 * nobody checked.
 */
export interface SegmentRef {
  readonly segmentId: string;
  readonly [segmentBrand]: true;
}

const brand = (segmentId: string) => ({ segmentId }) as SegmentRef;

/** A segment inside the actor's scope, or 403. */
export function segmentInScope(scope: TenantScope, segmentId: string): SegmentRef {
  if (!canSeeSegment(scope, segmentId)) throw AppError.forbidden();
  return brand(segmentId);
}

/** For work the system does on its own (first start, jobs, public reference lists): no actor to check. */
export function systemSegment(segmentId: string): SegmentRef {
  return brand(segmentId);
}
