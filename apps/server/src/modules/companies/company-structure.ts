/**
 * The company's structure as a graph (nodes: the company and its parties; edges: holdings and
 * control), the checks a change must pass before it is stored, and the effective ownership shown
 * on the profile. Pure functions: the rows in, the answer out.
 */
import {
  COMPANY_MESSAGES,
  PARENT_ROLE_LABELS,
  type TOwnership,
  type TParent,
  type TParentRole,
  type TParty,
} from '@sanad/contracts/companies';
import { computeOwnership, type InterestType, type OwnershipInterest, type OwnershipStructure } from '@sanad/kyb';

/** The default threshold of beneficial ownership (FATF R.24, the UK PSC regime, the UAE UBO rules): 25%. */
export const UBO_THRESHOLD = 25;

/** The engine's interest for each role of a parent. */
const ROLE_INTEREST: Record<Exclude<TParentRole, 'shareholder'>, InterestType> = {
  director: 'director',
  'authorised-signatory': 'authorisedSignatory',
  'controlling-person': 'otherInfluenceOrControl',
  'beneficial-owner': 'otherInfluenceOrControl',
};

function interestsOf(parent: TParent): OwnershipInterest[] {
  const dates = { ...(parent.startDate ? { startDate: parent.startDate } : {}), ...(parent.endDate ? { endDate: parent.endDate } : {}) };
  return parent.roles.map((role): OwnershipInterest => {
    if (role === 'shareholder')
      return {
        type: 'shareholding',
        directOrIndirect: 'direct',
        ...(parent.shareholding !== null ? { share: { exact: parent.shareholding } } : {}),
        ...(parent.shareClass ? { shareClass: parent.shareClass } : {}),
        ...dates,
      };
    // A declared beneficial owner is recorded as control the company itself asserts.
    return {
      type: ROLE_INTEREST[role],
      directOrIndirect: 'direct',
      ...(role === 'beneficial-owner' ? { beneficialOwnershipOrControl: true } : {}),
      ...dates,
    };
  });
}

/** The structure in the shape the ownership engine (@sanad/kyb) reads: the company is the subject node. */
export function structureOf(
  company: { id: string; name: string },
  parties: readonly TParty[],
  parents: readonly TParent[],
): OwnershipStructure {
  return {
    nodes: [
      { id: company.id, kind: 'entity', entityType: 'registeredEntity', name: company.name },
      ...parties.map((party) =>
        party.kind === 'person'
          ? {
              id: party._id,
              kind: 'person' as const,
              personType: 'knownPerson' as const,
              name: party.name,
              ...(party.dateOfBirth ? { birthDate: party.dateOfBirth } : {}),
            }
          : { id: party._id, kind: 'entity' as const, entityType: 'registeredEntity' as const, name: party.name },
      ),
    ],
    edges: parents.map((parent) => ({
      id: parent._id,
      from: parent.partyId,
      to: parent.ofPartyId ?? company.id,
      interests: interestsOf(parent),
    })),
  };
}

/** The total shareholding in one owned node after a change, and whether it exceeds 100%. */
export function sharesOver(parents: readonly Pick<TParent, 'ofPartyId' | 'shareholding'>[], ofPartyId: string | null): number | null {
  const total = parents.filter((parent) => parent.ofPartyId === ofPartyId).reduce((sum, parent) => sum + (parent.shareholding ?? 0), 0);
  const rounded = Math.round(total * 10_000) / 10_000;
  return rounded > 100 ? rounded : null;
}

/**
 * The chain of parties that an edge from `from` to `to` would close into a cycle: a path that
 * already leads from `to` up to `from` through the owners. Null when there is none.
 */
export function cycleThrough(parents: readonly Pick<TParent, 'partyId' | 'ofPartyId'>[], from: string, to: string): string[] | null {
  // The new edge says `from` owns `to`: a cycle exists when `to` already owns `from`, directly or
  // through others, i.e. `from` is reached from `to` following the "owns" edges.
  const seen = new Set<string>();
  const down = (node: string, path: string[]): string[] | null => {
    if (node === from) return path;
    if (seen.has(node)) return null;
    seen.add(node);
    for (const edge of parents) {
      if (edge.partyId !== node || edge.ofPartyId === null) continue;
      const found = down(edge.ofPartyId, [...path, edge.ofPartyId]);
      if (found) return found;
    }
    return null;
  };
  const chain = down(to, [to]);
  return chain ? [from, ...chain] : null;
}

/** Names for a chain of party ids (the company's id reads as its name). */
export function namesOf(ids: readonly string[], parties: readonly TParty[], company: { id: string; name: string }): string {
  const names = new Map(parties.map((party) => [party._id, party.name]));
  names.set(company.id, company.name);
  return ids.map((id) => names.get(id) ?? id).join(' → ');
}

const roundPercent = (value: number): number => Math.round(value * 100) / 100;

/**
 * Each natural person's effective ownership (the engine's: products of the percentages along every
 * chain, summed), the beneficial owners at or above the threshold or by control, and the engine's
 * problems (cycles, shares over 100%, a missing director or signatory) as warnings.
 */
export function ownershipOf(
  company: { id: string; name: string },
  parties: readonly TParty[],
  parents: readonly TParent[],
  threshold = UBO_THRESHOLD,
): TOwnership {
  const result = computeOwnership(structureOf(company, parties, parents), { subjectId: company.id, threshold });
  const owners = result.persons.map((person) => ({
    partyId: person.personId,
    name: person.name,
    effectiveOwnership: roundPercent(person.ownership.min),
    isUbo: person.isBeneficialOwner,
    reasons: [
      ...person.reasons.filter((reason) => reason === 'ownership'),
      ...new Set(
        parents
          .filter((parent) => parent.partyId === person.personId && parent.ofPartyId === null)
          .flatMap((parent) => parent.roles.filter((role) => role !== 'shareholder').map((role) => PARENT_ROLE_LABELS[role])),
      ),
    ],
    explanation: person.explanation,
    paths: person.paths.map((path) => ({ names: path.names, percent: roundPercent(path.share.min) })),
  }));
  // A person of the structure the engine did not reach (a director of a shareholder, say) is still listed.
  const reached = new Set(owners.map((owner) => owner.partyId));
  const others = parties
    .filter((party) => party.kind === 'person' && !reached.has(party._id))
    .map((party) => ({
      partyId: party._id,
      name: party.name,
      effectiveOwnership: 0,
      isUbo: false,
      reasons: [],
      explanation: '',
      paths: [],
    }));
  const warnings = [
    ...new Set(
      result.problems.map((problem) => (problem.code === 'missing-mandatory-role' ? COMPANY_MESSAGES.noController : problem.message)),
    ),
  ];
  return { threshold, owners: [...owners, ...others], warnings };
}
