import { endpoint, requireAny } from './endpoint';
import { ZLooseIdParams, ZMessageEnvelope, listEnvelope, successEnvelope } from './http';
import { ZStaffListQuery, ZStaffUserRow, ZSystemUserInput, ZTeamMemberInput } from './users';

const tag = 'users';

/**
 * System users (the /users screen). The spec writes the list and create path with a trailing
 * slash; the server answers `users` as well. manage-users implies view-users.
 */
export const USER_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: 'users/',
    tag,
    summary: 'List system users',
    access: requireAny('view-users', 'manage-users'),
    query: ZStaffListQuery,
    response: listEnvelope(ZStaffUserRow),
  }),
  create: endpoint({
    method: 'POST',
    path: 'users/',
    tag,
    summary: 'Invite a system user: creates a pending account and e-mails a set-password link',
    access: requireAny('manage-users'),
    body: ZSystemUserInput,
    response: successEnvelope(ZStaffUserRow),
  }),
  get: endpoint({
    method: 'GET',
    path: 'users/:id',
    tag,
    summary: 'One system user',
    access: requireAny('view-users', 'manage-users'),
    params: ZLooseIdParams,
    response: successEnvelope(ZStaffUserRow),
  }),
  update: endpoint({
    method: 'PUT',
    path: 'users/:id',
    tag,
    summary: 'Edit a system user; a changed status archives (ending their sessions) or activates them',
    access: requireAny('manage-users'),
    params: ZLooseIdParams,
    body: ZSystemUserInput,
    response: successEnvelope(ZStaffUserRow),
  }),
  resendInvitation: endpoint({
    method: 'POST',
    path: 'users/resend-invitation/:id',
    tag,
    summary: 'Send a pending account a new set-password link; the previous link stops working',
    // A system user needs manage-users, a team member manage-team-members (checked per account).
    access: requireAny('manage-users', 'manage-team-members'),
    params: ZLooseIdParams,
    response: ZMessageEnvelope,
  }),
};

/** Team members (the /team-members screen): colleagues invited into the inviter's active segment. */
export const TEAM_MEMBER_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: 'users/team-member',
    tag,
    summary: 'List team members',
    access: requireAny('view-team-members', 'manage-team-members'),
    query: ZStaffListQuery,
    response: listEnvelope(ZStaffUserRow),
  }),
  add: endpoint({
    method: 'POST',
    path: 'users/team-member/add',
    tag,
    summary: "Invite a team member into the active data segment, with a role no stronger than the inviter's",
    access: requireAny('manage-team-members'),
    body: ZTeamMemberInput,
    response: successEnvelope(ZStaffUserRow),
  }),
  update: endpoint({
    method: 'PUT',
    path: 'users/team-member/:id',
    tag,
    summary: 'Edit a team member; a changed status archives or activates them',
    access: requireAny('manage-team-members'),
    params: ZLooseIdParams,
    body: ZTeamMemberInput,
    response: successEnvelope(ZStaffUserRow),
  }),
};
