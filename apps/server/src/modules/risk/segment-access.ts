import type { Actor } from '../../platform/auth/access';
import { AppError } from '../../platform/http/app-error';
import { resolveRequestedSegment } from '../../platform/tenancy/scope';
import { segmentInScope, type SegmentRef } from './segment-ref';

/**
 * The segment a configuration request acts on: the dataSegmentId it sends (checked against the
 * actor's segments), else the session's active segment.
 */
export function resolveConfigSegment(actor: Actor, requested: string | null | undefined): SegmentRef {
  const chosen = resolveRequestedSegment(actor.segments, requested) ?? actor.activeSegmentId;
  if (!chosen) throw AppError.field('dataSegmentId', 'Choose a data segment');
  return segmentInScope(actor.segments, chosen);
}
