import { describe, expect, it } from 'vitest';
import { computeOwnership } from '../compute-ownership';
import type { OwnershipStructure } from '../ownership.types';
import type { BodsStatement } from './bods.types';
import { exportBods } from './export-bods';
import { importBods, unspecifiedPartyId } from './import-bods';
import { validateBods } from './validate-bods';

const OPTIONS = { publicationDate: '2026-11-27', publisher: { name: 'Sanad', url: 'https://example.org/sanad' }, subjectId: 'S' };

/** A company with every kind of node and interest the engine knows, as staff would record it. */
function sampleStructure(): OwnershipStructure {
  return {
    nodes: [
      {
        id: 'S',
        kind: 'entity',
        name: 'Subject Trading LLC',
        entityType: 'registeredEntity',
        jurisdiction: { name: 'United Arab Emirates', code: 'AE' },
        identifiers: [{ id: 'CN-1234', schemeName: 'DED licence' }],
        foundingDate: '2015-03-01',
      },
      {
        id: 'H',
        kind: 'entity',
        name: 'Holding Ltd',
        entityType: 'registeredEntity',
        jurisdiction: { name: 'United Kingdom', code: 'GB' },
      },
      { id: 'T', kind: 'entity', name: 'Family Trust', entityType: 'arrangement', entitySubtype: 'trust' },
      { id: 'N', kind: 'entity', name: 'Nomination', entityType: 'arrangement', entitySubtype: 'nomination' },
      {
        id: 'P1',
        kind: 'person',
        name: 'Aisha Rahman',
        personType: 'knownPerson',
        alternateNames: ['A. Rahman'],
        nationalities: [{ name: 'Jordan', code: 'JO' }],
        birthDate: '1980-04',
        politicalExposure: { status: 'isPep', details: [{ reason: 'Deputy minister', jurisdiction: { name: 'Jordan', code: 'JO' } }] },
      },
      { id: 'P2', kind: 'person', name: 'Omar Haddad', personType: 'knownPerson' },
      { id: 'P3', kind: 'person', name: 'Lina Saleh', personType: 'knownPerson' },
      { id: 'P4', kind: 'person', name: 'Karim Nominee', personType: 'knownPerson' },
      {
        id: 'P5',
        kind: 'person',
        personType: 'anonymousPerson',
        unspecified: { reason: 'interestedPartyExemptFromDisclosure', description: 'a minor' },
      },
      { id: 'X', kind: 'unspecified', unspecified: { reason: 'interestedPartyHasNotProvidedInformation', description: 'bearer shares' } },
    ],
    edges: [
      {
        id: 'r1',
        from: 'H',
        to: 'S',
        interests: [
          { type: 'shareholding', share: { exact: 50 }, shareClass: 'Ordinary', directOrIndirect: 'direct', startDate: '2016-01-01' },
        ],
      },
      {
        id: 'r2',
        from: 'P1',
        to: 'H',
        interests: [
          { type: 'shareholding', share: { min: 50, max: 75, maxExclusive: true } },
          { type: 'votingRights', share: { exact: 60 } },
        ],
      },
      { id: 'r3', from: 'T', to: 'S', interests: [{ type: 'shareholding', share: { exact: 30 } }] },
      { id: 'r4', from: 'P2', to: 'T', interests: [{ type: 'trustee' }] },
      { id: 'r5', from: 'P5', to: 'T', interests: [{ type: 'beneficiaryOfLegalArrangement' }] },
      { id: 'r6', from: 'N', to: 'S', interests: [{ type: 'shareholding', share: { exact: 15 } }] },
      { id: 'r7', from: 'P3', to: 'N', interests: [{ type: 'nominator' }] },
      { id: 'r8', from: 'P4', to: 'N', interests: [{ type: 'nominee' }] },
      { id: 'r9', from: 'P4', to: 'S', interests: [{ type: 'director', startDate: '2020-02-02' }, { type: 'authorisedSignatory' }] },
      { id: 'r10', from: 'X', to: 'S', interests: [{ type: 'shareholding', share: { min: 0, max: 5 } }] },
      {
        id: 'r11',
        from: 'P1',
        to: 'S',
        interests: [{ type: 'shareholding', share: { min: 25, max: 37.5 }, directOrIndirect: 'indirect' }],
        components: ['H', 'r1', 'r2'],
      },
    ],
  };
}

