import type { TNewPassword } from '@sanad/contracts/passwords';
import { PASSWORD_ENDPOINTS } from '@sanad/contracts/passwords.endpoints';
import { api } from '../../../lib/api';

/** POST users/password/set/:token: sets or resets the password with an e-mailed link. */
export async function setPassword(token: string, body: TNewPassword): Promise<string> {
  const { message } = await api(PASSWORD_ENDPOINTS.setPassword, { params: { token }, body });
  return message;
}
