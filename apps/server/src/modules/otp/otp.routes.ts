import type { FastifyInstance } from 'fastify';
import { OTP_MESSAGES } from '@sanad/contracts/otp';
import { OTP_ENDPOINTS } from '@sanad/contracts/otp.endpoints';
import { requireActor } from '../../platform/auth/authenticate';
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
}
