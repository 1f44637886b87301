/**
 * Turns a name as written (any script, any punctuation, titles, legal forms) into weighted tokens
 * that the matcher compares. One normaliser serves a whole index so that list names and queries go
 * through exactly the same steps; the per-word work is cached because lists repeat words a lot.
 */
import { readAbjadParticle } from './abjad-reading';
import { splitArabicArticle } from './arabic-transliteration';
import { splitHebrewArticle } from './hebrew-transliteration';
import { COMMON_NAME_WEIGHT, COMMON_NAME_WORDS } from './common-names';
import { getNameEquivalences } from './name-equivalences';
import { splitNameWords } from './name-tokenizer';
import {
  GENERIC_TERM_WEIGHT,
  TOKEN_WEIGHTS,
  type NameKind,
  type NameToken,
  type NormalizationOptions,
  type NormalizedName,
  type TokenKind,
} from './name-types';
import { mergeNumberWords } from './number-words';
import { findOrgTerm, isGenericTerm, type OrgTerm } from './org-terms';
import { findPlaceCode } from './place-names';
import { toConsonantSkeleton, toPhoneticForm } from './phonetic-form';
import { loadNamePrefixes } from './reference-data';
import { detectScript, romaniseWord } from './script-transliteration';
import { foldHomoglyphs } from './unicode-folding';

interface Piece {
  spellings: string[];
  skeleton: string | null;
  /** Arabic and Hebrew words: the written letters (see abjad-reading.ts). */
  letters: string | null;
  isAbjad: boolean;
  original: string;
  /** Lowercased word in its own script, for equivalence keys listed in that script. */
  native: string | null;
  isMixedScript: boolean;
  /** The token built from this piece, per name kind (person, organisation, unknown); pieces are cached per word. */
  tokens?: (NameToken | undefined)[];
}

const KIND_SLOT: Readonly<Record<NameKind, number>> = { person: 0, organisation: 1, unknown: 2 };

const PARTICLES = new Set([
  'bin',
  'bint',
  'al',
  'abu',
  'abdul',
  'umm',
  'ould',
  'de',
  'da',
  'del',
  'dela',
  'della',
  'di',
  'do',
  'dos',
  'das',
  'du',
  'la',
  'le',
  'lo',
  'van',
  'von',
  'der',
  'den',
  'ter',
  'ten',
  'zu',
  'y',
  'e',
  'i',
  'and',
  'of',
  'the',
  'und',
  'et',
  'jr',
  'sr',
  'ii',
  'iii',
  'iv',
  'ogly',
  'oglu',
  'uly',
  'kyzy',
  'qizi',
  'kizi',
  'mac',
  'st',
]);
const PATRONYMIC = /(ovich|evich|ovych|evych|yevich|ovna|evna|ivna|ovic|evic|ichna|inichna)$/;
const ABDUL_COMPOUND = /^(abdul|abdel|abdal|abdol|abdoul|abdur|abdor|abder|abdus|abdes|abdun|abduz)([a-z]{3,})$/;
const ARABIC_LETTER = /\p{Script=Arabic}/u;
const HEBREW_LETTER = /\p{Script=Hebrew}/u;
const ARTICLES = new Set(['ال', 'אל']);

/** The Arabic article written as part of a word, in Arabic or Hebrew letters, as a word of its own. */
function splitArticle(text: string): string[] {
  if (ARABIC_LETTER.test(text)) return splitArabicArticle(text);
  return HEBREW_LETTER.test(text) ? splitHebrewArticle(text) : [text];
}
const WORD_CACHE_LIMIT = 300_000;

function uniqueStrings(values: readonly string[]): string[] {
  return [...new Set(values)];
}

export class NameNormalizer {
  private readonly stopWords: Set<string>;
  private readonly variantWords: Map<string, string[]>;
  private readonly personPrefixes: Set<string>;
  private readonly organisationPrefixes: Set<string>;
  private readonly wordCache = new Map<string, Piece[]>();
  private readonly processedCache = new Map<string, Piece[]>();
  private readonly tokenCache = new Map<string, NameToken>();

  constructor(options: NormalizationOptions = {}) {
    this.stopWords = new Set((options.stopWords ?? []).flatMap((word) => this.foldPhrase(word)));
    this.variantWords = new Map();
    for (const [word, canonical] of Object.entries(options.variantWords ?? {})) {
      const folded = this.foldPhrase(word).join('');
      const replacement = this.foldPhrase(canonical);
      if (folded.length > 0 && replacement.length > 0) this.variantWords.set(folded, replacement);
    }
    const prefixes = loadNamePrefixes();
    this.personPrefixes = new Set(prefixes.person.map((prefix) => this.foldPhrase(prefix).join(' ')));
    this.organisationPrefixes = new Set([...prefixes.organisation, ...prefixes.object].map((prefix) => this.foldPhrase(prefix).join(' ')));
  }

