import type { TProfileForm } from '@sanad/contracts/profile';
import { PROFILE_ENDPOINTS } from '@sanad/contracts/profile.endpoints';
import type { TProfile } from '@sanad/contracts/session';
import { api } from '../../../lib/api';
import type { OtpProof } from '../../../lib/otp-proof';

/** PUT users/update-profile/{id} with _id, firstName, lastName, email, otp, token and the captcha solution. */
export async function updateProfile(id: string, form: TProfileForm, proof: OtpProof): Promise<{ message: string; data: TProfile }> {
  const { message, data } = await api(PROFILE_ENDPOINTS.update, { params: { id }, body: { _id: id, ...form, ...proof } });
  return { message, data };
}
