import { LevelChangeTally, type LevelChangeSummary } from '@sanad/risk/level-change-summary';
import { RISK_LEVELS } from '@sanad/risk/risk-level';

export function emptyLevelSummary(): LevelChangeSummary {
  return new LevelChangeTally().toSummary();
}

/**
 * Adds a batch's summary to the run's stored one. The engine's tally merges live tallies; a run
 * resumed after a crash only has the stored summary, so the counts are added here.
 */
export function addLevelSummaries(total: LevelChangeSummary, batch: LevelChangeSummary): LevelChangeSummary {
  const sum = structuredClone(total);
  sum.compared += batch.compared;
  sum.unchanged += batch.unchanged;
  sum.raised += batch.raised;
  sum.lowered += batch.lowered;
  sum.newlyRated += batch.newlyRated;
  sum.notRerated += batch.notRerated;
  for (const level of RISK_LEVELS) {
    sum.before[level] += batch.before[level];
    sum.after[level] += batch.after[level];
    for (const to of RISK_LEVELS) sum.moves[level][to] += batch.moves[level][to];
  }
  return sum;
}
