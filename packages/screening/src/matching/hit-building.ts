/**
 * Turns a verified name match into a hit: qualifier points, the final 0–100 score, the threshold of
 * the entity's hit type, and the explanation a reviewer reads.
 */
import type { NameType, WatchlistEntity } from '../model';
import type { NameNormalizer } from '../normalize/name-normalizer';
import type { NameToken, NormalizedName } from '../normalize/name-types';
import type { NameAlignment } from './name-alignment';
import { explainNameAlignment, toScore } from './name-scorer';
import { scoreQualifiers, type QueryFacts } from './qualifier-scoring';
import type { QualifierEffect, ScreeningHit, Thresholds } from './screening-types';

/** A listed name that matched, with the alignment the scorer found. */
export interface NameMatch {
  alignment: NameAlignment;
  /** Name similarity after the alias-quality factor, 0..1. */
  similarity: number;
  listedName: string;
  listedNameType: NameType;
  listedTokens: readonly NameToken[];
}

function formatPoints(points: number): string {
  return points > 0 ? `+${points}` : String(points);
}

function summarize(nameScore: number, match: NameMatch, qualifiers: readonly QualifierEffect[], score: number): string {
  const parts = [`name ${nameScore} against ${match.listedNameType} name '${match.listedName}'`];
  for (const effect of qualifiers) {
    parts.push(
      effect.outcome === 'decisive'
        ? `${effect.kind} decisive: ${effect.detail}`
        : `${effect.kind} ${formatPoints(effect.points)}: ${effect.detail}`,
    );
  }
  return `${parts.join('; ')} → ${score}`;
}

/**
 * Builds the hit, or undefined when its score stays below the threshold of its hit type.
 * `maxBonus` is the most the query's facts could add, so hopeless names skip the qualifiers.
 */
export function buildHit(
  entity: WatchlistEntity,
  match: NameMatch,
  query: NormalizedName,
  facts: QueryFacts,
  normalizer: NameNormalizer,
  thresholds: Thresholds,
  maxBonus: number,
): ScreeningHit | undefined {
  const nameScore = toScore(match.similarity);
  const threshold = thresholds[entity.hitType];
  if (nameScore + maxBonus < threshold && !facts.idNumber) return undefined;
  const qualifiers = scoreQualifiers(facts, entity, normalizer, match.listedTokens);
  const isDecisive = qualifiers.some((effect) => effect.outcome === 'decisive');
  const points = qualifiers.reduce((total, effect) => total + effect.points, 0);
  const score = isDecisive ? 100 : Math.round(Math.min(100, Math.max(0, nameScore + points)) * 10) / 10;
  if (score < threshold) return undefined;
  const name = explainNameAlignment(match.alignment, query, match.listedTokens, match.listedName, match.listedNameType);
  name.score = nameScore;
  return {
    id: entity.id,
    list: entity.list,
    hitType: entity.hitType,
    entityType: entity.type,
    score,
    name: entity.names.find((entry) => entry.type === 'primary')?.full ?? entity.names[0]?.full ?? '',
    explanation: { name, qualifiers, threshold, summary: summarize(nameScore, match, qualifiers, score) },
    entity,
  };
}

/**
 * How strongly a hit is supported, uncapped: a decisive identifier first, then the name score plus
 * every qualifier's points. The shown score stops at 100, so two names that both reach it would
 * otherwise tie although one also has the right date of birth or father's name; hits are ranked by this.
 */
export function hitEvidence(hit: ScreeningHit): number {
  const { name, qualifiers } = hit.explanation;
  if (qualifiers.some((effect) => effect.outcome === 'decisive')) return Number.MAX_SAFE_INTEGER;
  return name.score + qualifiers.reduce((total, effect) => total + effect.points, 0);
}
