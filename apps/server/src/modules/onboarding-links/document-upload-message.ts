import { PRODUCT_NAME } from '@sanad/contracts/constants';
import { DOCUMENT_LABELS, type TRequestedDocuments } from '@sanad/contracts/document-requests';
import type { TMessageLanguage } from '@sanad/contracts/temp-customers';
import type { OutgoingMessage } from '../../platform/messaging/outbox';
import { emailHtml, escapeHtml } from '../../platform/messaging/message-layout';

interface RequestTexts {
  subject: string;
  greeting: string;
  intro: string;
  uploadHere: string;
  action: string;
  expiry: string;
  labels: Record<keyof typeof DOCUMENT_LABELS, string>;
}

/**
 * The request's words in each language the public flows speak. The proof-of-address types are the
 * segment's own configured names and the staff member's note is as they typed it: neither is translated.
 */
const TEXTS: Record<TMessageLanguage, (company: string, firstName: string, date: string) => RequestTexts> = {
  en: (company, firstName, date) => ({
    subject: `${company} requests documents from you`,
    greeting: `Hello ${firstName || 'there'},`,
    intro: `${company} asks you to upload the following documents:`,
    uploadHere: 'Upload them here:',
    action: 'Upload your documents',
    expiry: `The link can be used once, until ${date}.`,
    labels: DOCUMENT_LABELS,
  }),
  ar: (company, firstName, date) => ({
    subject: `تطلب ${company} منك مستندات`,
    greeting: firstName ? `مرحبًا ${firstName}،` : 'مرحبًا،',
    intro: `تطلب منك ${company} رفع المستندات التالية:`,
    uploadHere: 'ارفعها هنا:',
    action: 'ارفع مستنداتك',
    expiry: `يمكن استخدام الرابط مرة واحدة، حتى ${date}.`,
    labels: { addressProof: 'إثبات العنوان', fundsEvidence: 'إثبات مصدر الأموال', identity: 'وثيقة الهوية' },
  }),
  ur: (company, firstName, date) => ({
    subject: `${company} کی جانب سے دستاویزات کی درخواست`,
    greeting: firstName ? `السلام علیکم ${firstName}،` : 'السلام علیکم،',
    intro: `${company} آپ سے درج ذیل دستاویزات اپ لوڈ کرنے کی درخواست کرتا ہے:`,
    uploadHere: 'انہیں یہاں اپ لوڈ کریں:',
    action: 'اپنی دستاویزات اپ لوڈ کریں',
    expiry: `یہ لنک ${date} تک صرف ایک بار استعمال ہو سکتا ہے۔`,
    labels: { addressProof: 'پتے کا ثبوت', fundsEvidence: 'ذرائع آمدن کا ثبوت', identity: 'شناختی دستاویز' },
  }),
};

/** What is asked for, in the message's words (requestedLabels in the contract, per language). */
function documentsIn(labels: RequestTexts['labels'], requested: TRequestedDocuments): string[] {
  const documents: string[] = [];
  if (requested.addressProofTypes.length > 0) documents.push(`${labels.addressProof} (${requested.addressProofTypes.join(', ')})`);
  if (requested.isFundsEvidence) documents.push(labels.fundsEvidence);
  if (requested.isIdentityDocument) documents.push(labels.identity);
  return documents;
}

/**
 * The document request e-mail in the customer's language: what is asked for, the staff member's
 * note and the link. Marked sensitive: the outbox blanks the body once delivered, so the token is
 * not kept readable.
 */
export function documentRequestMessage(request: {
  dataSegmentId: string;
  recipient: string;
  firstName: string;
  companyName: string;
  requested: TRequestedDocuments;
  note: string;
  url: string;
  expiresAt: string;
  language?: TMessageLanguage;
}): OutgoingMessage {
  const language = request.language ?? 'en';
  const company = request.companyName.trim() || PRODUCT_NAME;
  const texts = TEXTS[language](company, request.firstName, request.expiresAt.slice(0, 10));
  const documents = documentsIn(texts.labels, request.requested);
  const note = request.note.trim();
  const lines = documents.map((document) => `- ${document}`).join('\n');
  return {
    dataSegmentId: request.dataSegmentId,
    channel: 'email',
    recipient: request.recipient,
    subject: texts.subject,
    text: `${texts.greeting}\n\n${texts.intro}\n${lines}\n\n${note ? `${note}\n\n` : ''}${texts.uploadHere} ${request.url}\n\n${texts.expiry}\n`,
    html: emailHtml(language, [
      `<p>${escapeHtml(texts.greeting)}</p><p>${escapeHtml(texts.intro)}</p>`,
      `<ul>${documents.map((document) => `<li>${escapeHtml(document)}</li>`).join('')}</ul>`,
      note ? `<p>${escapeHtml(note)}</p>` : '',
      `<p><a href="${escapeHtml(request.url)}">${escapeHtml(texts.action)}</a></p><p>${escapeHtml(texts.expiry)}</p>`,
    ]),
    isSensitive: true,
  };
}
