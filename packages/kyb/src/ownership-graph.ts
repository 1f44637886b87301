import type {
  ComputeOwnershipOptions,
  InterestType,
  OwnershipEdge,
  OwnershipInterest,
  OwnershipNode,
  OwnershipProblem,
  OwnershipStructure,
  PercentRange,
} from './ownership.types';
import { WHOLE, formatPercent, isShareKnown, rangeOfShare, sumRanges, UNKNOWN_SHARE } from './percent-range';

/** Roles that make a company's management: at least one is mandatory for a company subject. */
export const MANDATORY_ROLE_TYPES: readonly InterestType[] = ['director', 'boardMember', 'boardChair', 'authorisedSignatory'];

/** Roles that give control of a legal arrangement (FATF R.25, UK PSC condition 5). */
export const TRUST_ROLE_TYPES: readonly InterestType[] = ['settlor', 'trustee', 'protector', 'beneficiaryOfLegalArrangement'];

/** Control that makes a beneficial owner whatever the ownership (UK PSC conditions 3 and 4). */
export const CONTROL_TYPES: readonly InterestType[] = [
  'appointmentOfBoard',
  'otherInfluenceOrControl',
  'controlViaCompanyRulesOrArticles',
  'controlByLegalFramework',
];

/** Management roles named as beneficial owners when no one owns or controls (FATF R.24 INR, step 3). */
export const SENIOR_MANAGEMENT_TYPES: readonly InterestType[] = ['seniorManagingOfficial', 'director', 'boardMember', 'boardChair'];

/** Interests that describe a role rather than a countable share; listed on a person as control roles. */
export const ROLE_TYPES: readonly InterestType[] = [
  ...CONTROL_TYPES,
  ...TRUST_ROLE_TYPES,
  'seniorManagingOfficial',
  'director',
  'boardMember',
  'boardChair',
  'authorisedSignatory',
  'nominee',
  'nominator',
  'rightsGrantedByContract',
  'conditionalRightsGrantedByContract',
];

/** The structure indexed for one computation: only valid edges and active interests are kept. */
export interface OwnershipGraph {
  nodes: Map<string, OwnershipNode>;
  /** Edges into each entity (its holders), valid and with at least one active interest. */
  holders: Map<string, ActiveEdge[]>;
  /** Edges out of each node (what it holds). */
  holdings: Map<string, ActiveEdge[]>;
  problems: OwnershipProblem[];
}

export interface ActiveEdge {
  edge: OwnershipEdge;
  interests: OwnershipInterest[];
}

export function nameOf(graph: OwnershipGraph, id: string): string {
  const node = graph.nodes.get(id);
  if (node?.name) return node.name;
  if (node?.kind === 'person') return `an unnamed person (${id})`;
  if (node?.kind === 'unspecified') return `an undisclosed party (${node.unspecified.description ?? node.unspecified.reason})`;
  return id;
}

/** An interest counts when it has started (if asOf is given) and has not ended. */
export function isInterestActive(interest: OwnershipInterest, asOf: string | undefined): boolean {
  if (asOf === undefined) return interest.endDate === undefined;
  if (interest.startDate !== undefined && interest.startDate > asOf) return false;
  return interest.endDate === undefined || interest.endDate > asOf;
}

function isArrangementOf(node: OwnershipNode | undefined, subtype: 'nomination' | 'trust'): boolean {
  return node?.kind === 'entity' && node.entitySubtype === subtype;
}

export function isTrustLike(node: OwnershipNode | undefined): boolean {
  return (
    node?.kind === 'entity' &&
    (node.entitySubtype === 'trust' || (node.entityType === 'arrangement' && node.entitySubtype !== 'nomination'))
  );
}

/**
 * The share of `to` that `from` holds through this edge, for chains of ownership: the declared
 * direct shareholdings summed; an unknown interest counts as an unknown share (0–100%); a nominator
 * stands behind everything its nomination holds (100%). Null when the edge carries no ownership.
 */
export function ownershipFactor(graph: OwnershipGraph, active: ActiveEdge): PercentRange | null {
  const shareholdings = active.interests.filter((i) => i.type === 'shareholding' && i.directOrIndirect !== 'indirect');
  if (shareholdings.length > 0) return sumRanges(shareholdings.map((i) => rangeOfShare(i.share)));
  if (active.interests.some((i) => i.type === 'nominator') && isArrangementOf(graph.nodes.get(active.edge.to), 'nomination')) return WHOLE;
  if (active.interests.some((i) => i.type === 'unknownInterest' && i.directOrIndirect !== 'indirect')) return UNKNOWN_SHARE;
  return null;
}

/** Declared voting rights of `from` in `to` through this edge (direct ones only). */
export function votingFactor(active: ActiveEdge, directness: 'direct' | 'indirect'): PercentRange | null {
  const votes = active.interests.filter(
    (i) => i.type === 'votingRights' && (directness === 'indirect' ? i.directOrIndirect === 'indirect' : i.directOrIndirect !== 'indirect'),
  );
  return votes.length > 0 ? sumRanges(votes.map((i) => rangeOfShare(i.share))) : null;
}

