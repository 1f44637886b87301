import { describe, expect, it } from 'vitest';
import { computeOwnership } from './compute-ownership';
import type {
  BeneficialOwner,
  EntityNode,
  InterestType,
  OwnershipEdge,
  OwnershipInterest,
  OwnershipNode,
  OwnershipResult,
  OwnershipStructure,
  PersonNode,
  ShareRange,
} from './ownership.types';

const person = (id: string, name = id): PersonNode => ({ id, kind: 'person', name, personType: 'knownPerson' });
const company = (id: string, name = id): EntityNode => ({ id, kind: 'entity', name, entityType: 'registeredEntity' });
const trust = (id: string, name = id): EntityNode => ({ id, kind: 'entity', name, entityType: 'arrangement', entitySubtype: 'trust' });

let edgeCount = 0;
const edge = (from: string, to: string, ...interests: OwnershipInterest[]): OwnershipEdge => ({
  id: `e${(edgeCount += 1)}`,
  from,
  to,
  interests,
});
const shares = (from: string, to: string, exact: number | ShareRange | undefined): OwnershipEdge =>
  edge(from, to, { type: 'shareholding', ...(exact === undefined ? {} : { share: typeof exact === 'number' ? { exact } : exact }) });
const role = (from: string, to: string, type: InterestType): OwnershipEdge => edge(from, to, { type });
const structure = (nodes: OwnershipNode[], edges: OwnershipEdge[]): OwnershipStructure => ({ nodes, edges });

function owner(result: OwnershipResult, id: string): BeneficialOwner {
  const found = result.persons.find((p) => p.personId === id);
  if (!found) throw new Error(`${id} is not in the result`);
  return found;
}
const codes = (result: OwnershipResult) => result.problems.map((p) => p.code);

describe('computeOwnership: layered structures', () => {
  it('multiplies shares through a two-level structure and flags those at 25% or more', () => {
    const result = computeOwnership(
      structure(
        [
          company('S', 'Subject Ltd'),
          company('H', 'Holding Ltd'),
          person('P1', 'Ana'),
          person('P2', 'Ben'),
          person('P3', 'Cy'),
          person('D', 'Dee'),
        ],
        [shares('H', 'S', 50), shares('P2', 'S', 40), shares('P1', 'H', 60), shares('P3', 'H', 40), role('D', 'S', 'director')],
      ),
      { subjectId: 'S' },
    );
    expect(owner(result, 'P1')).toMatchObject({
      ownership: { min: 30, max: 30 },
      direct: { min: 0, max: 0 },
      indirect: { min: 30, max: 30 },
      isBeneficialOwner: true,
      reasons: ['ownership'],
    });
    expect(owner(result, 'P1').paths.map((p) => p.names)).toEqual([['Ana', 'Holding Ltd', 'Subject Ltd']]);
    expect(owner(result, 'P2')).toMatchObject({ ownership: { min: 40, max: 40 }, direct: { min: 40, max: 40 }, isBeneficialOwner: true });
    expect(owner(result, 'P3')).toMatchObject({ ownership: { min: 20, max: 20 }, isBeneficialOwner: false, mayBeBeneficialOwner: false });
    expect(owner(result, 'D')).toMatchObject({
      ownership: { min: 0, max: 0 },
      isBeneficialOwner: false,
      controlRoles: [{ type: 'director', isDirect: true }],
    });
    expect(result.beneficialOwners.map((p) => p.name)).toEqual(['Ben', 'Ana']);
    expect(owner(result, 'P1').explanation).toBe(
      'Ana is a beneficial owner of Subject Ltd (ownership at or above 25%): owns 30% of Subject Ltd (30% indirectly through Holding Ltd).',
    );
    expect(result.problems).toEqual([]);
  });

  it('computes a three-level chain and sums several paths of one person', () => {
    const result = computeOwnership(
      structure(
        [company('S'), company('B'), company('C'), person('P'), person('Q'), person('R'), person('D')],
        [
          shares('B', 'S', 70),
          shares('R', 'S', 30),
          shares('C', 'B', 50),
          shares('P', 'B', 10),
          shares('P', 'C', 80),
          shares('Q', 'C', 20),
          role('D', 'S', 'authorisedSignatory'),
        ],
      ),
      { subjectId: 'S' },
    );
    // P: 80% × 50% × 70% = 28% through C and B, plus 10% × 70% = 7% through B.
    expect(owner(result, 'P')).toMatchObject({ ownership: { min: 35, max: 35 }, indirect: { min: 35, max: 35 }, isBeneficialOwner: true });
    expect(owner(result, 'P').paths.map((p) => [p.nodeIds.join('>'), p.share.min])).toEqual([
      ['P>C>B>S', 28],
      ['P>B>S', 7],
    ]);
    expect(owner(result, 'Q')).toMatchObject({ ownership: { min: 7, max: 7 }, isBeneficialOwner: false });
    expect(owner(result, 'R')).toMatchObject({ ownership: { min: 30, max: 30 }, isBeneficialOwner: true });
    expect(result.problems).toEqual([]);
  });

  it('counts joint holders of an arrangement each for their part', () => {
    const joint: EntityNode = { id: 'J', kind: 'entity', name: 'Joint holding', entityType: 'arrangement' };
    const result = computeOwnership(
      structure(
        [company('S'), joint, person('P1'), person('P2'), person('P3'), person('D')],
        [shares('J', 'S', 60), shares('P3', 'S', 40), shares('P1', 'J', 50), shares('P2', 'J', 50), role('D', 'S', 'director')],
      ),
      { subjectId: 'S' },
    );
    expect(owner(result, 'P1')).toMatchObject({ ownership: { min: 30, max: 30 }, isBeneficialOwner: true });
    expect(owner(result, 'P2')).toMatchObject({ ownership: { min: 30, max: 30 }, isBeneficialOwner: true });
    expect(owner(result, 'P3')).toMatchObject({ ownership: { min: 40, max: 40 }, isBeneficialOwner: true });
  });

  it('applies a configurable threshold', () => {
    const s = structure(
      [company('S'), person('P'), person('Q'), person('D')],
      [shares('P', 'S', 15), shares('Q', 'S', 9), role('D', 'S', 'director')],
    );
    expect(computeOwnership(s, { subjectId: 'S', threshold: 10 }).beneficialOwners.map((p) => p.personId)).toEqual(['P']);
    expect(computeOwnership(s, { subjectId: 'S', threshold: 25 }).beneficialOwners.map((p) => p.personId)).toEqual(['D']);
  });
});

