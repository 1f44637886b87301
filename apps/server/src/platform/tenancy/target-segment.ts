import type { Actor } from '../auth/access';
import { AppError } from '../http/app-error';
import { resolveRequestedSegment } from './scope';

/**
 * The data segment a request acts on: the one the client names (which must be one the actor may
 * see), else the session's active segment. Refused when there is neither.
 */
export function targetSegment(actor: Actor, requested: string | null | undefined): string {
  const segment = resolveRequestedSegment(actor.segments, requested) ?? actor.activeSegmentId;
  if (!segment) throw AppError.field('dataSegmentId', 'Choose a data segment first');
  return segment;
}
