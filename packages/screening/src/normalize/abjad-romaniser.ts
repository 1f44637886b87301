/**
 * Arabic and Hebrew scripts leave most vowels unwritten, so a word yields a vocalised guess (with
 * 'a' between two written consonants) and a consonant skeleton for the matcher. Each script's
 * transliterator decides what a letter is; this writer builds both spellings the same way.
 */

import { foldSkeletonClasses } from './phonetic-form';

export interface AbjadRomanisation {
  forms: string[];
  skeleton: string;
  /** Every written letter, vowel letters included, in the symbols of ABJAD_LETTER (see abjad-reading.ts). */
  letters: string;
}

/**
 * Symbols of the letters an abjad writes for vowels, beside the consonants' skeleton symbols: a
 * vowel carrier (alif, aleph), 'ayin (a vowel in Latin spellings, or nothing), waw / vav (u, o, w,
 * v), ya / yod (i, e, y) and a final a (ta marbuta, a final he or alif maqsura). Digits, so that
 * they never collide with a consonant symbol.
 */
export const ABJAD_LETTER = { carrier: '1', ayin: '2', waw: '3', ya: '4', finalA: '7', unknown: '?' } as const;

/** A consonant letter as [vocalised Latin, skeleton symbol]. */
export type AbjadConsonant = readonly [string, string];

export class AbjadWriter {
  vocalised = '';
  letters = '';
  private consonants = '';
  private previousWasConsonant = false;

  /** A letter read as a vowel (alif, 'ayin, a final ta marbuta, aleph); `letter` is its ABJAD_LETTER symbol. */
  writeVowel(latin: string, letter: string): void {
    this.vocalised += latin;
    this.letters += letter;
    this.previousWasConsonant = false;
  }

  /** Waw/vav or ya/yod: a long vowel, or a consonant that takes an 'a' after a consonant. */
  writeSemivowel(isVowel: boolean, vowel: string, consonant: string, letter: string): void {
    this.vocalised += isVowel ? vowel : (this.previousWasConsonant ? 'a' : '') + consonant;
    this.letters += letter;
    this.previousWasConsonant = !isVowel;
  }

  /**
   * A consonant; a symbol the skeleton already ends with is not repeated (a doubled letter is one
   * sound). One left out of the skeleton is a final he, which writes a final vowel.
   */
  writeConsonant([latin, symbol]: AbjadConsonant, isInSkeleton: boolean): void {
    if (this.previousWasConsonant) this.vocalised += 'a';
    this.vocalised += latin;
    this.letters += isInSkeleton ? symbol : ABJAD_LETTER.finalA;
    if (isInSkeleton && !this.consonants.endsWith(symbol)) this.consonants += symbol;
    this.previousWasConsonant = true;
  }

  /** A character of no known letter class passes through as written. */
  writeOther(char: string): void {
    this.vocalised += char;
    this.letters += ABJAD_LETTER.unknown;
  }

  /**
   * A written final long vowel is part of the name ('Ahmadi' is not 'Ahmad'), so the skeleton
   * ends with it as a capital mark ('A', 'I', 'U'), as toConsonantSkeleton does for a Latin final vowel.
   */
  skeleton(finalVowelMark: string): string {
    return foldSkeletonClasses(this.consonants).replace(/(.)\1+/g, '$1') + finalVowelMark;
  }

  /**
   * The written letters with the skeleton's letter classes folded. A consonant written twice stays
   * twice (Arabic writes a doubled consonant once, so two are usually two sounds: كسس in Alexis);
   * a doubled vav or yod is one (Hebrew וו, יי for w and y).
   */
  writtenLetters(): string {
    return foldSkeletonClasses(this.letters).replace(/([0-9])\1+/g, '$1');
  }
}
