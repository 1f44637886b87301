import { api, type Envelope } from '../../../lib/api-client';

/** A pending account gets a new set-password link; the previous one stops working. */
export function resendInvitation(userId: string): Promise<Envelope<undefined>> {
  return api.post<undefined>(`users/resend-invitation/${userId}`);
}
