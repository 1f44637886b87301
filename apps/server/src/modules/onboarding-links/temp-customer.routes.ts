import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TEMP_CUSTOMER_MESSAGES } from '@sanad/contracts/temp-customers';
import { TEMP_CUSTOMER_ENDPOINTS } from '@sanad/contracts/temp-customers.endpoints';
import type { LinkCaller } from '../../platform/auth/access';
import { LINK_TOKEN_HEADER } from '../../platform/auth/onboarding-links';
import { requireActor } from '../../platform/auth/authenticate';
import { AppError } from '../../platform/http/app-error';
import { ok, okList } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import { route } from '../../platform/http/route';
import type { DeepRegisterService } from './deep-register.service';
import type { PublicFormService } from './public-form.service';
import type { TempCustomerService } from './temp-customer.service';

/** Per address, on top of the per-link limit in the service: a customer's phone makes a handful a minute. */
const PUBLIC_RATE = { rateLimit: { max: 60, timeWindow: '1 minute' } };
/** Starting the older public form without a link: a person starts one or two; a script is slowed down at once. */
const START_RATE = { rateLimit: { max: 5, timeWindow: '1 minute' } };

/** The customer's link; a signed-in caller is refused: the deep register is not a staff screen. */
function requireLink(request: FastifyRequest): LinkCaller {
  if (!request.link) throw AppError.unauthorized(TEMP_CUSTOMER_MESSAGES.linkInvalid);
  return request.link;
}

/** The token the link was admitted with (the authentication hook checked it): the continue link carries it. */
function linkToken(request: FastifyRequest): string | undefined {
  const value = request.headers[LINK_TOKEN_HEADER];
  return typeof value === 'string' ? value : undefined;
}

export function registerTempCustomerRoutes(
  app: FastifyInstance,
  { temps, deepRegister, publicForm }: { temps: TempCustomerService; deepRegister: DeepRegisterService; publicForm: PublicFormService },
): void {
  route(app, TEMP_CUSTOMER_ENDPOINTS.send, async (request) =>
    ok(await temps.send(requireActor(request), request.body, requestMeta(request)), TEMP_CUSTOMER_MESSAGES.sent),
  );
  route(app, TEMP_CUSTOMER_ENDPOINTS.list, async (request) =>
    okList(await temps.list(requireActor(request), request.query), request.query),
  );
  route(app, TEMP_CUSTOMER_ENDPOINTS.get, async (request) => ok(await temps.get(requireActor(request), request.params.id), 'OK'));
  route(app, TEMP_CUSTOMER_ENDPOINTS.resend, async (request) =>
    ok(await temps.resend(requireActor(request), request.params.id, request.body, requestMeta(request)), TEMP_CUSTOMER_MESSAGES.resent),
  );
  route(app, TEMP_CUSTOMER_ENDPOINTS.revoke, async (request) =>
    ok(
      await temps.revoke(requireActor(request), request.params.id, request.body.dataSegmentId, requestMeta(request)),
      TEMP_CUSTOMER_MESSAGES.revoked,
    ),
  );

  route(
    app,
    TEMP_CUSTOMER_ENDPOINTS.start,
    async (request) => ok(await publicForm.start(request.body, requestMeta(request)), TEMP_CUSTOMER_MESSAGES.started),
    START_RATE,
  );
  route(
    app,
    TEMP_CUSTOMER_ENDPOINTS.open,
    async (request) => ok(await deepRegister.open(requireLink(request), request.body.dataSegmentId), 'OK'),
    PUBLIC_RATE,
  );
  route(
    app,
    TEMP_CUSTOMER_ENDPOINTS.saveStep,
    async (request) =>
      ok(
        await deepRegister.saveStep(requireLink(request), request.params.step, request.body, linkToken(request), requestMeta(request)),
        TEMP_CUSTOMER_MESSAGES.saved,
      ),
    PUBLIC_RATE,
  );
  route(
    app,
    TEMP_CUSTOMER_ENDPOINTS.complete,
    async (request) =>
      ok(
        await deepRegister.complete(requireLink(request), request.body.dataSegmentId, requestMeta(request)),
        TEMP_CUSTOMER_MESSAGES.completed,
      ),
    PUBLIC_RATE,
  );
}
