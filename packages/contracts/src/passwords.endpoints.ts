import { PUBLIC, endpoint } from './endpoint';
import { ZMessageEnvelope, successEnvelope } from './http';
import { ZForgotPasswordRequest, ZLinkTokenParams, ZNewPassword, ZPasswordLink } from './passwords';
import { ZSession } from './session';

const tag = 'passwords';

/** Passwords by e-mailed link and account activation. */
export const PASSWORD_ENDPOINTS = {
  requestReset: endpoint({
    method: 'POST',
    path: 'users/password/reset',
    tag,
    summary: 'Forgot password: e-mails a reset link; answers the same whether or not the account exists',
    access: PUBLIC,
    body: ZForgotPasswordRequest,
    response: ZMessageEnvelope,
  }),
  checkLink: endpoint({
    method: 'GET',
    path: 'users/password/link/:token',
    tag,
    summary: "Check an e-mailed link without using it up: its purpose, or 400 'This link is invalid or has expired'",
    access: PUBLIC,
    params: ZLinkTokenParams,
    response: successEnvelope(ZPasswordLink),
  }),
  setPassword: endpoint({
    method: 'POST',
    path: 'users/password/set/:token',
    tag,
    summary: 'Set or reset the password with an e-mailed link; a reset ends every session of the user',
    access: PUBLIC,
    params: ZLinkTokenParams,
    body: ZNewPassword,
    response: ZMessageEnvelope,
  }),
  activateAccount: endpoint({
    method: 'POST',
    path: 'users/activate-account/:token',
    tag,
    summary: "Accept a system user's invitation: set the password, activate the account and sign in (answers like login)",
    access: PUBLIC,
    params: ZLinkTokenParams,
    body: ZNewPassword,
    response: successEnvelope(ZSession),
  }),
  activateTeamMember: endpoint({
    method: 'POST',
    path: 'users/team-member/activate-account/:token',
    tag,
    summary: "Accept a team member's invitation: set the password, activate the account and sign in (answers like login)",
    access: PUBLIC,
    params: ZLinkTokenParams,
    body: ZNewPassword,
    response: successEnvelope(ZSession),
  }),
};
