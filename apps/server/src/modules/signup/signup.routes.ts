import type { FastifyInstance } from 'fastify';
import { SIGNUP_ENDPOINTS } from '@sanad/contracts/signup.endpoints';
import { ok, okMessage } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import { route } from '../../platform/http/route';
import type { SignUpService } from './signup.service';

export function registerSignUpRoutes(app: FastifyInstance, signUps: SignUpService): void {
  route(app, SIGNUP_ENDPOINTS.settings, async () => ok(signUps.settings()));

  // The per-address limit that matters is counted in the database (shared by replicas).
  route(app, SIGNUP_ENDPOINTS.signUp, async (request) => okMessage(await signUps.signUp(request.body, requestMeta(request))), {
    rateLimit: { max: 20, timeWindow: '1 minute' },
  });
}
