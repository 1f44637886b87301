import { SIGNED_IN, endpoint } from './endpoint';
import { ZIdParams, ZMessageEnvelope, successEnvelope } from './http';
import { ZChangePasswordRequest, ZUpdateProfileRequest } from './profile';
import { ZProfile } from './session';

const tag = 'profile';

/** The signed-in user's own account: each change needs a one-time code and a solved captcha. */
export const PROFILE_ENDPOINTS = {
  update: endpoint({
    method: 'PUT',
    path: 'users/update-profile/:id',
    tag,
    summary: "Update one's own name and e-mail with a one-time code and a solved captcha; answers with the new session profile",
    access: SIGNED_IN,
    params: ZIdParams,
    body: ZUpdateProfileRequest,
    response: successEnvelope(ZProfile),
  }),
  changePassword: endpoint({
    method: 'POST',
    path: 'users/password/change',
    tag,
    summary: "Change one's own password with a one-time code and a solved captcha; ends every session of the user",
    access: SIGNED_IN,
    body: ZChangePasswordRequest,
    response: ZMessageEnvelope,
  }),
};
