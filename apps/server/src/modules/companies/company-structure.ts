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
import { computeEffectiveOwnership, type OwnershipStructure } from './effective-ownership';

/** The default threshold of beneficial ownership (FATF R.24, the UK PSC regime, the UAE UBO rules): 25%. */
export const UBO_THRESHOLD = 25;

/** Roles that give control without ownership. */
const CONTROL_ROLES: readonly TParentRole[] = ['director', 'authorised-signatory', 'controlling-person', 'beneficial-owner'];

/** The structure in the shape the ownership engine reads: the company is the subject node. */
export function structureOf(
  company: { id: string; name: string },
  parties: readonly TParty[],
  parents: readonly TParent[],
): OwnershipStructure {
  return {
    nodes: [
      { id: company.id, kind: 'entity', name: company.name, customerId: company.id },
      ...parties.map((party) => ({
        id: party._id,
        kind: party.kind,
        name: party.name,
        ...(party.kyc.customerId ? { customerId: party.kyc.customerId } : {}),
      })),
    ],
    edges: parents.map((parent) => ({
      id: parent._id,
      from: parent.partyId,
      to: parent.ofPartyId ?? company.id,
      ...(parent.shareholding !== null ? { shareholding: parent.shareholding } : {}),
      roles: parent.roles,
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

/** The warnings the profile shows about a structure that is stored but not complete. */
export function structureWarnings(parents: readonly TParent[]): string[] {
  const direct = parents.filter((parent) => parent.ofPartyId === null);
  const hasController = direct.some((parent) => parent.roles.includes('director') || parent.roles.includes('authorised-signatory'));
  return hasController ? [] : [COMPANY_MESSAGES.noController];
}

/** Each natural person's effective ownership, the UBOs at or above the threshold, and the controllers. */
export function ownershipOf(
  company: { id: string; name: string },
  parties: readonly TParty[],
  parents: readonly TParent[],
  threshold = UBO_THRESHOLD,
): TOwnership {
  const structure = structureOf(company, parties, parents);
  const computed = computeEffectiveOwnership(structure, company.id);
  const names = new Map(structure.nodes.map((node) => [node.id, node.name]));
  const owners = parties
    .filter((party) => party.kind === 'person')
    .map((party) => {
      const effective = computed.owners.get(party._id);
      const percent = effective ? Math.round(effective.percent * 100) / 100 : 0;
      const controlRoles = [
        ...new Set(
          parents
            .filter((parent) => parent.partyId === party._id)
            .flatMap((parent) => parent.roles.filter((role) => CONTROL_ROLES.includes(role))),
        ),
      ];
      const isUbo = percent >= threshold || controlRoles.includes('controlling-person') || controlRoles.includes('beneficial-owner');
      return {
        partyId: party._id,
        name: party.name,
        effectiveOwnership: percent,
        isUbo,
        reasons: [...(percent >= threshold ? ['ownership'] : []), ...controlRoles.map((role) => PARENT_ROLE_LABELS[role])],
        paths: (effective?.paths ?? []).map((path) => ({
          names: path.nodes.map((id) => names.get(id) ?? id),
          percent: Math.round(path.percent * 100) / 100,
        })),
      };
    })
    .toSorted((a, b) => b.effectiveOwnership - a.effectiveOwnership || a.name.localeCompare(b.name));
  const warnings = [
    ...structureWarnings(parents),
    ...computed.cycles.map((cycle) => COMPANY_MESSAGES.cycle(cycle.map((id) => names.get(id) ?? id).join(' → '))),
  ];
  return { threshold, owners, warnings };
}
