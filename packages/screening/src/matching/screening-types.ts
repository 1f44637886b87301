/** What a caller gives the screening engine and what it gets back. */
import type { EntityType, HitType, NameType, WatchlistEntity } from '../model';
import type { MatchHow } from './token-similarity';

/** A customer's facts; every field but the name may be missing, and missing means unknown. */
export interface ScreeningQuery {
  name: string;
  /** person or organisation; when absent every listed type is compared. */
  type?: 'person' | 'organisation';
  /** 1960, 1960-06, 1960-06-29, 29/06/1960, 29 Jun 1960, circa 1960, 1958-1962. */
  dob?: string;
  /** ISO alpha-2 code or English country name. */
  nationality?: string;
  /** Country of residence: ISO alpha-2 code or English country name. */
  country?: string;
  gender?: string;
  fatherName?: string;
  idNumber?: string;
}

export type Thresholds = Readonly<Record<HitType, number>>;

export interface ScreeningOptions {
  /** Minimum score per hit type, 0–100; missing types keep the index's thresholds. */
  thresholds?: Partial<Thresholds>;
  /** One minimum score for every hit type; overrides `thresholds`. */
  threshold?: number;
  /** At most this many hits, best first (default 20). */
  maxHits?: number;
  /** Only entities of these lists (the entity's `list` key). */
  lists?: readonly string[];
}

export interface WordMatch {
  query: string;
  listed: string;
  /** 0–100. */
  similarity: number;
  how: MatchHow;
}

export interface NameMatchExplanation {
  /** Name similarity, 0–100, before qualifiers. */
  score: number;
  query: string;
  /** The listed name (primary or alias) that matched best. */
  listed: string;
  listedNameType: NameType;
  words: WordMatch[];
  /** Query words the listed name lacks. */
  unmatchedQuery: string[];
  /** Listed words the query lacks. */
  unmatchedListed: string[];
  /** Words in which look-alike letters of another script were folded (possible evasion). */
  mixedScriptWords: string[];
}

export type QualifierKind = 'id' | 'dob' | 'nationality' | 'country' | 'gender' | 'father';
export type QualifierOutcome = 'decisive' | 'match' | 'partial' | 'mismatch';

export interface QualifierEffect {
  kind: QualifierKind;
  outcome: QualifierOutcome;
  /** Points added to (or taken from) the name score. */
  points: number;
  detail: string;
}

export interface HitExplanation {
  name: NameMatchExplanation;
  qualifiers: QualifierEffect[];
  /** The threshold this hit passed, for its hit type. */
  threshold: number;
  /** One line for a reviewer. */
  summary: string;
}

export interface ScreeningHit {
  /** The list's own identifier of the entity. */
  id: string;
  list: string;
  hitType: HitType;
  entityType: EntityType;
  /** 0–100. */
  score: number;
  /** The entity's primary name. */
  name: string;
  explanation: HitExplanation;
  entity: WatchlistEntity;
}
