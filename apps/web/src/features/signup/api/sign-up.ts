import type { TSignUpRequest } from '@sanad/contracts/public-forms';
import { api } from '../../../lib/api-client';

/** POST users/signup, without a bearer token: answers with a message, whatever the address. */
export async function signUp(input: TSignUpRequest): Promise<string> {
  const { message } = await api.post<never>('users/signup', input);
  return message;
}
