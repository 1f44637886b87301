/** What a normalised name is made of; shared by the normaliser, the scorer and the index. */

/** person, organisation (also vessels and aircraft), or unknown when a query does not say. */
export type NameKind = 'person' | 'organisation' | 'unknown';

/**
 * word: a name word; initial: a single letter; particle: bin, al, de, van, jr; patronymic: -ovich;
 * legal: a legal form (LLC, GmbH); term: a common organisation term (company, bank); number: digits.
 */
export type TokenKind = 'word' | 'initial' | 'particle' | 'patronymic' | 'legal' | 'term' | 'number';

export interface NameToken {
  /** Folded Latin spelling, the usual romanisation first; what explanations show. */
  text: string;
  /** Every folded spelling this word may have (several for ambiguous scripts), `text` first. */
  spellings: readonly string[];
  /** Spelling-neutral forms of the spellings, compared by edit distance. */
  forms: readonly string[];
  /** Consonant skeleton, for comparing with scripts that leave vowels unwritten. */
  skeleton: string;
  /**
   * Arabic-script and Hebrew words: every written letter, the letters that write vowels included,
   * which a Latin spelling must account for (abjad-reading.ts); '' for every other word. Always
   * present, so that every token has one shape and the comparisons that read it stay monomorphic.
   */
  letters: string;
  /** True when the word came from Arabic-script or Hebrew letters. */
  isAbjad: boolean;
  kind: TokenKind;
  /** Equivalence keys: g:variant, p:particle, n:nickname, l:legal form, o:organisation term. */
  keys: readonly string[];
  /** How much the word counts towards a name's identity. */
  weight: number;
  /** The word as written in the source, for explanations. */
  original: string;
  /** True when look-alike letters of another script were folded in this word. */
  isMixedScript: boolean;
  /** True for name words millions of people share (Muhammad, Smith, Wang). */
  isCommon: boolean;
}

export interface NormalizedName {
  original: string;
  kind: NameKind;
  tokens: NameToken[];
}

/** Words a firm wants ignored, and words it wants read as another word, both supplied at run time. */
export interface NormalizationOptions {
  /** Words dropped from every name (compared after folding: case and accents do not matter). */
  stopWords?: readonly string[];
  /** word → canonical word (e.g. 'mohd' → 'muhammad', 'intl' → 'international'); may map to several words. */
  variantWords?: Readonly<Record<string, string>>;
}

export const TOKEN_WEIGHTS: Readonly<Record<TokenKind, number>> = {
  word: 1,
  initial: 0.35,
  particle: 0.2,
  patronymic: 0.35,
  legal: 0.1,
  term: 0.6,
  number: 0.3,
};

/** Weight of organisation terms so common that they hardly distinguish organisations. */
export const GENERIC_TERM_WEIGHT = 0.35;
