import type { TNewPassword } from '@sanad/contracts/account-passwords';
import { api } from '../../../lib/api-client';

/** POST users/password/set/:token: sets or resets the password with an e-mailed link. */
export async function setPassword(token: string, body: TNewPassword): Promise<string> {
  const { message } = await api.post<undefined>(`users/password/set/${encodeURIComponent(token)}`, body);
  return message;
}
