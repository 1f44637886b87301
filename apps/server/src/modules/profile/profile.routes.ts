import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParams, ZMessageEnvelope, successEnvelope } from '@sanad/contracts/http';
import { PROFILE_MESSAGES, ZChangePasswordRequest, ZUpdateProfileRequest } from '@sanad/contracts/profile';
import { ZProfile } from '@sanad/contracts/session';
import { SIGNED_IN } from '@sanad/contracts/endpoint';
import { requireActor } from '../../platform/auth/authenticate';
import { ok, okMessage } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import type { ProfileService } from './profile.service';

export function profileRoutes(profiles: ProfileService): FastifyPluginAsyncZod {
  return async (app) => {
    app.put(
      '/users/update-profile/:id',
      {
        config: { access: SIGNED_IN },
        schema: {
          tags: ['profile'],
          summary: "Update one's own name and e-mail with a one-time code and a solved captcha; answers with the new session profile",
          params: ZIdParams,
          body: ZUpdateProfileRequest,
          response: { 200: successEnvelope(ZProfile) },
        },
      },
      async (request) =>
        ok(
          await profiles.updateProfile(requireActor(request), request.params.id, request.body, requestMeta(request)),
          PROFILE_MESSAGES.profileUpdated,
        ),
    );

    app.post(
      '/users/password/change',
      {
        config: { access: SIGNED_IN },
        schema: {
          tags: ['profile'],
          summary: "Change one's own password with a one-time code and a solved captcha; ends every session of the user",
          body: ZChangePasswordRequest,
          response: { 200: ZMessageEnvelope },
        },
      },
      async (request) => {
        await profiles.changePassword(requireActor(request), request.body, requestMeta(request));
        return okMessage(PROFILE_MESSAGES.passwordChanged);
      },
    );
  };
}