describe('exportBods', () => {
  it('writes a structure as a package the BODS 0.4 schema accepts', () => {
    const statements = exportBods(sampleStructure(), OPTIONS);
    expect(validateBods(statements)).toEqual({ valid: true, errors: [] });
    expect(statements.map((s) => `${s.recordType}:${s.recordId}`)).toEqual([
      'entity:S',
      'entity:H',
      'entity:T',
      'entity:N',
      'person:P1',
      'person:P2',
      'person:P3',
      'person:P4',
      'person:P5',
      'relationship:r1',
      'relationship:r2',
      'relationship:r3',
      'relationship:r4',
      'relationship:r5',
      'relationship:r6',
      'relationship:r7',
      'relationship:r8',
      'relationship:r9',
      'relationship:r10',
      'relationship:r11',
    ]);
    expect(statements.every((s) => s.declarationSubject === 'S' && s.publicationDetails?.bodsVersion === '0.4')).toBe(true);
  });

  it('marks components and lists them on the relationship they detail, which comes after them', () => {
    const structure = sampleStructure();
    structure.edges.unshift(structure.edges.pop() as OwnershipStructure['edges'][number]); // the summary first
    const statements = exportBods(structure, OPTIONS);
    const order = statements.map((s) => s.recordId);
    expect(order.indexOf('r11')).toBeGreaterThan(order.indexOf('r2'));
    const byId = new Map(statements.map((s) => [s.recordId, s]));
    expect(byId.get('H')?.recordDetails.isComponent).toBe(true);
    expect(byId.get('r1')?.recordDetails.isComponent).toBe(true);
    expect(byId.get('r11')?.recordDetails).toMatchObject({ isComponent: false, componentRecords: ['H', 'r1', 'r2'] });
    expect(validateBods(statements).valid).toBe(true);
  });

  it('writes directors, signatories, share classes, ranges and undisclosed parties in BODS terms', () => {
    const byId = new Map(exportBods(sampleStructure(), OPTIONS).map((s) => [s.recordId, s] as [string, BodsStatement]));
    expect(byId.get('r9')?.recordDetails).toMatchObject({
      interests: [
        { type: 'boardMember', details: 'Director', startDate: '2020-02-02' },
        { type: 'otherInfluenceOrControl', details: 'Authorised signatory' },
      ],
    });
    expect(byId.get('r1')?.recordDetails).toMatchObject({
      interests: [{ type: 'shareholding', details: 'Share class: Ordinary', share: { exact: 50 } }],
    });
    expect(byId.get('r2')?.recordDetails).toMatchObject({
      interests: [{ share: { minimum: 50, exclusiveMaximum: 75 } }, { type: 'votingRights' }],
    });
    expect(byId.get('r10')?.recordDetails).toMatchObject({
      interestedParty: { reason: 'interestedPartyHasNotProvidedInformation', description: 'bearer shares' },
    });
    expect(byId.has('X')).toBe(false);
  });

  it('gives the same statement ids to the same content and 32 hex characters each', () => {
    const first = exportBods(sampleStructure(), OPTIONS).map((s) => s.statementId);
    const second = exportBods(sampleStructure(), OPTIONS).map((s) => s.statementId);
    expect(first).toEqual(second);
    expect(new Set(first).size).toBe(first.length);
    expect(first.every((id) => /^[0-9a-f]{32}$/.test(id))).toBe(true);
    const later = exportBods(sampleStructure(), { ...OPTIONS, publicationDate: '2026-12-01' }).map((s) => s.statementId);
    expect(later[0]).not.toBe(first[0]);
  });

  it('leaves out an entity subtype the schema does not allow for its type', () => {
    const structure: OwnershipStructure = {
      nodes: [{ id: 'S', kind: 'entity', name: 'Odd', entityType: 'registeredEntity', entitySubtype: 'trust' }],
      edges: [],
    };
    const statements = exportBods(structure, OPTIONS);
    expect(statements[0]?.recordDetails).toMatchObject({ entityType: { type: 'registeredEntity' } });
    expect(validateBods(statements).valid).toBe(true);
  });
});

