import { forbiddenSignatureCharacter, formatSignatureDate, SIGNATURE_MESSAGES, type TSignature } from '@sanad/contracts/signature';

/** What the panel edits: a signature that may still be partial. */
export type SignatureValue = Partial<TSignature>;

export type SignatureField = 'sign' | 'name' | 'position' | 'date' | 'agree';

/** Clear (RG-51): the image goes, agree is unticked, name, position and date are emptied. */
export function clearedSignature(): SignatureValue {
  return { sign: undefined, name: '', position: '', date: '', agree: false };
}

/** A finished stroke was saved as `sign`; the date starts as today's, in DD-MM-YYYY, unless one is there. */
export function withSavedImage(current: SignatureValue, sign: string, today: Date = new Date()): SignatureValue {
  return { ...current, sign, date: current.date ? current.date : formatSignatureDate(today) };
}

/** Name, position and date stay disabled until a signature is drawn (RG-49). */
export function areFieldsEnabled(hasDrawing: boolean, value: SignatureValue): boolean {
  return hasDrawing || Boolean(value.sign);
}

/** The message shown as the signer types a forbidden character into the name or the position. */
export function typedTextError(label: 'Name' | 'Position', value: string | undefined): string | null {
  const character = value ? forbiddenSignatureCharacter(value) : null;
  return character ? SIGNATURE_MESSAGES.forbidden(label, character) : null;
}
