/**
 * What a new screening of a known customer stores, given the hits already decided and the
 * remembered 'not relevant' decisions (the good-guy list). Pure: the service reads the rows and
 * writes the outcome in one transaction.
 *
 * - A hit nobody decided is replaced by the new screening's (open hits are deleted before).
 * - A listed entity remembered as 'not relevant' and listed exactly as when it was decided raises
 *   nothing: the reviewer's judgement stands.
 * - The same entity listed differently since (new aliases, a new birth date, a new programme) is a
 *   new fact: the old decision no longer applies, so its hit is replaced by an open one.
 * - A hit decided relevant stays as decided; finding it again adds nothing.
 */
import { createHash } from 'node:crypto';
import type { HitDetermination } from '@sanad/risk/risk-facts';
import type { THitType } from '@sanad/contracts/screening';
import { canonicalJson } from '../../platform/audit/audit-log';

/** A fingerprint of a listed entity as the list gives it: equal for the same content in any key order. */
export function entityFingerprint(entity: unknown): string {
  return createHash('sha256').update(canonicalJson(entity)).digest('hex');
}

export const hitKey = (hit: { listKey: string; entityId: string }): string => `${hit.listKey}\u0000${hit.entityId}`;

export interface DecidedHit {
  id: string;
  listKey: string;
  entityId: string;
  hitType: THitType;
  score: number;
  hitDetermination: 'genuine' | 'false-positive';
}

export interface RememberedDecision {
  listKey: string;
  entityId: string;
  entityFingerprint: string;
}

export interface ScreenedHit {
  listKey: string;
  entityId: string;
  hitType: THitType;
  score: number;
  entity: unknown;
}

export interface ScreeningMerge<T extends ScreenedHit> {
  /** New hits to store, open. */
  fresh: T[];
  /** Decided hits whose listed entity has changed since the decision: deleted, their entity raised again. */
  reopenedHitIds: string[];
  /** Remembered decisions that no longer apply (the entity changed); removed with their hit. */
  staleDecisions: RememberedDecision[];
  /** Found hits that a remembered decision kept from being raised again. */
  suppressed: number;
  /** Every hit the customer has afterwards, as the risk rating reads them. */
  facts: { hitType: THitType; score: number; determination: HitDetermination }[];
  /** The hit types the customer list filters by: every hit not judged 'not relevant'. */
  hitTypes: THitType[];
}

export function mergeScreening<T extends ScreenedHit>(
  decided: readonly DecidedHit[],
  remembered: readonly RememberedDecision[],
  screened: readonly T[],
): ScreeningMerge<T> {
  const decidedByKey = new Map(decided.map((hit) => [hitKey(hit), hit]));
  const rememberedByKey = new Map(remembered.map((decision) => [hitKey(decision), decision]));
  const fresh: T[] = [];
  const reopened = new Set<string>();
  const stale: RememberedDecision[] = [];
  let suppressed = 0;
  for (const hit of screened) {
    const key = hitKey(hit);
    const decision = rememberedByKey.get(key);
    const previous = decidedByKey.get(key);
    if (decision && decision.entityFingerprint === entityFingerprint(hit.entity)) {
      suppressed += 1;
      continue;
    }
    if (decision) {
      // Listed differently since the decision: raise it again, open.
      stale.push(decision);
      if (previous) reopened.add(previous.id);
      fresh.push(hit);
      continue;
    }
    if (previous) continue;
    fresh.push(hit);
  }
  const kept = decided.filter((hit) => !reopened.has(hit.id));
  const facts = [
    ...kept.map((hit) => ({ hitType: hit.hitType, score: hit.score, determination: hit.hitDetermination as HitDetermination })),
    ...fresh.map((hit) => ({ hitType: hit.hitType, score: hit.score, determination: 'open' as HitDetermination })),
  ];
  return {
    fresh,
    reopenedHitIds: [...reopened],
    staleDecisions: stale,
    suppressed,
    facts,
    hitTypes: hitTypesOf(facts),
  };
}

/** The hit types a customer is listed under: every hit but those judged not relevant. */
export function hitTypesOf(hits: readonly { hitType: THitType; determination: HitDetermination }[]): THitType[] {
  return [...new Set(hits.filter((hit) => hit.determination !== 'false-positive').map((hit) => hit.hitType))];
}
