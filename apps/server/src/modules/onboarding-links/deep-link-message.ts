import { PRODUCT_NAME } from '@sanad/contracts/constants';
import type { OutgoingMessage } from '../../platform/messaging/outbox';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export interface DeepLinkInvitation {
  dataSegmentId: string;
  channel: 'email' | 'sms';
  recipient: string;
  firstName: string;
  companyName: string;
  url: string;
  validForHours: number;
}

function lifetime(hours: number): string {
  return hours % 24 === 0 ? `${hours / 24} day${hours === 24 ? '' : 's'}` : `${hours} hour${hours === 1 ? '' : 's'}`;
}

/**
 * The registration link, by e-mail or SMS. Marked sensitive: the outbox blanks the body once
 * delivered, so the token is not kept in the database in readable form.
 */
export function deepLinkMessage(invitation: DeepLinkInvitation): OutgoingMessage {
  const company = invitation.companyName.trim() || PRODUCT_NAME;
  const intro = `${company} has invited you to complete your registration online. It takes a few minutes: have your identity document ready.`;
  const expiry = `The link works until your registration is complete and expires in ${lifetime(invitation.validForHours)}.`;
  if (invitation.channel === 'sms') {
    return {
      dataSegmentId: invitation.dataSegmentId,
      channel: 'sms',
      recipient: invitation.recipient,
      text: `${company}: complete your registration at ${invitation.url} (expires in ${lifetime(invitation.validForHours)}).`,
      isSensitive: true,
    };
  }
  const greeting = `Hello ${invitation.firstName},`;
  const closing = 'If you did not expect this message, you can ignore it.';
  return {
    dataSegmentId: invitation.dataSegmentId,
    channel: 'email',
    recipient: invitation.recipient,
    subject: `Complete your registration with ${company}`,
    text: `${greeting}\n\n${intro}\n\n${invitation.url}\n\n${expiry}\n\n${closing}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(invitation.url)}">Complete your registration</a></p><p>${escapeHtml(expiry)}</p><p>${escapeHtml(closing)}</p>`,
    isSensitive: true,
  };
}
