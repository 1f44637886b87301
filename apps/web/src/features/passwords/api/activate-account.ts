import type { TNewPassword } from '@sanad/contracts/passwords';
import { PASSWORD_ENDPOINTS } from '@sanad/contracts/passwords.endpoints';
import type { TSession } from '@sanad/contracts/session';
import { api } from '../../../lib/api';
import { saveSession, setActiveDataSegmentId } from '../../../lib/session';

export type Invitation = 'user' | 'team-member';

const ENDPOINTS = {
  user: PASSWORD_ENDPOINTS.activateAccount,
  'team-member': PASSWORD_ENDPOINTS.activateTeamMember,
} as const;

/**
 * Accepts an invitation: sets the password and activates the account. The answer is a session, as
 * login's: it is stored, and the first of the user's data segments becomes active.
 */
export async function activateAccount(invitation: Invitation, token: string, body: TNewPassword): Promise<TSession> {
  const { data } = await api(ENDPOINTS[invitation], { params: { token }, body });
  saveSession(data);
  const [first] = data.profile.dataSegmentIds;
  if (first) setActiveDataSegmentId(first);
  return data;
}
