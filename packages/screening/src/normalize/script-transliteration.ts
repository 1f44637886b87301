/**
 * Turns one word in any script into folded Latin forms. Cyrillic, Greek, Arabic-script and Hebrew
 * have their own tables (several romanisations; consonant skeletons for the scripts without short
 * vowels); every other script goes through any-ascii.
 */
import anyAscii from 'any-ascii';
import { transliterateArabic } from './arabic-transliteration';
import { transliterateCyrillic } from './cyrillic-transliteration';
import { splitGreekArticle, transliterateGreek } from './greek-transliteration';
import { romaniseHangul } from './hangul-romanisation';
import { transliterateHebrew } from './hebrew-transliteration';
import { toConsonantSkeleton } from './phonetic-form';
import { foldLatin } from './unicode-folding';

export type ScriptName = 'latin' | 'cyrillic' | 'greek' | 'arabic' | 'hebrew' | 'cjk' | 'other';

export interface RomanisedWord {
  /** Folded Latin spellings (a–z, 0–9), the usual one first. */
  forms: string[];
  /** Consonant skeleton; for Arabic and Hebrew it is taken from the letters themselves. */
  skeleton: string;
  /** Arabic and Hebrew: every written letter, vowel letters included (see abjad-reading.ts); '' otherwise. */
  letters: string;
  script: ScriptName;
  /** True for scripts that do not write short vowels, whose romanisation is a guess. */
  isAbjad: boolean;
}

const NON_ALPHANUMERIC = /[^a-z0-9]/g;

export function detectScript(word: string): ScriptName {
  for (const char of word) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x80) {
      if (/[A-Za-z]/.test(char)) return 'latin';
      continue;
    }
    if (/\p{Script=Latin}/u.test(char)) return 'latin';
    if (/\p{Script=Cyrillic}/u.test(char)) return 'cyrillic';
    if (/\p{Script=Greek}/u.test(char)) return 'greek';
    if (/\p{Script=Arabic}/u.test(char)) return 'arabic';
    if (/\p{Script=Hebrew}/u.test(char)) return 'hebrew';
    if (/[\p{Script=Han}\p{Script=Hangul}]/u.test(char)) return 'cjk';
    if (/\p{L}/u.test(char)) return 'other';
  }
  return 'latin';
}

function clean(text: string): string {
  return foldLatin(text).replace(NON_ALPHANUMERIC, '');
}

function fromForms(forms: string[], script: ScriptName): RomanisedWord {
  const cleaned = [...new Set(forms.map(clean).filter((form) => form.length > 0))];
  return { forms: cleaned, skeleton: toConsonantSkeleton(cleaned[0] ?? ''), letters: '', script, isAbjad: false };
}

/**
 * A Hangul word in the usual transliteration and in both Korean systems ('김' as gim and kim, '박' as
 * bak and pak); a whole name splits into the family name (first syllable) and the given name.
 */
function romaniseKorean(word: string, [revised, mccune, loanWord]: [string[], string[], string[]], isWholeName: boolean): RomanisedWord[] {
  const usual = (anyAscii(word).match(/[A-Z][a-z]*|[a-z]+|[0-9]+/g) ?? []).map((syllable) => syllable.toLowerCase());
  const systems = usual.length === revised.length ? [usual, revised, mccune, loanWord] : [revised, mccune, loanWord];
  if (isWholeName && revised.length >= 2 && revised.length <= 4) {
    return [
      fromForms(
        systems.map((syllables) => syllables[0]!),
        'cjk',
      ),
      fromForms(
        systems.map((syllables) => syllables.slice(1).join('')),
        'cjk',
      ),
    ];
  }
  return [
    fromForms(
      systems.map((syllables) => syllables.join('')),
      'cjk',
    ),
  ];
}

/**
 * Romanises one word. A Chinese or Korean word that is a whole name ('王小明') comes back as the
 * first syllable (the family name in native order) and the rest joined, as lists print it
 * ('WANG Xiaoming'); a word that is one part of a name ('丽丽 马') stays one word ('lili').
 */
export function romaniseWord(word: string, isWholeName = false): RomanisedWord[] {
  const script = detectScript(word);
  switch (script) {
    case 'latin':
      return [fromForms([word], script)];
    case 'cyrillic':
      return [fromForms(transliterateCyrillic(word.normalize('NFC').toLowerCase()), script)];
    case 'greek':
      return splitGreekArticle(foldLatin(word)).map((part) => fromForms(transliterateGreek(part), script));
    case 'arabic':
    case 'hebrew': {
      const romanised = script === 'arabic' ? transliterateArabic(word) : transliterateHebrew(word);
      const forms = [...new Set(romanised.forms.map(clean).filter((form) => form.length > 0))];
      if (forms.length === 0) return [];
      return [{ forms, skeleton: romanised.skeleton, letters: romanised.letters, script, isAbjad: true }];
    }
    case 'cjk': {
      const hangul = romaniseHangul(word);
      if (hangul) return romaniseKorean(word, hangul, isWholeName);
      const syllables = anyAscii(word).match(/[A-Z][a-z]*|[a-z]+|[0-9]+/g) ?? [];
      if (isWholeName && syllables.length >= 2 && syllables.length <= 4) {
        return [fromForms([syllables[0]!], script), fromForms([syllables.slice(1).join('')], script)];
      }
      return syllables.length === 0 ? [] : [fromForms([syllables.join('')], script)];
    }
    default:
      return [fromForms([anyAscii(word)], script)];
  }
}