describe('computeOwnership: cycles and cross-holdings', () => {
  it('follows cross-holdings over simple paths only and reports the cycle', () => {
    // A owns 30% of B and B owns 20% of A; P owns the other 80% of A, Q the other 70% of B.
    const result = computeOwnership(
      structure(
        [company('A', 'Alpha Ltd'), company('B', 'Beta Ltd'), person('P'), person('Q'), person('D')],
        [shares('A', 'B', 30), shares('B', 'A', 20), shares('P', 'A', 80), shares('Q', 'B', 70), role('D', 'A', 'director')],
      ),
      { subjectId: 'A' },
    );
    expect(owner(result, 'P')).toMatchObject({ ownership: { min: 80, max: 80 }, direct: { min: 80, max: 80 }, isBeneficialOwner: true });
    expect(owner(result, 'Q')).toMatchObject({ ownership: { min: 14, max: 14 }, isBeneficialOwner: false });
    const cycles = result.problems.filter((p) => p.code === 'cycle');
    expect(cycles).toHaveLength(1);
    expect(cycles[0]?.message).toBe(
      "Ownership cycle: Alpha Ltd holds shares in Beta Ltd, which holds shares in Alpha Ltd. Effective ownership is computed over paths that do not repeat a company, so the cycle adds nothing to anyone's percentage.",
    );
    expect(cycles[0]?.nodeIds).toEqual(['A', 'B']);
  });

  it('reports a cycle above the subject with its whole chain and still computes the owners', () => {
    // S ← X (100%); X ← Y (50%), P (50%); Y ← X (60%), Q (40%): X and Y hold each other.
    const result = computeOwnership(
      structure(
        [company('S'), company('X'), company('Y'), person('P'), person('Q'), person('D')],
        [
          shares('X', 'S', 100),
          shares('Y', 'X', 50),
          shares('P', 'X', 50),
          shares('X', 'Y', 60),
          shares('Q', 'Y', 40),
          role('D', 'S', 'director'),
        ],
      ),
      { subjectId: 'S' },
    );
    expect(owner(result, 'P').ownership).toEqual({ min: 50, max: 50 });
    expect(owner(result, 'Q').ownership).toEqual({ min: 20, max: 20 });
    expect(result.problems.filter((p) => p.code === 'cycle').map((p) => p.message.split('.')[0])).toEqual([
      'Ownership cycle: X holds shares in Y, which holds shares in X',
    ]);
  });

  it('refuses a company as its own parent and ignores that interest', () => {
    const result = computeOwnership(
      structure(
        [company('S', 'Self Ltd'), person('P'), person('D')],
        [shares('S', 'S', 10), shares('P', 'S', 90), role('D', 'S', 'director')],
      ),
      { subjectId: 'S' },
    );
    expect(result.problems).toEqual([
      expect.objectContaining({
        code: 'self-ownership',
        severity: 'error',
        message:
          'Self Ltd is recorded as an owner or controller of itself; a company cannot be its own parent, so this interest is ignored.',
      }),
    ]);
    expect(owner(result, 'P').ownership).toEqual({ min: 90, max: 90 });
  });
});

