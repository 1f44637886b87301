import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSegmentQuery } from '@sanad/contracts/risk-configuration';
import type { Access, Actor } from '../../platform/auth/access';
import { requireActor } from '../../platform/auth/authenticate';
import { ok, type Envelope } from '../../platform/http/envelope';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
type SegmentQuery = { dataSegmentId?: string | undefined };

/**
 * GET `url`?dataSegmentId=…: one read of what a data segment has (a settings page, the version in
 * force, the simulation's options), answered in the success envelope.
 */
export function addSegmentRead<T>(
  app: ZodApp,
  url: string,
  route: { access: Access; tags: string[]; summary: string },
  read: (actor: Actor, query: SegmentQuery) => Promise<T>,
): void {
  app.get(
    url,
    { config: { access: route.access }, schema: { tags: route.tags, summary: route.summary, querystring: ZSegmentQuery } },
    async (request) => ok(await read(requireActor(request), request.query)),
  );
}

/** A save answers its result with the message its service chose (saved, or nothing changed). */
export function okOutcome<T>({ result, message }: { result: T; message: string }): Envelope<T> {
  return ok(result, message);
}
