import type { TSupportRequest } from '@sanad/contracts/support';
import { SUPPORT_ENDPOINTS } from '@sanad/contracts/support.endpoints';
import { api } from '../../../lib/api';

/** POST users/support: no sign-in; the response message is shown. */
export async function sendSupportRequest(input: TSupportRequest): Promise<string> {
  const { message } = await api(SUPPORT_ENDPOINTS.send, { body: input });
  return message;
}