  /** Normalises one name. `kind` decides whether legal forms, titles and patronymics are looked for. */
  normalize(name: string, kind: NameKind): NormalizedName {
    const words = splitNameWords(kind === 'organisation' ? name : spellFatherLinks(name));
    let pieces: Piece[] = [];
    for (const word of words) {
      for (const piece of this.processWord(word, words.length === 1)) {
        // 'Abd al-Rahman': the article after Abdul belongs to it.
        if (piece.spellings[0] === 'al' && pieces.at(-1)?.spellings[0] === 'abdul') continue;
        pieces.push(piece);
      }
    }
    if (kind !== 'person') pieces = this.mergeNumbers(pieces);
    const { remaining, hasPersonTitle } = this.dropLeadingTitles(pieces, kind);
    pieces = remaining;
    const tokens = this.buildTokens(pieces, kind);
    if (kind !== 'unknown') return { original: name, kind, tokens };
    // A name of unknown kind that carries a legal form is an organisation; one that starts with a
    // personal title (Mr, Dr, Mrs) is a person. Organisation terms decide nothing: 'Islam' and
    // 'Bank' are also people's names.
    if (tokens.some((token) => token.kind === 'legal')) {
      return { original: name, kind: 'organisation', tokens: this.buildTokens(pieces, 'organisation') };
    }
    if (hasPersonTitle) return { original: name, kind: 'person', tokens: this.buildTokens(pieces, 'person') };
    return { original: name, kind, tokens };
  }

  /** Folds free text (a stop-word, a variant) into the words the normaliser compares. */
  private foldPhrase(text: string): string[] {
    return splitNameWords(text).flatMap((word) => this.romanise(word).map((piece) => piece.spellings[0] ?? ''));
  }

  /** `isWholeName`: the word is the whole name, so a Chinese or Korean word holds surname and given name. */
  private romanise(word: string, isWholeName = false): Piece[] {
    const cacheKey = isWholeName ? `\u0000${word}` : word;
    const cached = this.wordCache.get(cacheKey);
    if (cached) return cached;
    const { text, isMixedScript } = foldHomoglyphs(word);
    const parts = splitArticle(text);
    // The part after an article may be a name that starts with the same letters ('البرتو' Alberto,
    // 'אלכסנדר' Alexander): it keeps the whole word's letters, which a Latin spelling reads in full
    // ('alberto') or not at all ('berto').
    const wholeLetters = parts.length === 2 && ARTICLES.has(parts[0]!) ? (romaniseWord(text)[0]?.letters ?? null) : null;
    const pieces: Piece[] = [];
    for (const [position, part] of parts.entries()) {
      const isNative = detectScript(part) !== 'latin';
      const isAfterArticle = wholeLetters !== null && position === 1;
      for (const romanised of romaniseWord(part, isWholeName && parts.length === 1)) {
        if (romanised.forms.length === 0) continue;
        pieces.push({
          spellings: romanised.forms,
          skeleton: romanised.isAbjad ? romanised.skeleton : null,
          letters: romanised.isAbjad ? (isAfterArticle ? wholeLetters : romanised.letters) : null,
          isAbjad: romanised.isAbjad,
          original: word,
          native: isNative ? part.toLowerCase() : null,
          isMixedScript,
        });
      }
    }
    if (this.wordCache.size >= WORD_CACHE_LIMIT) this.wordCache.clear();
    this.wordCache.set(cacheKey, pieces);
    return pieces;
  }

  /** The pieces of one written word after romanisation, run-time words and built-in rewrites; cached per word. */
  private processWord(word: string, isWholeName: boolean): Piece[] {
    const cacheKey = isWholeName ? `\u0000${word}` : word;
    const cached = this.processedCache.get(cacheKey);
    if (cached) return cached;
    const pieces = this.applyBuiltInWords(this.applyRunTimeWords(this.romanise(word, isWholeName)));
    if (this.processedCache.size >= WORD_CACHE_LIMIT) this.processedCache.clear();
    this.processedCache.set(cacheKey, pieces);
    return pieces;
  }

  private applyRunTimeWords(pieces: Piece[]): Piece[] {
    if (this.stopWords.size === 0 && this.variantWords.size === 0) return pieces;
    const result: Piece[] = [];
    for (const piece of pieces) {
      const text = piece.spellings[0]!;
      if (this.stopWords.has(text)) continue;
      const variant = this.variantWords.get(text);
      if (!variant) {
        result.push(piece);
        continue;
      }
      for (const word of variant)
        result.push({ ...piece, spellings: [word], skeleton: null, letters: null, isAbjad: false, native: null, tokens: undefined });
    }
    return result;
  }

