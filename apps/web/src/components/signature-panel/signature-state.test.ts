import { describe, expect, it } from 'vitest';
import { SIGNATURE_FORBIDDEN_CHARACTERS } from '@sanad/contracts/signature';
import { areFieldsEnabled, clearedSignature, typedTextError, withSavedImage } from './signature-state';

describe('the signature panel state', () => {
  it('keeps name, position and date disabled until a signature is drawn', () => {
    expect(areFieldsEnabled(false, {})).toBe(false);
    expect(areFieldsEnabled(true, {})).toBe(true);
    // A signature saved earlier (a reload, or back from another step) keeps them enabled.
    expect(areFieldsEnabled(false, { sign: 'abcdefgh12.enc' })).toBe(true);
  });

  it('dates a newly saved signature today, DD-MM-YYYY, and keeps a date the signer wrote', () => {
    expect(withSavedImage({}, 'abcdefgh12.enc', new Date(2026, 10, 7))).toEqual({ sign: 'abcdefgh12.enc', date: '07-11-2026' });
    expect(withSavedImage({ date: '01-01-2026', name: 'Amina' }, 'zzzzzzzz99.enc', new Date(2026, 10, 7))).toEqual({
      sign: 'zzzzzzzz99.enc',
      date: '01-01-2026',
      name: 'Amina',
    });
  });

  it('clears the image, unticks agree and empties name, position and date', () => {
    const signed = { sign: 'abcdefgh12.enc', name: 'Amina', position: 'Owner', date: '07-11-2026', agree: true };
    const cleared = { ...signed, ...clearedSignature() };
    expect(cleared).toEqual({ sign: undefined, name: '', position: '', date: '', agree: false });
    expect(areFieldsEnabled(false, cleared)).toBe(false);
  });

  it.each(SIGNATURE_FORBIDDEN_CHARACTERS)('tells the signer at once that %s is not allowed', (character) => {
    expect(typedTextError('Name', `Amina ${character}`)).toBe(`Name cannot contain special characters such as ${character}`);
    expect(typedTextError('Position', `${character}Owner`)).toBe(`Position cannot contain special characters such as ${character}`);
  });

  it('accepts a plain name', () => {
    expect(typedTextError('Name', 'Amina Qureshi')).toBeNull();
    expect(typedTextError('Position', undefined)).toBeNull();
  });
});
