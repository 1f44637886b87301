import { z } from 'zod';
import { safeString } from './safe-text';

/**
 * The signature panel of a form (RG-47…RG-57): the drawn image, the signer's
 * name, position and date, and their consent to sign electronically. The rules live here so the
 * browser's panel and the server's check are the same ones.
 */

export const SIGNATURE_PANEL_TITLE = 'Signature Panel';

/** The consent the agree box reads, word for word (RG-54). */
export const E_SIGN_CONSENT = 'I understand that electronically signing this form constitutes a legally binding signature';

/** Each character a signer's name and position may not contain (RG-52). */
export const SIGNATURE_FORBIDDEN_CHARACTERS = [
  '!', '@', '#', '$', '%', '^', '&', '*', '(', ')', '_', '+', '-', '=', '[', ']', '{', '}',
  ';', "'", ':', '"', '\\', '|', ',', '.', '<', '>', '/', '?',
] as const; // prettier-ignore

export const SIGNATURE_FORBIDDEN = /[!@#$%^&*()_+\-=[\]{};':"\\|,.<>/?]/;

/** The first forbidden character in a value, or null. */
export function forbiddenSignatureCharacter(value: string): string | null {
  return SIGNATURE_FORBIDDEN.exec(value)?.[0] ?? null;
}

/**
 * The spec shows no message for a forbidden character (RG-53); ours names the field and the
 * character found, so the signer knows what to take out (docs/decisions/signature-panel.md).
 */
export const SIGNATURE_MESSAGES = {
  forbidden: (label: string, character: string) => `${label} cannot contain special characters such as ${character}`,
  required: 'Signature is required',
  drawFirst: 'Draw the signature first',
  nameRequired: 'Name is required',
  dateRequired: 'Date is required',
  dateFormat: 'Date must be written DD-MM-YYYY',
  agreeRequired: 'Tick the box to agree to sign electronically',
  storedImage: 'Draw the signature again: the saved image was not found',
} as const;

/** Kept for callers that name the rule without a field. */
export const SIGNATURE_TEXT_MESSAGE = 'Special characters are not allowed';

const DD_MM_YYYY = /^(\d{2})-(\d{2})-(\d{4})$/;

/** Whether a value is a real calendar day written DD-MM-YYYY (31-02-2026 is not). */
export function isSignatureDate(value: string): boolean {
  const parts = DD_MM_YYYY.exec(value);
  if (!parts) return false;
  const [day, month, year] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A day written as the signature keeps it: DD-MM-YYYY, in the signer's own calendar day. */
export function formatSignatureDate(date: Date): string {
  return `${twoDigits(date.getDate())}-${twoDigits(date.getMonth() + 1)}-${date.getFullYear()}`;
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/** The stored file the image was saved as: the server's own `<random>.enc` name (see files.ts). */
export const STORED_SIGNATURE = /^[A-Za-z0-9_-]{8,128}\.enc$/;

const signerText = (label: string) =>
  safeString()
    .trim()
    .max(100, `${label} must be at most 100 characters`)
    .superRefine((value, context) => {
      const character = forbiddenSignatureCharacter(value);
      if (character) context.addIssue({ code: 'custom', message: SIGNATURE_MESSAGES.forbidden(label, character) });
    });

/** The signature as a record stores it. `sign` names the stored PNG; the image is fetched from `files/{sign}`. */
export const ZSignature = z.object({
  sign: z.string().trim().regex(STORED_SIGNATURE, SIGNATURE_MESSAGES.storedImage).optional(),
  name: signerText('Name').optional(),
  position: signerText('Position').optional(),
  date: z
    .string()
    .trim()
    .refine((value) => value === '' || isSignatureDate(value), { message: SIGNATURE_MESSAGES.dateFormat })
    .optional(),
  agree: z.boolean().optional(),
});
export type TSignature = z.infer<typeof ZSignature>;

/**
 * A signature sent with a form: once drawn it needs the signer's name, the date and the consent;
 * nothing may be filled in before it is drawn (the panel keeps those fields disabled until then).
 */
export const ZSignatureInput = ZSignature.superRefine((signature, context) => {
  const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
  if (!signature.sign) {
    if (signature.name || signature.position || signature.date || signature.agree) issue('sign', SIGNATURE_MESSAGES.drawFirst);
    return;
  }
  if (!signature.name) issue('name', SIGNATURE_MESSAGES.nameRequired);
  if (!signature.date) issue('date', SIGNATURE_MESSAGES.dateRequired);
  if (signature.agree !== true) issue('agree', SIGNATURE_MESSAGES.agreeRequired);
});

/** The panel is a required field (RG-47): where a form shows it, a signature without an image is refused. */
export function missingSignatureIssues(signature: Partial<TSignature> | undefined): Record<string, string> {
  return signature?.sign ? {} : { 'signature.sign': SIGNATURE_MESSAGES.required };
}
