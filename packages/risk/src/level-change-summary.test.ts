import { describe, expect, it } from 'vitest';
import { addLevelChangeSummaries, LevelChangeTally, summariseLevelChanges } from './level-change-summary';

describe('level change summary', () => {
  it('counts customers moved between levels by re-rating', () => {
    const summary = summariseLevelChanges(
      [
        { id: 'a', level: 'low' },
        { id: 'b', level: 'low' },
        { id: 'c', level: 'high' },
        { id: 'd', level: 'medium' },
        { id: 'gone', level: 'low' },
      ],
      [
        { id: 'a', level: 'low' },
        { id: 'b', level: 'high' },
        { id: 'c', level: 'medium' },
        { id: 'd', level: 'sanction' },
        { id: 'new', level: 'medium' },
      ],
    );
    expect(summary).toMatchObject({ compared: 4, unchanged: 1, raised: 2, lowered: 1, newlyRated: 1, notRerated: 1 });
    expect(summary.moves.low).toEqual({ low: 1, medium: 0, high: 1, sanction: 0 });
    expect(summary.moves.high.medium).toBe(1);
    expect(summary.moves.medium.sanction).toBe(1);
    expect(summary.before).toEqual({ low: 3, medium: 1, high: 1, sanction: 0 });
    expect(summary.after).toEqual({ low: 1, medium: 2, high: 1, sanction: 1 });
  });

  it('merges the tallies of batches into the same totals as one pass', () => {
    const first = new LevelChangeTally();
    const second = new LevelChangeTally();
    first.add('low', 'medium');
    second.add('high', 'high');
    second.add(null, 'low');
    first.merge(second);
    expect(first.toSummary()).toEqual(
      summariseLevelChanges(
        [
          { id: '1', level: 'low' },
          { id: '2', level: 'high' },
        ],
        [
          { id: '1', level: 'medium' },
          { id: '2', level: 'high' },
          { id: '3', level: 'low' },
        ],
      ),
    );
  });

  it('hands out a summary that later additions do not change', () => {
    const tally = new LevelChangeTally();
    tally.add('low', 'high');
    const summary = tally.toSummary();
    tally.add('low', 'high');
    expect(summary.raised).toBe(1);
  });

  it('adds stored summaries into the same totals as merged tallies, leaving both summaries as they were', () => {
    const first = new LevelChangeTally();
    const second = new LevelChangeTally();
    first.add('low', 'medium');
    first.add('medium', null);
    second.add('high', 'high');
    second.add(null, 'low');
    const total = first.toSummary();
    const batch = second.toSummary();
    const sum = addLevelChangeSummaries(total, batch);
    first.merge(second);
    expect(sum).toEqual(first.toSummary());
    expect(total).toMatchObject({ compared: 1, notRerated: 1, newlyRated: 0 });
    expect(batch).toMatchObject({ compared: 1, notRerated: 0, newlyRated: 1 });
  });
});
