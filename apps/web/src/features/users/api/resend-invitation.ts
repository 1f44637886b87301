import { USER_ENDPOINTS } from '@sanad/contracts/users.endpoints';
import { api } from '../../../lib/api';

/** A pending account gets a new set-password link; the previous one stops working. */
export function resendInvitation(userId: string) {
  return api(USER_ENDPOINTS.resendInvitation, { params: { id: userId } });
}
