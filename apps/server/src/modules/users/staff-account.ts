import { randomInt } from 'node:crypto';
import type { Queryable } from '../../platform/db/database';
import { issueAccountToken } from '../../platform/auth/account-tokens';
import { enqueueMessage } from '../../platform/messaging/outbox';
import { accountLink, accountLinkMail } from '../passwords/account-link.port';
import { isUsernameTaken, type StaffKind } from './staff.repository';

/** A free username from the e-mail's local part (usernames never contain '@'). */
export async function deriveUsername(db: Queryable, email: string): Promise<string> {
  const base = (email.split('@')[0] ?? '')
    .replace(/[^A-Za-z0-9._-]/g, '')
    .slice(0, 40)
    .padEnd(3, '0');
  let candidate = base;
  for (let attempt = 0; attempt < 8 && (await isUsernameTaken(db, candidate)); attempt += 1) {
    candidate = `${base}-${randomInt(1000, 10_000)}`;
  }
  return candidate;
}

export interface InvitationLinks {
  hmacKey: Buffer;
  publicUrl: string;
}

/**
 * Issues the set-password link of a pending account and writes the invitation e-mail, in the
 * caller's transaction: users/create-password for system users, team-member/create-password for
 * team members. A new invitation makes the previous link stop working.
 */
export async function writeInvitation(
  tx: Queryable,
  links: InvitationLinks,
  invitation: {
    userId: string;
    email: string;
    firstName: string;
    companyName: string;
    inviterName: string;
    kind: StaffKind;
    dataSegmentId: string | null;
  },
): Promise<void> {
  const purpose = invitation.kind === 'team' ? 'team-activation' : 'activation';
  const token = await issueAccountToken(tx, links.hmacKey, invitation.userId, purpose);
  await enqueueMessage(
    tx,
    accountLinkMail({
      purpose,
      link: accountLink(links.publicUrl, purpose, token),
      recipient: invitation.email,
      firstName: invitation.firstName,
      inviterName: invitation.inviterName,
      companyName: invitation.companyName,
      dataSegmentId: invitation.dataSegmentId,
    }),
  );
}
