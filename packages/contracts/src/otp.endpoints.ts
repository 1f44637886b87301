import { SIGNED_IN, endpoint } from './endpoint';
import { successEnvelope } from './http';
import { ZGenerateOtpRequest, ZGenerateOtpResponse, ZVerifyOtpRequest, ZVerifyOtpResponse } from './otp';

const tag = 'otp';

/** One-time codes for account actions. */
export const OTP_ENDPOINTS = {
  request: endpoint({
    method: 'POST',
    path: 'configurations/generate-otp-auth/',
    tag,
    summary: 'Send a one-time code to the signed-in user; answers with the token to send back with it, never the code',
    access: SIGNED_IN,
    body: ZGenerateOtpRequest,
    response: successEnvelope(ZGenerateOtpResponse),
  }),
  verifyNumber: endpoint({
    method: 'POST',
    path: 'configurations/verify-otp',
    tag,
    summary: 'Old number verification: check a code sent to a mobile number (cToken is the captcha response)',
    access: SIGNED_IN,
    body: ZVerifyOtpRequest,
    response: successEnvelope(ZVerifyOtpResponse),
  }),
};