describe('importBods', () => {
  it('reads back exactly what was exported, with the same beneficial owners', () => {
    const structure = sampleStructure();
    const imported = importBods(exportBods(structure, OPTIONS));
    expect(imported.problems).toEqual([]);
    expect(imported.subjects).toEqual(['S']);
    const expected = structuredClone(structure);
    // An unspecified party is written into its relationship and comes back named after it.
    const renamed = unspecifiedPartyId('r10');
    expected.nodes = expected.nodes.filter((n) => n.id !== 'X');
    for (const edge of expected.edges) if (edge.from === 'X') edge.from = renamed;
    expect(imported.structure.edges).toEqual(expected.edges);
    expect(imported.structure.nodes).toEqual([
      ...expected.nodes,
      {
        id: renamed,
        kind: 'unspecified',
        unspecified: { reason: 'interestedPartyHasNotProvidedInformation', description: 'bearer shares' },
      },
    ]);

    const before = computeOwnership(structure, OPTIONS);
    const after = computeOwnership(imported.structure, OPTIONS);
    expect(after.beneficialOwners.map((o) => [o.name, o.ownership, o.reasons])).toEqual(
      before.beneficialOwners.map((o) => [o.name, o.ownership, o.reasons]),
    );
    // Aisha: 50–75% of Holding's 50% = 25–37.5%, and 60% of Holding's votes makes Holding hers (no votes in S declared).
    expect(before.beneficialOwners.map((o) => [o.name, o.ownership.min, o.ownership.max, o.reasons])).toEqual([
      ['Aisha Rahman', 25, 37.5, ['ownership']],
      ['Anonymous person (a minor)', 0, 0, ['trust']],
      ['Omar Haddad', 0, 0, ['trust']],
    ]);
    expect(before.persons.find((p) => p.name === 'Lina Saleh')).toMatchObject({
      ownership: { min: 15, max: 15 },
      isBeneficialOwner: false,
    });
  });

  it('applies updates and closures in the order of the statements', () => {
    const [company, person, relationship] = exportBods(
      {
        nodes: [
          { id: 'S', kind: 'entity', name: 'Co', entityType: 'registeredEntity' },
          { id: 'P', kind: 'person', name: 'Old Owner', personType: 'knownPerson' },
        ],
        edges: [{ id: 'r', from: 'P', to: 'S', interests: [{ type: 'shareholding', share: { exact: 100 } }] }],
      },
      OPTIONS,
    ) as [BodsStatement, BodsStatement, BodsStatement];
    const renamed = {
      ...person,
      recordStatus: 'updated' as const,
      recordDetails: { ...person.recordDetails, names: [{ fullName: 'New Name' }] },
    };
    expect(importBods([company, person, relationship, renamed]).structure.nodes[1]).toMatchObject({ name: 'New Name' });
    const closed = importBods([company, person, relationship, { ...relationship, recordStatus: 'closed' }]);
    expect(closed.structure.edges).toEqual([]);
    const orphan = importBods([company, relationship]);
    expect(orphan.problems).toEqual([
      {
        code: 'unknown-record',
        recordId: 'r',
        message: 'Relationship r refers to P, which is not in the package (or closed); it is skipped.',
      },
    ]);
  });

  it('says what is wrong with something that is not a package', () => {
    expect(importBods({ statements: [] }).problems[0]?.message).toBe('A BODS package is a JSON array of statements.');
    expect(importBods([{ recordType: 'person' }]).problems[0]?.message).toBe(
      'Statement 1 has no recordId, recordType or recordDetails; it is skipped.',
    );
  });
});

describe('validateBods', () => {
  it('names where a package breaks the schema', () => {
    const statements = exportBods(sampleStructure(), OPTIONS) as unknown as Record<string, unknown>[];
    const broken = structuredClone(statements);
    const relationship = broken[9] as { recordDetails: { interests: { share: { exact: number } }[] } };
    (relationship.recordDetails.interests[0] as { share: { exact: number } }).share.exact = 120;
    delete (broken[0] as { statementId?: string }).statementId;
    (broken[4] as { recordDetails: { personType: string } }).recordDetails.personType = 'alien';
    const result = validateBods(broken);
    expect(result.valid).toBe(false);
    expect(result.errors.map((e) => e.message)).toEqual(
      expect.arrayContaining([
        "/0 must have required property 'statementId'",
        '/9/recordDetails/interests/0/share/exact must be <= 100',
        '/4/recordDetails/personType must be equal to one of the allowed values (one of anonymousPerson, unknownPerson, knownPerson)',
      ]),
    );
    expect(validateBods({}).valid).toBe(false);
  });
});
