import type { TNewPassword } from '@sanad/contracts/account-passwords';
import type { TSession } from '@sanad/contracts/session';
import { api } from '../../../lib/api-client';
import { saveSession, setActiveDataSegmentId } from '../../../lib/session';

export type Invitation = 'user' | 'team-member';

const PATHS: Record<Invitation, string> = {
  user: 'users/activate-account',
  'team-member': 'users/team-member/activate-account',
};

/**
 * Accepts an invitation: sets the password and activates the account. The answer is a session, as
 * login's: it is stored, and the first of the user's data segments becomes active (001 §4).
 */
export async function activateAccount(invitation: Invitation, token: string, body: TNewPassword): Promise<TSession> {
  const { data } = await api.post<TSession>(`${PATHS[invitation]}/${encodeURIComponent(token)}`, body);
  saveSession(data);
  const [first] = data.profile.dataSegmentIds;
  if (first) setActiveDataSegmentId(first);
  return data;
}
