import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error';
import { targetSegment } from '../tenancy/target-segment';
import type { Actor, LinkCaller } from './access';

/** Who is behind a request that staff and public onboarding links may both make. */
export type Caller = { kind: 'staff'; actor: Actor } | { kind: 'link'; link: LinkCaller };

export function requireCaller(request: FastifyRequest): Caller {
  if (request.actor) return { kind: 'staff', actor: request.actor };
  if (request.link) return { kind: 'link', link: request.link };
  throw AppError.unauthorized();
}

/**
 * The data segment the request acts on. A link is bound to its segment: a different segment named
 * by the page is refused, so a link of one client cannot write into another's.
 */
export function callerSegment(caller: Caller, requested: string | null | undefined): string {
  if (caller.kind === 'staff') return targetSegment(caller.actor, requested);
  if (requested && requested !== 'skip' && requested !== caller.link.dataSegmentId) throw AppError.forbidden();
  return caller.link.dataSegmentId;
}

export function callerAuditActor(caller: Caller): { id: string; name: string } | null {
  return caller.kind === 'staff' ? { id: caller.actor.userId, name: caller.actor.name } : null;
}