/** Indexes the structure and reports what is wrong with it independently of any subject. */
export function buildOwnershipGraph(structure: OwnershipStructure, options: Pick<ComputeOwnershipOptions, 'asOf'>): OwnershipGraph {
  const graph: OwnershipGraph = { nodes: new Map(), holders: new Map(), holdings: new Map(), problems: [] };
  for (const node of structure.nodes) graph.nodes.set(node.id, node);
  for (const edge of structure.edges) {
    const from = graph.nodes.get(edge.from);
    const to = graph.nodes.get(edge.to);
    if (!from || !to) {
      const missing = [edge.from, edge.to].filter((id) => !graph.nodes.has(id));
      graph.problems.push({
        code: 'unknown-node',
        severity: 'error',
        message: `The interest ${edge.id} refers to ${missing.join(' and ')}, which ${missing.length > 1 ? 'are' : 'is'} not in the structure; it is ignored.`,
        edgeIds: [edge.id],
        nodeIds: missing,
      });
      continue;
    }
    if (edge.from === edge.to) {
      graph.problems.push({
        code: 'self-ownership',
        severity: 'error',
        message: `${nameOf(graph, edge.from)} is recorded as an owner or controller of itself; a company cannot be its own parent, so this interest is ignored.`,
        edgeIds: [edge.id],
        nodeIds: [edge.from],
      });
      continue;
    }
    if (to.kind !== 'entity') {
      graph.problems.push({
        code: 'unknown-node',
        severity: 'error',
        message: `${nameOf(graph, edge.from)} is recorded as holding an interest in ${nameOf(graph, edge.to)}, which is not a company or legal arrangement; only entities can be owned, so this interest is ignored.`,
        edgeIds: [edge.id],
        nodeIds: [edge.to],
      });
      continue;
    }
    const interests = edge.interests.filter((interest) => checkShare(graph, edge, interest) && isInterestActive(interest, options.asOf));
    if (interests.length === 0 && edge.interests.length > 0) continue;
    const active: ActiveEdge = { edge, interests };
    pushTo(graph.holders, edge.to, active);
    pushTo(graph.holdings, edge.from, active);
  }
  reportUnknownPercentages(graph);
  reportOverAllocation(graph);
  return graph;
}

function pushTo<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** A share outside 0–100% or with its bounds reversed is refused: the interest is left out. */
function checkShare(graph: OwnershipGraph, edge: OwnershipEdge, interest: OwnershipInterest): boolean {
  const share = interest.share;
  if (!share) return true;
  const values = [share.exact, share.min, share.max].filter((v): v is number => v !== undefined);
  const outOfRange = values.some((v) => !Number.isFinite(v) || v < 0 || v > 100);
  const reversed = share.min !== undefined && share.max !== undefined && share.min > share.max;
  if (!outOfRange && !reversed) return true;
  graph.problems.push({
    code: 'invalid-share',
    severity: 'error',
    message: outOfRange
      ? `The ${interest.type} of ${nameOf(graph, edge.from)} in ${nameOf(graph, edge.to)} is not a percentage between 0 and 100; it is ignored.`
      : `The ${interest.type} of ${nameOf(graph, edge.from)} in ${nameOf(graph, edge.to)} has a minimum above its maximum; it is ignored.`,
    edgeIds: [edge.id],
  });
  return false;
}

function reportUnknownPercentages(graph: OwnershipGraph): void {
  for (const list of graph.holders.values()) {
    for (const { edge, interests } of list) {
      const unknown = interests.filter((i) => (i.type === 'shareholding' || i.type === 'votingRights') && !isShareKnown(i.share));
      for (const interest of unknown) {
        graph.problems.push({
          code: 'unknown-percentage',
          severity: 'warning',
          message: `${nameOf(graph, edge.from)} holds ${interest.type === 'shareholding' ? 'shares' : 'voting rights'} in ${nameOf(graph, edge.to)} but the percentage is not known; it is counted as anywhere between 0% and 100%.`,
          edgeIds: [edge.id],
          nodeIds: [edge.from, edge.to],
        });
      }
    }
  }
}

/** The direct shareholdings (or voting rights) in one entity cannot add up to more than 100%. */
function reportOverAllocation(graph: OwnershipGraph): void {
  for (const [entityId, list] of graph.holders) {
    for (const type of ['shareholding', 'votingRights'] as const) {
      const holdings = list.flatMap(({ edge, interests }) =>
        interests.filter((i) => i.type === type && i.directOrIndirect !== 'indirect').map((i) => ({ edge, interest: i })),
      );
      const total = holdings.reduce(
        (sum, { interest }) => sum + (interest.share ? (interest.share.exact ?? interest.share.min ?? 0) : 0),
        0,
      );
      if (total <= 100 + 1e-9) continue;
      graph.problems.push({
        code: 'over-100-percent',
        severity: 'error',
        message: `The ${type === 'shareholding' ? 'shareholdings' : 'voting rights'} declared in ${nameOf(graph, entityId)} add up to ${formatPercent(total)}, more than 100%; the figures must be corrected.`,
        nodeIds: [entityId],
        edgeIds: [...new Set(holdings.map(({ edge }) => edge.id))],
      });
    }
  }
}
