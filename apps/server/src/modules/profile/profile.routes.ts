import type { FastifyInstance } from 'fastify';
import { PROFILE_MESSAGES } from '@sanad/contracts/profile';
import { PROFILE_ENDPOINTS } from '@sanad/contracts/profile.endpoints';
import { requireActor } from '../../platform/auth/authenticate';
import { ok, okMessage } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import { route } from '../../platform/http/route';
import type { ProfileService } from './profile.service';

export function registerProfileRoutes(app: FastifyInstance, profiles: ProfileService): void {
  route(app, PROFILE_ENDPOINTS.update, async (request) =>
    ok(
      await profiles.updateProfile(requireActor(request), request.params.id, request.body, requestMeta(request)),
      PROFILE_MESSAGES.profileUpdated,
    ),
  );

  route(app, PROFILE_ENDPOINTS.changePassword, async (request) => {
    await profiles.changePassword(requireActor(request), request.body, requestMeta(request));
    return okMessage(PROFILE_MESSAGES.passwordChanged);
  });
}
