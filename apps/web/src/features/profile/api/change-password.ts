import type { TChangePasswordForm } from '@sanad/contracts/profile';
import { api } from '../../../lib/api-client';
import type { OtpProof } from '../../../lib/otp-proof';

/** POST users/password/change (001 §7) with oldPassword, password, passwordConfirmation, otp, token and the captcha solution. */
export async function changePassword(form: TChangePasswordForm, proof: OtpProof): Promise<string> {
  const { message } = await api.post<unknown>('users/password/change', { ...form, ...proof });
  return message;
}
