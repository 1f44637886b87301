/**
 * Arabic and Hebrew scripts leave most vowels unwritten, so a word yields a vocalised guess (with
 * 'a' between two written consonants) and a consonant skeleton for the matcher. Each script's
 * transliterator decides what a letter is; this writer builds both spellings the same way.
 */

import { foldSkeletonClasses } from './phonetic-form';

export interface AbjadRomanisation {
  forms: string[];
  skeleton: string;
}

/** A consonant letter as [vocalised Latin, skeleton symbol]. */
export type AbjadConsonant = readonly [string, string];

export class AbjadWriter {
  vocalised = '';
  private consonants = '';
  private previousWasConsonant = false;

  /** A letter read as a vowel (alif, 'ayin, a final ta marbuta, aleph). */
  writeVowel(latin: string): void {
    this.vocalised += latin;
    this.previousWasConsonant = false;
  }

  /** Waw/vav or ya/yod: a long vowel, or a consonant that takes an 'a' after a consonant. */
  writeSemivowel(isVowel: boolean, vowel: string, consonant: string): void {
    this.vocalised += isVowel ? vowel : (this.previousWasConsonant ? 'a' : '') + consonant;
    this.previousWasConsonant = !isVowel;
  }

  /** A consonant; a symbol the skeleton already ends with is not repeated (a doubled letter is one sound). */
  writeConsonant([latin, symbol]: AbjadConsonant, isInSkeleton: boolean): void {
    if (this.previousWasConsonant) this.vocalised += 'a';
    this.vocalised += latin;
    if (isInSkeleton && !this.consonants.endsWith(symbol)) this.consonants += symbol;
    this.previousWasConsonant = true;
  }

  /** A character of no known letter class passes through as written. */
  writeOther(char: string): void {
    this.vocalised += char;
  }

  /**
   * A written final long vowel is part of the name ('Ahmadi' is not 'Ahmad'), so the skeleton
   * ends with it as a capital mark ('A', 'I', 'U'), as toConsonantSkeleton does for a Latin final vowel.
   */
  skeleton(finalVowelMark: string): string {
    return foldSkeletonClasses(this.consonants).replace(/(.)\1+/g, '$1') + finalVowelMark;
  }
}
