/**
 * Counts how customers moved between levels when a segment is re-rated after a configuration
 * change. The tally is an accumulator the re-rating job owns: it adds one pair per customer as
 * batches complete (nothing held in memory per customer) and merges the tallies of parallel workers.
 */
import { RISK_LEVELS, rankLevel, type RiskLevel } from './risk-level';

export interface LevelSnapshot {
  /** The customer's or company's id. */
  id: string;
  level: RiskLevel;
}

export type LevelMatrix = Record<RiskLevel, Record<RiskLevel, number>>;

export interface LevelChangeSummary {
  /** Rated both before and after. */
  compared: number;
  unchanged: number;
  raised: number;
  lowered: number;
  /** moves[from][to]: how many went from one level to another (the diagonal is the unchanged). */
  moves: LevelMatrix;
  /** Rated after but not before (e.g. first rating). */
  newlyRated: number;
  /** Rated before but missing from the re-rating. */
  notRerated: number;
  before: Record<RiskLevel, number>;
  after: Record<RiskLevel, number>;
}

function countsByLevel(): Record<RiskLevel, number> {
  return { low: 0, medium: 0, high: 0, sanction: 0 };
}

export class LevelChangeTally {
  private readonly summary: LevelChangeSummary = {
    compared: 0,
    unchanged: 0,
    raised: 0,
    lowered: 0,
    moves: { low: countsByLevel(), medium: countsByLevel(), high: countsByLevel(), sanction: countsByLevel() },
    newlyRated: 0,
    notRerated: 0,
    before: countsByLevel(),
    after: countsByLevel(),
  };

  /** One customer's level before and after; null when it had no rating on that side. */
  add(before: RiskLevel | null, after: RiskLevel | null): void {
    const summary = this.summary;
    if (before !== null) summary.before[before] += 1;
    if (after !== null) summary.after[after] += 1;
    if (before === null && after === null) return;
    if (before === null) {
      summary.newlyRated += 1;
      return;
    }
    if (after === null) {
      summary.notRerated += 1;
      return;
    }
    summary.compared += 1;
    summary.moves[before][after] += 1;
    const change = rankLevel(after) - rankLevel(before);
    if (change > 0) summary.raised += 1;
    else if (change < 0) summary.lowered += 1;
    else summary.unchanged += 1;
  }

  merge(other: LevelChangeTally): void {
    addSummaryInto(this.summary, other.summary);
  }

  /** A copy, so later additions do not change a summary already handed out. */
  toSummary(): LevelChangeSummary {
    return structuredClone(this.summary);
  }
}

/**
 * The sum of two summaries, as a new one. A re-rating resumed after a crash holds only the stored
 * summary of the batches already done, not a live tally, so it adds summaries rather than merging tallies.
 */
export function addLevelChangeSummaries(total: LevelChangeSummary, batch: LevelChangeSummary): LevelChangeSummary {
  const sum = structuredClone(total);
  addSummaryInto(sum, batch);
  return sum;
}

function addSummaryInto(into: LevelChangeSummary, from: LevelChangeSummary): void {
  into.compared += from.compared;
  into.unchanged += from.unchanged;
  into.raised += from.raised;
  into.lowered += from.lowered;
  into.newlyRated += from.newlyRated;
  into.notRerated += from.notRerated;
  for (const level of RISK_LEVELS) {
    into.before[level] += from.before[level];
    into.after[level] += from.after[level];
    for (const to of RISK_LEVELS) into.moves[level][to] += from.moves[level][to];
  }
}

/** Pairs the two lists by id and counts the moves. */
export function summariseLevelChanges(before: readonly LevelSnapshot[], after: readonly LevelSnapshot[]): LevelChangeSummary {
  const beforeById = new Map(before.map((snapshot) => [snapshot.id, snapshot.level] as const));
  const tally = new LevelChangeTally();
  const seen = new Set<string>();
  for (const snapshot of after) {
    if (seen.has(snapshot.id)) continue;
    seen.add(snapshot.id);
    tally.add(beforeById.get(snapshot.id) ?? null, snapshot.level);
  }
  for (const [id, level] of beforeById) if (!seen.has(id)) tally.add(level, null);
  return tally.toSummary();
}
