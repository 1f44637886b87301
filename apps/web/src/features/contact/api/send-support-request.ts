import type { TSupportRequest } from '@sanad/contracts/public-forms';
import { api } from '../../../lib/api-client';

/** POST users/support (001 §7): no sign-in; the response message is shown. */
export async function sendSupportRequest(input: TSupportRequest): Promise<string> {
  const { message } = await api.post<never>('users/support', input);
  return message;
}
