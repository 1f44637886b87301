/**
 * Name-to-name comparison without an index: normalise both names, align their words, explain the
 * result. The index uses the same alignment with cached word similarities.
 */
import type { NameType } from '../model';
import { splitNameAlternatives } from '../normalize/name-alternatives';
import { NameNormalizer } from '../normalize/name-normalizer';
import type { NameKind, NameToken, NormalizedName } from '../normalize/name-types';
import { alignNames, DirectWordComparer, type NameAlignment } from './name-alignment';
import type { NameMatchExplanation } from './screening-types';

export interface NamePairOptions {
  /** What kind of names these are; unknown by default. */
  kind?: NameKind;
  /** A normaliser carrying run-time stop-words and variants; a default one otherwise. */
  normalizer?: NameNormalizer;
}

export interface NamePairScore {
  /** 0–100. */
  score: number;
  explanation: NameMatchExplanation;
}

let defaultNormalizer: NameNormalizer | undefined;

export function getDefaultNormalizer(): NameNormalizer {
  defaultNormalizer ??= new NameNormalizer();
  return defaultNormalizer;
}

export function toScore(similarity: number): number {
  return Math.round(similarity * 1000) / 10;
}

/** Aligns two normalised names, comparing words directly. */
export function compareNormalizedNames(query: NormalizedName, listed: NormalizedName): NameAlignment {
  const isPerson = query.kind === 'person' || listed.kind === 'person';
  return alignNames(query.tokens, listed.tokens, new DirectWordComparer(query.tokens, listed.tokens), isPerson);
}

function joinWords(tokens: readonly NameToken[], indexes: readonly number[]): string {
  return indexes.map((index) => tokens[index]!.text).join(' ');
}

export function explainNameAlignment(
  alignment: NameAlignment,
  query: NormalizedName,
  listedTokens: readonly NameToken[],
  listedName: string,
  listedNameType: NameType,
): NameMatchExplanation {
  return {
    score: toScore(alignment.similarity),
    query: query.original,
    listed: listedName,
    listedNameType,
    words: alignment.pairs.map((pair) => ({
      query: joinWords(query.tokens, pair.query),
      listed: joinWords(listedTokens, pair.candidate),
      similarity: toScore(pair.similarity),
      how: pair.how,
    })),
    unmatchedQuery: alignment.unmatchedQuery.map((index) => query.tokens[index]!.text),
    unmatchedListed: alignment.unmatchedCandidate.map((index) => listedTokens[index]!.text),
    mixedScriptWords: query.tokens.filter((token) => token.isMixedScript).map((token) => token.original),
  };
}

/** Scores two names as written, 0–100, with the word-by-word explanation. */
export function scoreNamePair(queryName: string, listedName: string, options: NamePairOptions = {}): NamePairScore {
  const normalizer = options.normalizer ?? getDefaultNormalizer();
  const kind = options.kind ?? 'unknown';
  const query = normalizer.normalize(queryName, kind);
  let best: NamePairScore | undefined;
  for (const candidate of [listedName, ...splitNameAlternatives(listedName)]) {
    const listed = normalizer.normalize(candidate, kind);
    const alignment = compareNormalizedNames(query, listed);
    if (best && alignment.similarity <= best.score / 100) continue;
    best = {
      score: toScore(alignment.similarity),
      explanation: explainNameAlignment(alignment, query, listed.tokens, candidate, 'primary'),
    };
  }
  return best!;
}
