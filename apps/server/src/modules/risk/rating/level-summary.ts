import { LevelChangeTally, type LevelChangeSummary } from '@sanad/risk/level-change-summary';

export function emptyLevelSummary(): LevelChangeSummary {
  return new LevelChangeTally().toSummary();
}
