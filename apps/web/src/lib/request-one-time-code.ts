import { OTP_MESSAGES, type TGenerateOtpResponse, type TOtpPurpose } from '@sanad/contracts/otp';
import { OTP_ENDPOINTS } from '@sanad/contracts/otp.endpoints';
import type { TProfile } from '@sanad/contracts/session';
import { api } from './api';

/**
 * Asks the server to send a one-time code (POST /configurations/generate-otp-auth/) to
 * the signed-in user. The server sends it to the address on the account; the answer carries the
 * token to pass back with the code. No token means 'Could not get OTP'.
 */
export async function requestOneTimeCode(purpose: TOtpPurpose, user: TProfile): Promise<TGenerateOtpResponse> {
  const { data } = await api(OTP_ENDPOINTS.request, {
    body: {
      purpose,
      mobileNo: user.phoneNumber ?? '',
      name: `${user.firstName} ${user.lastName}`.trim(),
      email: user.email,
      emailText: 'Use this code to confirm the change to your account.',
    },
  });
  if (!data.token) throw new Error(OTP_MESSAGES.couldNotGet);
  return data;
}