describe('computeOwnership: control without ownership', () => {
  it('names the settlor, trustee and beneficiary of a trust holding 40%, and a declared controlling person', () => {
    const result = computeOwnership(
      structure(
        [
          company('S', 'Subject Ltd'),
          trust('T', 'Family Trust'),
          person('A', 'Alice'),
          person('B', 'Bob'),
          person('C', 'Carol'),
          person('Dan'),
          person('E', 'Eve'),
        ],
        [
          shares('T', 'S', 40),
          shares('Dan', 'S', 60),
          role('A', 'T', 'trustee'),
          role('B', 'T', 'settlor'),
          role('C', 'T', 'beneficiaryOfLegalArrangement'),
          role('E', 'S', 'otherInfluenceOrControl'),
          role('Dan', 'S', 'director'),
        ],
      ),
      { subjectId: 'S' },
    );
    for (const id of ['A', 'B', 'C'])
      expect(owner(result, id)).toMatchObject({ ownership: { min: 0, max: 0 }, isBeneficialOwner: true, reasons: ['trust'] });
    expect(owner(result, 'A').controlRoles).toEqual([{ type: 'trustee', via: ['A', 'T'], isDirect: true }]);
    expect(owner(result, 'E')).toMatchObject({ isBeneficialOwner: true, reasons: ['control'] });
    expect(owner(result, 'Dan')).toMatchObject({ ownership: { min: 60, max: 60 }, reasons: ['ownership'] });
    expect(result.ultimateEntityOwners.map((o) => [o.name, o.ownership.min])).toEqual([['Family Trust', 40]]);
    expect(owner(result, 'A').explanation).toBe(
      'Alice is a beneficial owner of Subject Ltd (a role in a trust or arrangement that owns or controls the company): is trustee of Family Trust.',
    );
  });

  it('does not name the trustees of a trust holding less than the threshold', () => {
    const result = computeOwnership(
      structure(
        [company('S'), trust('T'), person('A'), person('P'), person('D')],
        [shares('T', 'S', 10), shares('P', 'S', 90), role('A', 'T', 'trustee'), role('D', 'S', 'director')],
      ),
      { subjectId: 'S' },
    );
    expect(owner(result, 'A').isBeneficialOwner).toBe(false);
  });

  it('attributes what a nomination holds to the nominator, not the nominee', () => {
    const nomination: EntityNode = { id: 'N', kind: 'entity', name: 'Nomination', entityType: 'arrangement', entitySubtype: 'nomination' };
    const result = computeOwnership(
      structure(
        [company('S'), nomination, person('M', 'Nominator'), person('Q', 'Nominee'), person('P'), person('D')],
        [shares('N', 'S', 40), shares('P', 'S', 60), role('M', 'N', 'nominator'), role('Q', 'N', 'nominee'), role('N', 'S', 'boardMember')],
      ),
      { subjectId: 'S' },
    );
    expect(owner(result, 'M')).toMatchObject({ ownership: { min: 40, max: 40 }, isBeneficialOwner: true });
    expect(owner(result, 'M').controlRoles).toContainEqual({ type: 'boardMember', via: ['M', 'N', 'S'], isDirect: false });
    expect(owner(result, 'Q')).toMatchObject({
      ownership: { min: 0, max: 0 },
      isBeneficialOwner: false,
      controlRoles: [{ type: 'nominee', via: ['Q', 'N'], isDirect: true }],
    });
  });

  it('counts voting rights held through a majority-controlled company in full', () => {
    // P holds 60% of C; C holds 10% of the shares and 30% of the votes of S.
    const result = computeOwnership(
      structure(
        [company('S'), company('C'), person('P'), person('D')],
        [
          edge('C', 'S', { type: 'shareholding', share: { exact: 10 } }, { type: 'votingRights', share: { exact: 30 } }),
          shares('P', 'C', 60),
          role('D', 'S', 'director'),
        ],
      ),
      { subjectId: 'S' },
    );
    expect(owner(result, 'P')).toMatchObject({
      ownership: { min: 6, max: 6 },
      voting: { min: 30, max: 30 },
      isBeneficialOwner: true,
      reasons: ['voting'],
    });
  });

  it('names the directors when no one owns or controls enough, and says so when there is no one', () => {
    const widelyHeld = computeOwnership(
      structure(
        [company('S'), person('P1'), person('P2'), person('D', 'Dina')],
        [shares('P1', 'S', 10), shares('P2', 'S', 10), role('D', 'S', 'director')],
      ),
      { subjectId: 'S' },
    );
    expect(widelyHeld.beneficialOwners.map((p) => [p.name, p.reasons])).toEqual([['Dina', ['seniorManagingOfficial']]]);

    const nobody = computeOwnership(structure([company('S', 'Empty Ltd'), person('P1')], [shares('P1', 'S', 10)]), { subjectId: 'S' });
    expect(nobody.beneficialOwners).toEqual([]);
    expect(nobody.problems.map((p) => p.message)).toEqual([
      'No natural person is identified as a beneficial owner of Empty Ltd; record a senior managing official or the reason no beneficial owner exists.',
      'Empty Ltd has no director, board member or authorised signatory recorded; a company needs at least one.',
    ]);
  });
});

