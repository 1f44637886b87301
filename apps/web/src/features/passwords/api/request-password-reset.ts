import { api } from '../../../lib/api-client';

/** POST users/password/reset: the answer is the same whether or not the account exists. */
export async function requestPasswordReset(email: string): Promise<string> {
  const { message } = await api.post<undefined>('users/password/reset', { email });
  return message;
}
