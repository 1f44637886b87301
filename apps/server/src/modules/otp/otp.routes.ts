import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONTACT_OTP_MESSAGES, OTP_MESSAGES } from '@sanad/contracts/otp';
import { OTP_ENDPOINTS } from '@sanad/contracts/otp.endpoints';
import type { LinkCaller } from '../../platform/auth/access';
import { requireActor } from '../../platform/auth/authenticate';
import { AppError } from '../../platform/http/app-error';
import { ok } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import { route } from '../../platform/http/route';
import type { OtpService } from './otp.service';

export function registerOtpRoutes(app: FastifyInstance, otp: OtpService): void {
  // Per address, on top of the per-recipient and per-segment send limits in the service.
  route(
    app,
    OTP_ENDPOINTS.request,
    async (request) => ok(await otp.requestCode(requireActor(request), request.body, requestMeta(request)), OTP_MESSAGES.sent),
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );

  route(app, OTP_ENDPOINTS.verifyNumber, async (request) => {
    const result = await otp.verifyNumber(requireActor(request), request.body, requestMeta(request));
    return ok(result, result.message);
  });

  // A public journey: per address here, per link and per recipient in the service.
  route(
    app,
    OTP_ENDPOINTS.requestContactCode,
    async (request) => ok(await otp.requestContactCode(requireLink(request), request.body, requestMeta(request)), OTP_MESSAGES.sent),
    { rateLimit: { max: 5, timeWindow: '1 minute' } },
  );
  route(
    app,
    OTP_ENDPOINTS.verifyContactCode,
    async (request) => {
      const verified = await otp.verifyContactCode(requireLink(request), request.body, requestMeta(request));
      return ok(verified, verified.channel === 'email' ? CONTACT_OTP_MESSAGES.emailVerified : CONTACT_OTP_MESSAGES.numberVerified);
    },
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );
}

/** The customer's link; a signed-in caller is refused: a contact code proves a customer's address. */
function requireLink(request: FastifyRequest): LinkCaller {
  if (!request.link) throw AppError.unauthorized('This link is no longer valid');
  return request.link;
}
