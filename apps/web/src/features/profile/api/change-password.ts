import type { TChangePasswordForm } from '@sanad/contracts/profile';
import { PROFILE_ENDPOINTS } from '@sanad/contracts/profile.endpoints';
import { api } from '../../../lib/api';
import type { OtpProof } from '../../../lib/otp-proof';

/** POST users/password/change with oldPassword, password, passwordConfirmation, otp, token and the captcha solution. */
export async function changePassword(form: TChangePasswordForm, proof: OtpProof): Promise<string> {
  const { message } = await api(PROFILE_ENDPOINTS.changePassword, { body: { ...form, ...proof } });
  return message;
}
