import { describe, expect, it } from 'vitest';
import {
  E_SIGN_CONSENT,
  SIGNATURE_FORBIDDEN_CHARACTERS,
  ZSignatureInput,
  forbiddenSignatureCharacter,
  formatSignatureDate,
  isSignatureDate,
  missingSignatureIssues,
} from './signature';

const SIGNED = { sign: 'abcdefgh12.enc', name: 'Amina Qureshi', position: 'Director', date: '27-11-2026', agree: true };

function errorsOf(value: unknown): Record<string, string> {
  const result = ZSignatureInput.safeParse(value);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the signature rules', () => {
  it('lists the thirty characters of the spec', () => {
    expect(SIGNATURE_FORBIDDEN_CHARACTERS.join(' ')).toBe('! @ # $ % ^ & * ( ) _ + - = [ ] { } ; \' : " \\ | , . < > / ?');
  });

  it.each(SIGNATURE_FORBIDDEN_CHARACTERS)('refuses %s in the name and in the position', (character) => {
    expect(forbiddenSignatureCharacter(`Amina${character}Qureshi`)).toBe(character);
    const errors = errorsOf({ ...SIGNED, name: `Amina ${character} Qureshi`, position: `Head${character}` });
    expect(errors.name).toBe(`Name cannot contain special characters such as ${character}`);
    expect(errors.position).toBe(`Position cannot contain special characters such as ${character}`);
  });

  it('accepts letters of any script, digits, spaces and the characters not listed', () => {
    for (const name of ['Amina Qureshi', 'أمينة قريشي', 'Zoë O`Brien 2nd', 'José ~María'])
      expect(forbiddenSignatureCharacter(name)).toBeNull();
    expect(errorsOf({ ...SIGNED, name: 'أمينة قريشي' })).toEqual({});
  });

  it('writes the date DD-MM-YYYY and accepts only real days in that form', () => {
    expect(formatSignatureDate(new Date(2026, 0, 5))).toBe('05-01-2026');
    expect(isSignatureDate('29-02-2028')).toBe(true);
    for (const bad of ['2026-11-27', '27/11/2026', '31-02-2026', '1-1-2026', '00-01-2026', '27-13-2026']) {
      expect(isSignatureDate(bad)).toBe(false);
      expect(errorsOf({ ...SIGNED, date: bad }).date).toBe('Date must be written DD-MM-YYYY');
    }
  });

  it('needs the name, the date and the consent once a signature is drawn', () => {
    expect(errorsOf({ sign: 'abcdefgh12.enc' })).toEqual({
      name: 'Name is required',
      date: 'Date is required',
      agree: 'Tick the box to agree to sign electronically',
    });
    expect(errorsOf({ ...SIGNED, position: undefined })).toEqual({});
  });

  it('refuses fields filled in before a signature is drawn, and an image that is not a stored file', () => {
    expect(errorsOf({ name: 'Amina', agree: true }).sign).toBe('Draw the signature first');
    expect(errorsOf({ ...SIGNED, sign: 'data:image/png;base64,AAAA' }).sign).toBe(
      'Draw the signature again: the saved image was not found',
    );
    expect(errorsOf({ ...SIGNED, sign: '../secrets.enc' }).sign).toBeDefined();
  });

  it('is a required field where a form shows the panel', () => {
    expect(missingSignatureIssues(undefined)).toEqual({ 'signature.sign': 'Signature is required' });
    expect(missingSignatureIssues({ name: 'Amina' })).toEqual({ 'signature.sign': 'Signature is required' });
    expect(missingSignatureIssues(SIGNED)).toEqual({});
  });

  it('words the consent as the spec does', () => {
    expect(E_SIGN_CONSENT).toBe('I understand that electronically signing this form constitutes a legally binding signature');
  });
});
