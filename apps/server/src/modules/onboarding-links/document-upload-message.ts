import { PRODUCT_NAME } from '@sanad/contracts/constants';
import type { OutgoingMessage } from '../../platform/messaging/outbox';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The document request e-mail: what is asked for, the staff member's note and the link. Marked
 * sensitive: the outbox blanks the body once delivered, so the token is not kept readable.
 */
export function documentRequestMessage(request: {
  dataSegmentId: string;
  recipient: string;
  firstName: string;
  companyName: string;
  documents: string[];
  note: string;
  url: string;
  expiresAt: string;
}): OutgoingMessage {
  const company = request.companyName.trim() || PRODUCT_NAME;
  const greeting = `Hello ${request.firstName || 'there'},`;
  const intro = `${company} asks you to upload the following documents:`;
  const expiry = `The link can be used once, until ${request.expiresAt.slice(0, 10)}.`;
  const note = request.note.trim();
  const lines = request.documents.map((document) => `- ${document}`).join('\n');
  return {
    dataSegmentId: request.dataSegmentId,
    channel: 'email',
    recipient: request.recipient,
    subject: `${company} requests documents from you`,
    text: `${greeting}\n\n${intro}\n${lines}\n\n${note ? `${note}\n\n` : ''}Upload them here: ${request.url}\n\n${expiry}\n`,
    html:
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><ul>${request.documents.map((document) => `<li>${escapeHtml(document)}</li>`).join('')}</ul>` +
      (note ? `<p>${escapeHtml(note)}</p>` : '') +
      `<p><a href="${escapeHtml(request.url)}">Upload your documents</a></p><p>${escapeHtml(expiry)}</p>`,
    isSensitive: true,
  };
}