  /** Canonical particles (ibn → bin) and 'Abdulrahman' → 'abdul rahman'. */
  private applyBuiltInWords(pieces: Piece[]): Piece[] {
    const equivalences = getNameEquivalences();
    const result: Piece[] = [];
    for (const piece of pieces) {
      const text = piece.spellings[0]!;
      const particle =
        equivalences.canonicalParticle(text) ??
        (PARTICLES.has(text) ? text : undefined) ??
        (piece.letters ? readAbjadParticle(piece.letters) : undefined);
      if (particle) {
        result.push({ ...piece, spellings: [particle], tokens: undefined });
        continue;
      }
      const compound = piece.isAbjad ? null : ABDUL_COMPOUND.exec(text);
      if (compound && !/^l+ah?$/.test(compound[2]!)) {
        result.push({ ...piece, spellings: ['abdul'], tokens: undefined }, { ...piece, spellings: [compound[2]!], tokens: undefined });
        continue;
      }
      result.push(piece);
    }
    return result;
  }

  private mergeNumbers(pieces: Piece[]): Piece[] {
    const result: Piece[] = [];
    for (let index = 0; index < pieces.length; index += 1) {
      const piece = pieces[index]!;
      const next = pieces[index + 1];
      const words = next ? [piece.spellings[0]!, next.spellings[0]!] : [piece.spellings[0]!];
      const merged = mergeNumberWords(words);
      if (merged.length === 1 && next) index += 1;
      if (merged[0] === piece.spellings[0] && (merged.length === 2 || !next)) {
        result.push(piece);
        continue;
      }
      result.push({ ...piece, spellings: [merged[0]!], skeleton: null, letters: null, isAbjad: false, tokens: undefined });
    }
    return result;
  }

  private dropLeadingTitles(pieces: Piece[], kind: NameKind): { remaining: Piece[]; hasPersonTitle: boolean } {
    const prefixes = kind === 'organisation' ? this.organisationPrefixes : this.personPrefixes;
    let start = 0;
    let isDropping = true;
    let hasPersonTitle = false;
    while (isDropping && start < pieces.length - 1) {
      isDropping = false;
      for (let length = Math.min(4, pieces.length - start - 1); length >= 1; length -= 1) {
        const phrase = pieces
          .slice(start, start + length)
          .map((piece) => piece.spellings[0])
          .join(' ');
        if (prefixes.has(phrase)) {
          start += length;
          isDropping = true;
          if (kind !== 'organisation' && !this.organisationPrefixes.has(phrase)) hasPersonTitle = true;
          break;
        }
      }
    }
    return { remaining: start === 0 ? pieces : pieces.slice(start), hasPersonTitle };
  }

  private buildTokens(pieces: Piece[], kind: NameKind): NameToken[] {
    const words = pieces.map((piece) => piece.spellings[0]!);
    const tokens: NameToken[] = [];
    for (let index = 0; index < pieces.length;) {
      const term = this.findTerm(words, index, kind);
      if (term) {
        const spanned = pieces.slice(index, index + term.length);
        tokens.push(this.buildTermToken(spanned, term));
        index += term.length;
        continue;
      }
      const place = kind === 'organisation' ? findPlaceCode(words[index]!) : undefined;
      if (place) tokens.push(this.buildTermToken([pieces[index]!], { kind: 'term', keys: [`place-${place}`], length: 1 }));
      else tokens.push(this.buildWordToken(pieces[index]!, kind));
      index += 1;
    }
    return tokens;
  }

  /**
   * Organisations: legal forms and terms anywhere. Unknown: legal forms anywhere. People: a legal
   * form only at the end ('Maduro SA').
   */
  private findTerm(words: readonly string[], index: number, kind: NameKind): OrgTerm | undefined {
    const term = findOrgTerm(words, index);
    if (!term) return undefined;
    if (kind === 'organisation') return term;
    if (term.kind !== 'legal') return undefined;
    return kind === 'unknown' || (index + term.length === words.length && index > 0) ? term : undefined;
  }

