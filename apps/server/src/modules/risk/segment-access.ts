import type { Actor } from '../../platform/auth/access';
import { AppError } from '../../platform/http/app-error';
import { canSeeSegment, resolveRequestedSegment, type TenantScope } from '../../platform/tenancy/scope';

declare const segmentBrand: unique symbol;

/**
 * One data segment the caller is allowed to act on. Only the functions below make one, so a
 * repository that takes a SegmentRef cannot be handed a segment id nobody checked.
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

/**
 * The segment a configuration request acts on: the dataSegmentId it sends (checked against the
 * actor's segments), else the session's active segment.
 */
export function resolveConfigSegment(actor: Actor, requested: string | null | undefined): SegmentRef {
  const chosen = resolveRequestedSegment(actor.segments, requested) ?? actor.activeSegmentId;
  if (!chosen) throw AppError.field('dataSegmentId', 'Choose a data segment');
  return segmentInScope(actor.segments, chosen);
}

/** For work the system does on its own (first start, jobs, public reference lists): no actor to check. */
export function systemSegment(segmentId: string): SegmentRef {
  return brand(segmentId);
}
