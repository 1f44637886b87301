import type { Actor } from '../../platform/auth/access';
import type { Queryable } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { segmentExists } from './configuration/risk-config.repository';
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

/**
 * resolveConfigSegment for a segment that must exist: an id of no segment (an all-zero one, one
 * since deleted) is answered 404, never read, seeded or written.
 */
export async function findConfigSegment(db: Queryable, actor: Actor, requested: string | null | undefined): Promise<SegmentRef> {
  const segment = resolveConfigSegment(actor, requested);
  if (!(await segmentExists(db, segment.segmentId))) throw AppError.notFound('Data segment not found');
  return segment;
}
