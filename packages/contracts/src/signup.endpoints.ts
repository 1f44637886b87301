import { PUBLIC, endpoint } from './endpoint';
import { ZMessageEnvelope, successEnvelope } from './http';
import { ZSignUpRequest, ZSignUpSettings } from './signup';

const tag = 'signup';

/** Self-service trial sign-up, off unless the installation turns it on (AD-02, BL-15). */
export const SIGNUP_ENDPOINTS = {
  settings: endpoint({
    method: 'GET',
    path: 'users/signup/settings',
    tag,
    summary: 'Whether this installation takes public sign-ups, so the login page offers the link only then',
    access: PUBLIC,
    response: successEnvelope(ZSignUpSettings),
  }),
  signUp: endpoint({
    method: 'POST',
    path: 'users/signup',
    tag,
    summary: 'Sign up for a trial (captcha required); answers the same whether or not the address has an account; 403 when sign-up is off',
    access: PUBLIC,
    body: ZSignUpRequest,
    response: ZMessageEnvelope,
  }),
};