describe('computeOwnership: bad and incomplete input', () => {
  it('flags shareholdings in one company adding up to more than 100%', () => {
    const result = computeOwnership(
      structure(
        [company('S', 'Over Ltd'), person('P'), person('Q'), person('D')],
        [shares('P', 'S', 70), shares('Q', 'S', 50), role('D', 'S', 'director')],
      ),
      { subjectId: 'S' },
    );
    const problem = result.problems.find((p) => p.code === 'over-100-percent');
    expect(problem).toMatchObject({
      severity: 'error',
      message: 'The shareholdings declared in Over Ltd add up to 120%, more than 100%; the figures must be corrected.',
    });
    expect(problem?.edgeIds).toHaveLength(2);
  });

  it('refuses a percentage outside 0–100 and a reversed range', () => {
    const result = computeOwnership(
      structure(
        [company('S'), person('P'), person('Q'), person('D')],
        [shares('P', 'S', 130), shares('Q', 'S', { min: 40, max: 20 }), role('D', 'S', 'director')],
      ),
      { subjectId: 'S' },
    );
    expect(result.problems.filter((p) => p.code === 'invalid-share')).toHaveLength(2);
    expect(result.persons.map((p) => p.personId)).toEqual(['D']);
  });

  it('keeps ranges as ranges and says when they do not settle the question', () => {
    const result = computeOwnership(
      structure(
        [company('S'), company('H'), person('P'), person('Q'), person('R'), person('D')],
        [
          shares('P', 'S', { min: 25, max: 50, maxExclusive: true }),
          shares('Q', 'S', { min: 0, max: 25, maxExclusive: true }),
          shares('H', 'S', 50),
          shares('R', 'H', undefined),
          role('D', 'S', 'director'),
        ],
      ),
      { subjectId: 'S' },
    );
    expect(owner(result, 'P')).toMatchObject({ ownership: { min: 25, max: 50, maxExclusive: true }, isBeneficialOwner: true });
    expect(owner(result, 'Q')).toMatchObject({ isBeneficialOwner: false, mayBeBeneficialOwner: false });
    expect(owner(result, 'R')).toMatchObject({ ownership: { min: 0, max: 50 }, isBeneficialOwner: false, mayBeBeneficialOwner: true });
    expect(result.problems.map((p) => p.message)).toEqual([
      'R holds shares in H but the percentage is not known; it is counted as anywhere between 0% and 100%.',
    ]);
  });

  it('leaves out interests that have ended', () => {
    const s = structure(
      [company('S'), person('P'), person('Q'), person('D')],
      [
        edge('P', 'S', { type: 'shareholding', share: { exact: 50 }, startDate: '2019-01-01', endDate: '2021-04-03' }),
        edge('Q', 'S', { type: 'shareholding', share: { exact: 50 }, startDate: '2021-04-03' }),
        role('D', 'S', 'director'),
      ],
    );
    expect(computeOwnership(s, { subjectId: 'S' }).beneficialOwners.map((p) => p.personId)).toEqual(['Q']);
    expect(computeOwnership(s, { subjectId: 'S', asOf: '2020-06-30' }).beneficialOwners.map((p) => p.personId)).toEqual(['P']);
  });

  it('reports edges to nodes that do not exist and a subject that is not there', () => {
    const s = structure([company('S'), person('D')], [shares('Ghost', 'S', 30), role('D', 'S', 'director')]);
    expect(codes(computeOwnership(s, { subjectId: 'S' }))).toContain('unknown-node');
    expect(codes(computeOwnership(s, { subjectId: 'Nope' }))).toContain('unknown-subject');
    expect(codes(computeOwnership(s, { subjectId: 'D' }))).toContain('subject-not-entity');
  });

  it('does not change the structure it is given', () => {
    const s = structure(
      [company('S'), company('H'), person('P'), person('D')],
      [shares('H', 'S', 50), shares('P', 'H', 60), role('D', 'S', 'director')],
    );
    const before = JSON.stringify(s);
    computeOwnership(s, { subjectId: 'S' });
    expect(JSON.stringify(s)).toBe(before);
  });
});
