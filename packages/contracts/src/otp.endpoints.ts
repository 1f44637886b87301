import { SIGNED_IN, endpoint, requireAnyOrLink } from './endpoint';
import { successEnvelope } from './http';
import {
  ZContactCodeRequest,
  ZContactCodeVerified,
  ZContactCodeVerify,
  ZGenerateOtpRequest,
  ZGenerateOtpResponse,
  ZVerifyOtpRequest,
  ZVerifyOtpResponse,
} from './otp';

const tag = 'otp';

/** Only the link of a deep or dynamic registration asks for a contact code. */
const THROUGH_JOURNEY = requireAnyOrLink(['deep-register', 'dynamic-register'], 'register-customer');

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
  /**
   * The public journeys' codes, with the link's token (header x-onboarding-token); a signed-in caller
   * is refused by the handler: these prove a customer's contact, not a staff user's.
   */
  requestContactCode: endpoint({
    method: 'POST',
    path: 'onboarding/generate-otp-auth',
    tag,
    summary:
      'Send a one-time code to the contact e-mail (or mobile number, where the segment sends links by SMS only) of a deep or dynamic registration; the captcha is solved first; rate limited per link, per address and per recipient',
    access: THROUGH_JOURNEY,
    body: ZContactCodeRequest,
    response: successEnvelope(ZGenerateOtpResponse),
  }),
  verifyContactCode: endpoint({
    method: 'POST',
    path: 'onboarding/verify-otp',
    tag,
    summary:
      "Check the code sent for this registration's contact: once it matches, the address counts as verified for this registration only (five attempts per code, 120 seconds)",
    access: THROUGH_JOURNEY,
    body: ZContactCodeVerify,
    response: successEnvelope(ZContactCodeVerified),
  }),
};