  private buildTermToken(pieces: readonly Piece[], term: OrgTerm): NameToken {
    const text = pieces.map((piece) => piece.spellings[0]).join('');
    const cacheKey = `${term.kind}|${term.keys.join(',')}|${text}`;
    const cached = this.tokenCache.get(cacheKey);
    if (cached) return cached;
    const isGeneric = term.keys.some((key) => isGenericTerm(key) || key.startsWith('place-'));
    const weight = term.kind === 'legal' ? TOKEN_WEIGHTS.legal : isGeneric ? GENERIC_TERM_WEIGHT : TOKEN_WEIGHTS.term;
    const token: NameToken = {
      text,
      spellings: [text],
      forms: [toPhoneticForm(text)],
      skeleton: toConsonantSkeleton(text),
      letters: '',
      isAbjad: false,
      kind: term.kind,
      keys: term.keys.map((key) => `${term.kind === 'legal' ? 'l' : 'o'}:${key}`),
      weight,
      original: pieces.map((piece) => piece.original).join(' '),
      isMixedScript: pieces.some((piece) => piece.isMixedScript),
      isCommon: false,
    };
    return this.remember(cacheKey, token);
  }

  private buildWordToken(piece: Piece, kind: NameKind): NameToken {
    const slot = KIND_SLOT[kind];
    const known = piece.tokens?.[slot];
    if (known) return known;
    const token = this.createWordToken(piece, kind);
    piece.tokens ??= [];
    piece.tokens[slot] = token;
    return token;
  }

  private createWordToken(piece: Piece, kind: NameKind): NameToken {
    const text = piece.spellings[0]!;
    const tokenKind = classifyWord(text, kind);
    const cacheKey = `${tokenKind}|${piece.spellings.join(',')}|${piece.skeleton ?? ''}|${piece.native ?? ''}|${piece.original}|${piece.isMixedScript}`;
    const cached = this.tokenCache.get(cacheKey);
    if (cached) return cached;
    const equivalences = getNameEquivalences();
    const allKeys = [
      ...piece.spellings.flatMap((spelling) => equivalences.keysOf(spelling)),
      ...(piece.native ? equivalences.keysOf(piece.native) : []),
    ];
    // 'al' and 'ben' are also nicknames (Albert, Benjamin); as particles they must not pick those up.
    const keys = uniqueStrings(tokenKind === 'particle' ? allKeys.filter((key) => !key.startsWith('n:')) : allKeys);
    const isCommon = tokenKind === 'word' && isCommonName(text, keys);
    const token: NameToken = {
      text,
      spellings: piece.spellings,
      forms: uniqueStrings(piece.spellings.map(toPhoneticForm)),
      skeleton: piece.skeleton ?? toConsonantSkeleton(text),
      letters: piece.letters ?? '',
      isAbjad: piece.isAbjad,
      kind: tokenKind,
      keys,
      weight: isCommon ? COMMON_NAME_WEIGHT : TOKEN_WEIGHTS[tokenKind],
      original: piece.original,
      isMixedScript: piece.isMixedScript,
      isCommon,
    };
    return this.remember(cacheKey, token);
  }

  private remember(cacheKey: string, token: NameToken): NameToken {
    if (this.tokenCache.size >= WORD_CACHE_LIMIT) this.tokenCache.clear();
    this.tokenCache.set(cacheKey, token);
    return token;
  }
}

/**
 * The link to a father's name written as an abbreviation or in words ('Ali s/o Ahmed', 'Amina d/o
 * Yusuf', 'Ali son of Ahmed', as Pakistani and Indian records write it) is the particle bin or bint,
 * so it lines up with 'Ali bin Ahmed' and weighs as a particle, not as a name word.
 */
const FATHER_LINKS: readonly [RegExp, string][] = [
  [/(?<![\p{L}\p{N}])s\s*\/\s*o(?![\p{L}\p{N}])/giu, ' bin '],
  [/(?<![\p{L}\p{N}])d\s*\/\s*o(?![\p{L}\p{N}])/giu, ' bint '],
  [/(?<![\p{L}\p{N}])son\s+of(?![\p{L}\p{N}])/giu, ' bin '],
  [/(?<![\p{L}\p{N}])daughter\s+of(?![\p{L}\p{N}])/giu, ' bint '],
];

function spellFatherLinks(name: string): string {
  if (!name.includes('/') && !/ of /i.test(name)) return name;
  let text = name;
  for (const [pattern, particle] of FATHER_LINKS) text = text.replace(pattern, particle);
  return text;
}

function isCommonName(text: string, keys: readonly string[]): boolean {
  return COMMON_NAME_WORDS.has(text) || keys.some((key) => key.startsWith('g:') && COMMON_NAME_WORDS.has(key.slice(2)));
}

function classifyWord(text: string, kind: NameKind): TokenKind {
  if (/^\d+$/.test(text)) return 'number';
  if (text.length === 1) return 'initial';
  if (PARTICLES.has(text)) return 'particle';
  if (kind !== 'organisation' && text.length >= 7 && PATRONYMIC.test(text)) return 'patronymic';
  return 'word';
}
