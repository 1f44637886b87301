import type { TSignUpRequest } from '@sanad/contracts/signup';
import { SIGNUP_ENDPOINTS } from '@sanad/contracts/signup.endpoints';
import { api } from '../../../lib/api';

/** POST users/signup, without a bearer token: answers with a message, whatever the address. */
export async function signUp(input: TSignUpRequest): Promise<string> {
  const { message } = await api(SIGNUP_ENDPOINTS.signUp, { body: input });
  return message;
}
