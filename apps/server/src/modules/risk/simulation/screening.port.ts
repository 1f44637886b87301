/**
 * What the risk module needs from name screening: screen one name and its facts, answer the hits.
 * The screening module implements it and the app passes it in AppContext.screening; until then
 * there is none, and the simulation rates with the hits a user enters by hand (nothing is faked).
 */
import type { HitType, SubjectType } from '@sanad/risk/risk-factor.schema';
import type { HitDetermination, RiskFacts } from '@sanad/risk/risk-facts';

export interface ScreeningPortHit {
  hitType: HitType;
  /** Match score 0–100. */
  score: number;
  determination: HitDetermination;
  /** The listed name that matched, for the examiner. */
  matchedName?: string;
  /** The list it came from (e.g. 'UN consolidated', 'OFAC SDN'). */
  listName?: string;
}

export interface ScreeningPort {
  screenName(input: { dataSegmentId: string; name: string; subjectType: SubjectType; facts: RiskFacts }): Promise<ScreeningPortHit[]>;
}
