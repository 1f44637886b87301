import { ACCOUNT_TOKEN_TTL_SECONDS, type AccountTokenPurpose } from '../../platform/auth/account-tokens';
import type { OutgoingMessage } from '../../platform/messaging/outbox';

/**
 * The e-mailed account links, as the passwords module opens them: what other modules use to
 * invite someone (the users module's invitations), so the link paths and wording live here once.
 */

/** Where each kind of link opens in the web app (guest-only routes). */
const LINK_PATHS: Record<AccountTokenPurpose, string> = {
  activation: 'users/create-password',
  'team-activation': 'team-member/create-password',
  'password-reset': 'users/reset-password',
};

export function accountLink(publicUrl: string, purpose: AccountTokenPurpose, token: string): string {
  return `${publicUrl}/${LINK_PATHS[purpose]}/${token}`;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function validity(purpose: AccountTokenPurpose): string {
  const hours = ACCOUNT_TOKEN_TTL_SECONDS[purpose] / 3600;
  return hours >= 24 ? `${hours / 24} days` : `${hours} hour${hours === 1 ? '' : 's'}`;
}

/**
 * The e-mail carrying an invitation or a reset link. It is marked sensitive, so the outbox blanks
 * its body once delivered; the link itself is never logged.
 */
export function accountLinkMail(input: {
  purpose: AccountTokenPurpose;
  link: string;
  recipient: string;
  firstName: string;
  inviterName?: string;
  companyName?: string;
  dataSegmentId: string | null;
}): OutgoingMessage {
  const greeting = `Hello ${input.firstName},`;
  const intro =
    input.purpose === 'password-reset'
      ? 'We received a request to reset your Sanad password. Use the link below to choose a new one.'
      : `${input.inviterName ? `${input.inviterName} has invited you` : 'You have been invited'} to Sanad${input.companyName ? ` for ${input.companyName}` : ''}. Use the link below to set your password and activate your account.`;
  const closing =
    input.purpose === 'password-reset'
      ? 'If you did not ask for this, you can ignore this e-mail: your password stays as it is.'
      : 'If you did not expect this invitation, you can ignore this e-mail.';
  const subject = input.purpose === 'password-reset' ? 'Reset your Sanad password' : 'You are invited to Sanad';
  const text = `${greeting}\n\n${intro}\n\n${input.link}\n\nThe link works once and expires in ${validity(input.purpose)}.\n\n${closing}\n`;
  const html = `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(input.link)}">${
    input.purpose === 'password-reset' ? 'Reset your password' : 'Set your password'
  }</a></p><p>The link works once and expires in ${validity(input.purpose)}.</p><p>${escapeHtml(closing)}</p>`;
  return { dataSegmentId: input.dataSegmentId, channel: 'email', recipient: input.recipient, subject, text, html, isSensitive: true };
}
