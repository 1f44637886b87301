import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DYNAMIC_REGISTER_MESSAGES } from '@sanad/contracts/dynamic-register';
import { DYNAMIC_REGISTER_ENDPOINTS } from '@sanad/contracts/dynamic-register.endpoints';
import type { LinkCaller } from '../../platform/auth/access';
import { AppError } from '../../platform/http/app-error';
import { ok } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import { route } from '../../platform/http/route';
import type { DynamicRegisterService } from './dynamic-register.service';

/** Per address, on top of the per-journey limit in the service. */
const PUBLIC_RATE = { rateLimit: { max: 60, timeWindow: '1 minute' } };
/** Starting a journey without a link: a person starts one or two; a script is slowed down at once. */
const START_RATE = { rateLimit: { max: 5, timeWindow: '1 minute' } };

/** The customer's link; a signed-in caller is refused: the dynamic register is not a staff screen. */
function requireLink(request: FastifyRequest): LinkCaller {
  if (!request.link) throw AppError.unauthorized(DYNAMIC_REGISTER_MESSAGES.linkInvalid);
  return request.link;
}

export function registerDynamicRegisterRoutes(
  app: FastifyInstance,
  { dynamicRegister }: { dynamicRegister: DynamicRegisterService },
): void {
  route(
    app,
    DYNAMIC_REGISTER_ENDPOINTS.start,
    async (request) => ok(await dynamicRegister.start(request.body, requestMeta(request)), DYNAMIC_REGISTER_MESSAGES.started),
    START_RATE,
  );
  route(
    app,
    DYNAMIC_REGISTER_ENDPOINTS.open,
    async (request) => ok(await dynamicRegister.open(requireLink(request), request.body, requestMeta(request)), 'OK'),
    PUBLIC_RATE,
  );
  route(
    app,
    DYNAMIC_REGISTER_ENDPOINTS.saveStep,
    async (request) =>
      ok(await dynamicRegister.saveStep(requireLink(request), request.params.step, request.body), DYNAMIC_REGISTER_MESSAGES.saved),
    PUBLIC_RATE,
  );
  route(
    app,
    DYNAMIC_REGISTER_ENDPOINTS.complete,
    async (request) =>
      ok(
        await dynamicRegister.complete(requireLink(request), request.body.dataSegmentId, requestMeta(request)),
        DYNAMIC_REGISTER_MESSAGES.completed,
      ),
    PUBLIC_RATE,
  );
}
