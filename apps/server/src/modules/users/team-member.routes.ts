import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listEnvelope, successEnvelope } from '@sanad/contracts/http';
import { STAFF_MESSAGES, ZStaffListQuery, ZStaffUserRow, ZTeamMemberInput } from '@sanad/contracts/staff-users';
import { requireAny } from '@sanad/contracts/endpoint';
import { requireActor } from '../../platform/auth/authenticate';
import { ok, okList } from '../../platform/http/envelope';
import { ZLooseIdParams } from '../../platform/http/id-params';
import { requestMeta } from '../../platform/http/request-meta';
import type { StaffService } from './staff.service';

/** Team members (001 §2 /team-members, §7 POST users/team-member/add, PUT users/team-member/{id}). */
export function teamMemberRoutes(staff: StaffService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/users/team-member',
      {
        config: { access: requireAny('view-team-members', 'manage-team-members') },
        schema: {
          tags: ['team members'],
          summary: 'List team members',
          querystring: ZStaffListQuery,
          response: { 200: listEnvelope(ZStaffUserRow) },
        },
      },
      async (request) => okList(await staff.list(requireActor(request), request.query, 'team'), request.query),
    );

    app.post(
      '/users/team-member/add',
      {
        config: { access: requireAny('manage-team-members') },
        schema: {
          tags: ['team members'],
          summary: "Invite a team member into the active data segment, with a role no stronger than the inviter's",
          body: ZTeamMemberInput,
          response: { 200: successEnvelope(ZStaffUserRow) },
        },
      },
      async (request) =>
        ok(await staff.create(requireActor(request), request.body, 'team', requestMeta(request)), STAFF_MESSAGES.teamMemberAdded),
    );

    app.put(
      '/users/team-member/:id',
      {
        config: { access: requireAny('manage-team-members') },
        schema: {
          tags: ['team members'],
          summary: 'Edit a team member; a changed status archives or activates them',
          params: ZLooseIdParams,
          body: ZTeamMemberInput,
          response: { 200: successEnvelope(ZStaffUserRow) },
        },
      },
      async (request) => {
        const { row, change } = await staff.update(requireActor(request), request.params.id, request.body, 'team', requestMeta(request));
        const message =
          change === 'archived'
            ? STAFF_MESSAGES.userArchived
            : change === 'activated'
              ? STAFF_MESSAGES.userActivated
              : STAFF_MESSAGES.teamMemberUpdated;
        return ok(row, message);
      },
    );
  };
}
