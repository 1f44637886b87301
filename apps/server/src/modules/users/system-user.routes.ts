import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZMessageEnvelope, listEnvelope, successEnvelope } from '@sanad/contracts/http';
import { STAFF_MESSAGES, ZStaffListQuery, ZStaffUserRow, ZSystemUserInput } from '@sanad/contracts/staff-users';
import { requireAny } from '@sanad/contracts/endpoint';
import { requireActor } from '../../platform/auth/authenticate';
import { ok, okList, okMessage } from '../../platform/http/envelope';
import { ZLooseIdParams } from '../../platform/http/id-params';
import { requestMeta } from '../../platform/http/request-meta';
import type { StaffService } from './staff.service';

/** System users (001 §2 /users, §7 POST users/, PUT users/{id}); manage-users implies view-users. */
export function systemUserRoutes(staff: StaffService): FastifyPluginAsyncZod {
  return async (app) => {
    // The spec writes users/ with a trailing slash; both spellings answer.
    for (const url of ['/users', '/users/']) {
      app.get(
        url,
        {
          config: { access: requireAny('view-users', 'manage-users') },
          schema: {
            tags: ['users'],
            summary: 'List system users',
            querystring: ZStaffListQuery,
            response: { 200: listEnvelope(ZStaffUserRow) },
          },
        },
        async (request) => okList(await staff.list(requireActor(request), request.query, 'system'), request.query),
      );

      app.post(
        url,
        {
          config: { access: requireAny('manage-users') },
          schema: {
            tags: ['users'],
            summary: 'Invite a system user: creates a pending account and e-mails a set-password link',
            body: ZSystemUserInput,
            response: { 200: successEnvelope(ZStaffUserRow) },
          },
        },
        async (request) =>
          ok(await staff.create(requireActor(request), request.body, 'system', requestMeta(request)), STAFF_MESSAGES.userCreated),
      );
    }

    app.get(
      '/users/:id',
      {
        config: { access: requireAny('view-users', 'manage-users') },
        schema: { tags: ['users'], summary: 'One system user', params: ZLooseIdParams, response: { 200: successEnvelope(ZStaffUserRow) } },
      },
      async (request) => ok(await staff.get(requireActor(request), request.params.id, 'system')),
    );

    app.put(
      '/users/:id',
      {
        config: { access: requireAny('manage-users') },
        schema: {
          tags: ['users'],
          summary: 'Edit a system user; a changed status archives (ending their sessions) or activates them',
          params: ZLooseIdParams,
          body: ZSystemUserInput,
          response: { 200: successEnvelope(ZStaffUserRow) },
        },
      },
      async (request) => {
        const { row, change } = await staff.update(requireActor(request), request.params.id, request.body, 'system', requestMeta(request));
        const message =
          change === 'archived'
            ? STAFF_MESSAGES.userArchived
            : change === 'activated'
              ? STAFF_MESSAGES.userActivated
              : STAFF_MESSAGES.userUpdated;
        return ok(row, message);
      },
    );

    app.post(
      '/users/resend-invitation/:id',
      {
        config: { access: requireAny('manage-users', 'manage-team-members') },
        schema: {
          tags: ['users'],
          summary: 'Send a pending account a new set-password link',
          params: ZLooseIdParams,
          response: { 200: ZMessageEnvelope },
        },
      },
      async (request) => {
        await staff.resendInvitation(requireActor(request), request.params.id, requestMeta(request));
        return okMessage(STAFF_MESSAGES.invitationResent);
      },
    );
  };
}
