import { PASSWORD_ENDPOINTS } from '@sanad/contracts/passwords.endpoints';
import { api } from '../../../lib/api';

/** POST users/password/reset: the answer is the same whether or not the account exists. */
export async function requestPasswordReset(email: string): Promise<string> {
  const { message } = await api(PASSWORD_ENDPOINTS.requestReset, { body: { email } });
  return message;
}
