import type { FastifyInstance } from 'fastify';
import { STAFF_MESSAGES } from '@sanad/contracts/users';
import { TEAM_MEMBER_ENDPOINTS, USER_ENDPOINTS } from '@sanad/contracts/users.endpoints';
import { requireActor } from '../../platform/auth/authenticate';
import { ok, okList, okMessage } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import { route } from '../../platform/http/route';
import type { UserService } from './user.service';

const CHANGE_MESSAGES = { archived: STAFF_MESSAGES.userArchived, activated: STAFF_MESSAGES.userActivated } as const;

/** System users (the /users screen) and team members (the /team-members screen). */
export function registerUserRoutes(app: FastifyInstance, users: UserService): void {
  route(
    app,
    USER_ENDPOINTS.list,
    async (request) => okList(await users.list(requireActor(request), request.query, 'system'), request.query),
    {
      alsoAt: 'users',
    },
  );

  route(
    app,
    USER_ENDPOINTS.create,
    async (request) =>
      ok(await users.create(requireActor(request), request.body, 'system', requestMeta(request)), STAFF_MESSAGES.userCreated),
    { alsoAt: 'users' },
  );

  route(app, USER_ENDPOINTS.get, async (request) => ok(await users.get(requireActor(request), request.params.id, 'system')));

  route(app, USER_ENDPOINTS.update, async (request) => {
    const { row, change } = await users.update(requireActor(request), request.params.id, request.body, 'system', requestMeta(request));
    return ok(row, change ? CHANGE_MESSAGES[change] : STAFF_MESSAGES.userUpdated);
  });

  route(app, USER_ENDPOINTS.resendInvitation, async (request) => {
    await users.resendInvitation(requireActor(request), request.params.id, requestMeta(request));
    return okMessage(STAFF_MESSAGES.invitationResent);
  });

  route(app, TEAM_MEMBER_ENDPOINTS.list, async (request) =>
    okList(await users.list(requireActor(request), request.query, 'team'), request.query),
  );

  route(app, TEAM_MEMBER_ENDPOINTS.add, async (request) =>
    ok(await users.create(requireActor(request), request.body, 'team', requestMeta(request)), STAFF_MESSAGES.teamMemberAdded),
  );

  route(app, TEAM_MEMBER_ENDPOINTS.update, async (request) => {
    const { row, change } = await users.update(requireActor(request), request.params.id, request.body, 'team', requestMeta(request));
    return ok(row, change ? CHANGE_MESSAGES[change] : STAFF_MESSAGES.teamMemberUpdated);
  });
}
