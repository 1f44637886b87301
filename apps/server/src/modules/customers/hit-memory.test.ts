import { describe, expect, it } from 'vitest';
import { entityFingerprint, mergeScreening, type DecidedHit, type RememberedDecision, type ScreenedHit } from './hit-memory';

const entity = { id: 'E1', list: 'sanad-list', names: [{ full: 'Qasim Jafri', type: 'primary' }], remarks: 'Fraud ring' };
const screened = (change: Partial<ScreenedHit> = {}): ScreenedHit => ({
  listKey: 'sanad-list',
  entityId: 'E1',
  hitType: 'blackList',
  score: 91,
  entity,
  ...change,
});
const decided = (determination: DecidedHit['hitDetermination']): DecidedHit => ({
  id: 'h1',
  listKey: 'sanad-list',
  entityId: 'E1',
  hitType: 'blackList',
  score: 91,
  hitDetermination: determination,
});
const remembered = (of: unknown = entity): RememberedDecision => ({
  listKey: 'sanad-list',
  entityId: 'E1',
  entityFingerprint: entityFingerprint(of),
});

describe('entityFingerprint', () => {
  it('is the same for the same content in any key order, and differs when the content changes', () => {
    const reordered = { remarks: 'Fraud ring', names: [{ type: 'primary', full: 'Qasim Jafri' }], list: 'sanad-list', id: 'E1' };
    expect(entityFingerprint(reordered)).toBe(entityFingerprint(entity));
    expect(entityFingerprint({ ...entity, remarks: 'Fraud ring; mule recruiter' })).not.toBe(entityFingerprint(entity));
  });
});

describe('mergeScreening', () => {
  it('stores a new hit open and lists its type', () => {
    const merged = mergeScreening([], [], [screened()]);
    expect(merged.fresh).toHaveLength(1);
    expect(merged.facts).toEqual([{ hitType: 'blackList', score: 91, determination: 'open' }]);
    expect(merged.hitTypes).toEqual(['blackList']);
  });

  it('raises nothing for an entity remembered as not relevant and listed as it was', () => {
    const merged = mergeScreening([decided('false-positive')], [remembered()], [screened()]);
    expect(merged).toMatchObject({ fresh: [], suppressed: 1, reopenedHitIds: [], staleDecisions: [], hitTypes: [] });
    expect(merged.facts).toEqual([{ hitType: 'blackList', score: 91, determination: 'false-positive' }]);
  });

  it('raises the hit again, open, when the list has changed the entity since the decision', () => {
    const changed = { ...entity, remarks: 'Fraud ring; mule recruiter' };
    const merged = mergeScreening([decided('false-positive')], [remembered()], [screened({ entity: changed })]);
    expect(merged.fresh).toHaveLength(1);
    expect(merged.reopenedHitIds).toEqual(['h1']);
    expect(merged.staleDecisions).toHaveLength(1);
    expect(merged.facts).toEqual([{ hitType: 'blackList', score: 91, determination: 'open' }]);
    expect(merged.hitTypes).toEqual(['blackList']);
  });

  it('keeps a hit decided relevant and adds nothing when it is found again', () => {
    const merged = mergeScreening([decided('genuine')], [], [screened()]);
    expect(merged.fresh).toEqual([]);
    expect(merged.facts).toEqual([{ hitType: 'blackList', score: 91, determination: 'genuine' }]);
    expect(merged.hitTypes).toEqual(['blackList']);
  });
});
