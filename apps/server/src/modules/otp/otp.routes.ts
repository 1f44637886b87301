import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successEnvelope } from '@sanad/contracts/http';
import { OTP_MESSAGES, ZGenerateOtpRequest, ZGenerateOtpResponse, ZVerifyOtpRequest, ZVerifyOtpResponse } from '@sanad/contracts/otp';
import { SIGNED_IN } from '@sanad/contracts/endpoint';
import { requireActor } from '../../platform/auth/authenticate';
import { ok } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import type { OtpService } from './otp.service';

export function otpRoutes(otp: OtpService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/configurations/generate-otp-auth/',
      {
        // Per address, on top of the per-recipient and per-segment send limits in the service.
        config: { access: SIGNED_IN, rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags: ['one-time codes'],
          summary: 'Send a one-time code to the signed-in user; answers with the token to send back with it, never the code',
          body: ZGenerateOtpRequest,
          response: { 200: successEnvelope(ZGenerateOtpResponse) },
        },
      },
      async (request) => ok(await otp.requestCode(requireActor(request), request.body, requestMeta(request)), OTP_MESSAGES.sent),
    );

    app.post(
      '/configurations/verify-otp',
      {
        config: { access: SIGNED_IN },
        schema: {
          tags: ['one-time codes'],
          summary: 'Old number verification: check a code sent to a mobile number (cToken is the captcha response)',
          body: ZVerifyOtpRequest,
          response: { 200: successEnvelope(ZVerifyOtpResponse) },
        },
      },
      async (request) => {
        const result = await otp.verifyNumber(requireActor(request), request.body, requestMeta(request));
        return ok(result, result.message);
      },
    );
  };
}
