import { MESSAGES } from '@sanad/contracts/messages';
import type { TProfileForm } from '@sanad/contracts/profile';
import type { TProfile } from '@sanad/contracts/session';
import { api } from '../../../lib/api-client';
import type { OtpProof } from '../../../lib/otp-proof';

/**
 * PUT users/update-profile/{id} (001 §7) with _id, firstName, lastName, email, otp, token and the
 * captcha solution. A response whose status is the string "false" is a refusal (001 §8).
 */
export async function updateProfile(id: string, form: TProfileForm, proof: OtpProof): Promise<{ message: string; data: TProfile }> {
  const response: { status: unknown; message: string; data: TProfile } = await api.put<TProfile>(`users/update-profile/${id}`, {
    _id: id,
    ...form,
    ...proof,
  });
  if (response.status === 'false' || response.status === false) throw new Error(response.message || MESSAGES.default);
  return response;
}
