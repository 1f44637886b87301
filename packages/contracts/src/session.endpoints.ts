import { PUBLIC, SIGNED_IN, endpoint } from './endpoint';
import { successEnvelope } from './http';
import { ZCaptchaChallenge, ZLoginRequest, ZLogoutAnswer, ZProfile, ZSession, ZSessionUpdate, ZSessionUpdateQuery } from './session';

const tag = 'session';

export const SESSION_ENDPOINTS = {
  login: endpoint({
    method: 'POST',
    path: 'users/login',
    tag,
    summary: 'Sign in with e-mail or username and password',
    access: PUBLIC,
    body: ZLoginRequest,
    response: successEnvelope(ZSession),
  }),
  logout: endpoint({
    method: 'POST',
    path: 'users/logout',
    tag,
    summary: "End the session; a session from an identity provider answers the provider's end-session URL",
    access: SIGNED_IN,
    response: ZLogoutAnswer,
  }),
  extend: endpoint({
    method: 'GET',
    path: 'users/sessionUpdate',
    tag,
    summary: 'Extend the session (optionally switching the active data segment); the new token comes back in the authorization header',
    access: SIGNED_IN,
    query: ZSessionUpdateQuery,
    response: successEnvelope(ZSessionUpdate),
  }),
  verify: endpoint({
    method: 'GET',
    path: 'users/verify-token',
    tag,
    summary: 'Verify the token (signature, algorithm, issuer, audience, expiry, live session) and return the profile',
    access: SIGNED_IN,
    response: successEnvelope(ZProfile),
  }),
  captchaChallenge: endpoint({
    method: 'GET',
    path: 'captcha/challenge',
    tag,
    summary: 'A proof-of-work challenge for the ALTCHA widget (raw ALTCHA JSON, not enveloped)',
    access: PUBLIC,
    response: ZCaptchaChallenge,
  }),
};
