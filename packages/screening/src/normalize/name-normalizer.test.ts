import { describe, expect, it } from 'vitest';
import { NameNormalizer } from './name-normalizer';
import type { NameKind } from './name-types';

const normalizer = new NameNormalizer();

function words(name: string, kind: NameKind = 'person', using = normalizer): string[] {
  return using.normalize(name, kind).tokens.map((token) => token.text);
}

describe('name normalisation', () => {
  it('folds case, accents, special letters and punctuation', () => {
    expect(words('Recep Tayyip ERDOĞAN')).toEqual(['recep', 'tayyip', 'erdogan']);
    expect(words('Łukasz Groß-Øster')).toEqual(['lukasz', 'gross', 'oster']);
    expect(words("AL-QA'IDA", 'organisation')).toEqual(['al', 'qaida']);
  });

  it('drops leading titles and honorifics', () => {
    expect(words('Mr. Rami Makhlouf')).toEqual(['rami', 'makhlouf']);
    expect(words('His Excellency Dr Ali Velayati')).toEqual(['ali', 'velayati']);
  });

  it('romanises Cyrillic in its common systems', () => {
    const [first, second] = normalizer.normalize('Сергей Зеленский', 'person').tokens;
    expect(first?.text).toBe('sergey');
    expect(second?.spellings).toEqual(['zelenskiy', 'zelensky']);
    expect(normalizer.normalize('Гліб', 'person').tokens[0]?.spellings).toEqual(['hlib', 'glib']);
  });

  it('romanises Greek and Hebrew, and keeps the consonant skeleton of abjad scripts', () => {
    expect(words('Αλέξανδρος Παπαδόπουλος')).toEqual(['alexandros', 'papadopoulos']);
    const [shalom] = normalizer.normalize('שלום', 'person').tokens;
    expect(shalom).toMatchObject({ isAbjad: true, skeleton: '$lm' });
  });

  it('romanises Arabic-script words with known spellings first and a skeleton for the rest', () => {
    const tokens = normalizer.normalize('محمد بن سلمان آل سعود', 'person').tokens;
    expect(tokens.map((token) => token.text)).toEqual(['muhammad', 'bin', 'salman', 'al', 'saud']);
    expect(tokens[0]).toMatchObject({ isAbjad: true, skeleton: 'mhmd' });
    expect(words('عبدالرحمن')).toEqual(['abdul', 'rahman']);
    expect(words('پرویز')[0]).toMatch(/^p/);
  });

  it('folds look-alike letters hidden in a Latin word and marks the word', () => {
    const [token] = normalizer.normalize('ROMASHKІN', 'person').tokens;
    expect(token).toMatchObject({ text: 'romashkin', isMixedScript: true });
  });

  it('gives particles, initials and patronymics less weight than name words', () => {
    const tokens = normalizer.normalize('Sergey V. Lavrov ibn Viktorovich', 'person').tokens;
    const byText = Object.fromEntries(tokens.map((token) => [token.text, token]));
    expect(byText.v?.kind).toBe('initial');
    expect(byText.bin?.kind).toBe('particle');
    expect(byText.viktorovich?.kind).toBe('patronymic');
    expect(byText.lavrov?.weight).toBe(1);
    expect(byText.bin!.weight).toBeLessThan(byText.v!.weight);
  });

  it('splits Abdul compounds and reads Abd al- as Abdul', () => {
    expect(words('Abdulrahman')).toEqual(['abdul', 'rahman']);
    expect(words("'Abd al-Aziz")).toEqual(['abdul', 'aziz']);
    expect(words('Abdurrahman')).toEqual(['abdul', 'rahman']);
    expect(words('Abdullah')).toEqual(['abdullah']);
  });

  it('recognises legal forms in any language as one comparable token', () => {
    const ltd = normalizer.normalize('Crystalord Limited', 'organisation').tokens.at(-1);
    const limited = normalizer.normalize('Crystalord Ltd.', 'organisation').tokens.at(-1);
    expect(ltd?.kind).toBe('legal');
    expect(ltd?.keys).toEqual(limited?.keys);
    expect(normalizer.normalize('Общество с ограниченной ответственностью Байкал', 'organisation').tokens[0]?.kind).toBe('legal');
    expect(normalizer.normalize('Oboronnye Initsiativy o.O.O.', 'organisation').tokens.at(-1)?.kind).toBe('legal');
  });

  it('reads number words and ordinals as digits in organisation names', () => {
    expect(words('Brigade Forty-Four', 'organisation')).toEqual(['brigade', '44']);
    expect(words('First International Bank', 'organisation')[0]).toBe('1');
    expect(words('1st International Bank', 'organisation')[0]).toBe('1');
  });

  it('infers the kind of a name of unknown kind from a legal form or a personal title', () => {
    expect(normalizer.normalize('Gazprom Neft OAO', 'unknown').kind).toBe('organisation');
    expect(normalizer.normalize('Dr Amin', 'unknown').kind).toBe('person');
    expect(normalizer.normalize('Islam Karimov', 'unknown').kind).toBe('unknown');
  });

  it('drops stop-words and rewrites variant words supplied at run time', () => {
    const configured = new NameNormalizer({
      stopWords: ['Establishment', 'FZE'],
      variantWords: { Mohd: 'Muhammad', 'Int’l': 'International' },
    });
    expect(words('Golden Falcon Establishment', 'organisation', configured)).toEqual(['golden', 'falcon']);
    expect(words('Mohd Rafi', 'person', configured)).toEqual(['muhammad', 'rafi']);
    expect(words('Golden Falcon Establishment', 'organisation')).toContain('establishment');
  });
});
