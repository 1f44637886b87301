import { randomInt } from 'node:crypto';
import { PRODUCT_NAME } from '@sanad/contracts/constants';
import { ACCOUNT_TOKEN_TTL_SECONDS, issueAccountToken } from '../../platform/auth/account-tokens';
import type { Queryable } from '../../platform/db/database';
import { enqueueMessage, type OutgoingMessage } from '../../platform/messaging/outbox';
import { isUsernameTaken, type StaffKind } from './user.repository';

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

export interface Invitation {
  userId: string;
  email: string;
  firstName: string;
  companyName: string;
  inviterName: string;
  kind: StaffKind;
  dataSegmentId: string | null;
}

/** Where each kind of invitation opens in the web app. */
const LINK_PATHS: Record<StaffKind, string> = { system: 'users/create-password', team: 'team-member/create-password' };

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * "Join Acme Bank on Sanad" when the segment's company has a name of its own; just "Sanad" when it
 * has none or is called Sanad itself (a fresh installation), so the mail never reads "Sanad for Sanad".
 */
function destination(companyName: string): string {
  const company = companyName.trim();
  return company && company.toLowerCase() !== PRODUCT_NAME.toLowerCase() ? `join ${company} on ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/** The invitation e-mail; marked sensitive, so the outbox blanks its body once delivered. */
export function invitationMail(invitation: Omit<Invitation, 'userId'>, link: string): OutgoingMessage {
  const where = destination(invitation.companyName);
  const inviter = invitation.inviterName.trim();
  const days = ACCOUNT_TOKEN_TTL_SECONDS[invitation.kind === 'team' ? 'team-activation' : 'activation'] / 86_400;
  const greeting = `Hello ${invitation.firstName},`;
  const intro = `${inviter ? `${inviter} has invited you` : 'You have been invited'} to ${where}. Use the link below to set your password and activate your account.`;
  const expiry = `The link works once and expires in ${days} days.`;
  const closing = 'If you did not expect this invitation, you can ignore this e-mail.';
  return {
    dataSegmentId: invitation.dataSegmentId,
    channel: 'email',
    recipient: invitation.email,
    subject: `You are invited to ${where}`,
    text: `${greeting}\n\n${intro}\n\n${link}\n\n${expiry}\n\n${closing}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">Set your password</a></p><p>${expiry}</p><p>${escapeHtml(closing)}</p>`,
    isSensitive: true,
  };
}

/**
 * Issues the set-password link of a pending account and writes the invitation e-mail, in the
 * caller's transaction. A new invitation makes the previous link stop working.
 */
export async function writeInvitation(tx: Queryable, links: InvitationLinks, invitation: Invitation): Promise<void> {
  const token = await issueAccountToken(
    tx,
    links.hmacKey,
    invitation.userId,
    invitation.kind === 'team' ? 'team-activation' : 'activation',
  );
  await enqueueMessage(tx, invitationMail(invitation, `${links.publicUrl}/${LINK_PATHS[invitation.kind]}/${token}`));
}
