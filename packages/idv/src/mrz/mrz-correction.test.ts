import { describe, expect, it } from 'vitest';
import { correctMrz } from './mrz-correction';
import { parseMrz } from './mrz-parser';

const TD3_LINE1 = 'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<';
const TD3_LINE2 = 'L898902C36UTO7408122F1204159ZE184226B<<<<<10';

function replaceAt(text: string, position: number, char: string): string {
  return text.slice(0, position) + char + text.slice(position + 1);
}

describe('MRZ correction', () => {
  it('turns letters in a date back into digits, as the field allows only digits', () => {
    const { lines, corrections } = correctMrz([TD3_LINE1, replaceAt(replaceAt(TD3_LINE2, 14, 'A'), 17, 'I')], 'TD3');
    expect(lines[1]).toBe(TD3_LINE2);
    expect(corrections).toEqual(
      expect.arrayContaining([
        { line: 1, position: 14, from: 'A', to: '4', confirmedBy: 'format' },
        { line: 1, position: 17, from: 'I', to: '1', confirmedBy: 'format' },
      ]),
    );
  });

  it("reads a round glyph in the document code's second place as the letter O", () => {
    const { lines, corrections } = correctMrz([replaceAt(TD3_LINE1, 1, '0'), TD3_LINE2], 'TD3');
    expect(lines[0]?.slice(0, 2)).toBe('PO');
    expect(corrections).toContainEqual({ line: 0, position: 1, from: '0', to: 'O', confirmedBy: 'format' });
  });

  it('turns digits in a name back into letters', () => {
    const { lines } = correctMrz(['P<UTOER1KSSON<<ANNA<MAR1A<<<<<<<<<<<<<<<<<<<', TD3_LINE2], 'TD3');
    expect(parseMrz(lines)?.fields.surname).toBe('ERIKSSON');
    expect(parseMrz(lines)?.fields.givenNames).toBe('ANNA MARIA');
  });

  it('swaps O for 0 in a document number only where the check digit confirms it', () => {
    const misread = replaceAt(TD3_LINE2, 5, 'O');
    const { lines, corrections } = correctMrz([TD3_LINE1, misread], 'TD3');
    expect(lines[1]).toBe(TD3_LINE2);
    expect(corrections).toContainEqual({ line: 1, position: 5, from: 'O', to: '0', confirmedBy: 'documentNumber' });
  });

  it('leaves a letter O that the check digit needs (French permit K682T8YLO)', () => {
    const lines = ['IRFRAK682T8YLO0<1105040043<<<<', '7906123F1401073SEN<<<<<<<<<<<6', 'MARTIN<<CHRISTELLE<HELENE<LAUR'];
    expect(correctMrz(lines, 'TD1').lines).toEqual(lines);
  });

  it('refuses to choose when two different swaps both satisfy the check digit', () => {
    // YL0 -> YLO and T -> 7 both make this number's digit hold: there is no telling which was misread.
    const misread = ['IRFRAK682T8YL00<1105040043<<<<', '7906123F1401073SEN<<<<<<<<<<<6', 'MARTIN<<CHRISTELLE<HELENE<LAUR'];
    const { lines, corrections } = correctMrz(misread, 'TD1');
    expect(lines).toEqual(misread);
    expect(corrections).toEqual([]);
  });

  it('does not invent a correction for a date whose check digit was printed wrong', () => {
    const printedWrong = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408123F1204159ZE184226B<<<<<10'];
    const { lines, corrections } = correctMrz(printedWrong, 'TD3');
    expect(lines).toEqual(printedWrong);
    expect(corrections).toEqual([]);
    expect(parseMrz(lines)?.checkDigits).toMatchObject({ birthDate: false, composite: false });
  });

  it('clears letters read for fillers after the given names', () => {
    const { lines } = correctMrz(['P<UTOERIKSSON<<ANNA<MARIA<<LLKLCLLLLLLKLLLLL', TD3_LINE2], 'TD3');
    expect(lines[0]).toBe(TD3_LINE1);
  });

  it("restores Germany's one-letter state code", () => {
    const { lines } = correctMrz(['P<DLLMUSTERMANN<<ERIKA<<<<<<<<<<<<<<<<<<<<<<', 'C01X0006H1D<<6408125F1710319<<<<<<<<<<<<<<<0'], 'TD3');
    expect(parseMrz(lines)?.fields.issuingState).toBe('D');
  });

  it('repairs a letters-then-digits number under its own and the composite digit', () => {
    const truth = ['IDESPBAA000589599999999R<<<<<<', '8001014F2501017ESP<<<<<<<<<<<7', 'ESPANOLA<ESPANOLA<<CARMEN<<<<<'];
    const misread = [truth[0]?.replace('BAA000589', 'BAAD0OS89') ?? '', truth[1] ?? '', truth[2] ?? ''];
    expect(correctMrz(misread, 'TD1').lines).toEqual(truth);
  });

  it('turns an issuing state that is no valid code into the only valid code a confusable letter away', () => {
    const { lines } = correctMrz(['P<IPNGAIMU<<SAKURA<<<<<<<<<<<<<<<<<<<<<<<<<<', 'XS12345673<PN7902206F1603202<<<<<<<<<<<<<<02'], 'TD3');
    // '<PN' can only be JPN; 'IPN' could be IRN or JPN, and the nationality decides.
    expect(parseMrz(lines)?.fields).toMatchObject({ issuingState: 'JPN', nationality: 'JPN' });
  });

  it('leaves a state code alone when several valid codes are as close and nothing tells them apart', () => {
    const { lines } = correctMrz([TD3_LINE1.replace('UTO', 'IPN'), TD3_LINE2.replace('UTO', 'GBR')], 'TD3');
    expect(parseMrz(lines)?.fields).toMatchObject({ issuingState: 'IPN', nationality: 'GBR' });
  });

  it('keeps a nationality left unspecified with fillers', () => {
    const { lines } = correctMrz(
      ['A3USA085043401<01<9108<<<<<<<<', '7006171F0108168<<<<<<A5AA37743', 'GONZALEZ<MENDEZ<<CRISTINA<MARI'],
      'TD1',
    );
    expect(lines[1]).toBe('7006171F0108168<<<<<<A5AA37743');
  });
});
