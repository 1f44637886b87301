import type { ActiveEdge, OwnershipGraph } from './ownership-graph';
import {
  CONTROL_TYPES,
  MANDATORY_ROLE_TYPES,
  ROLE_TYPES,
  SENIOR_MANAGEMENT_TYPES,
  TRUST_ROLE_TYPES,
  buildOwnershipGraph,
  isTrustLike,
  nameOf,
  ownershipFactor,
  votingFactor,
} from './ownership-graph';
import { findOwnershipPaths } from './ownership-paths';
import type {
  BeneficialOwner,
  BeneficialOwnerReason,
  ComputeOwnershipOptions,
  ControlRole,
  EntityOwner,
  OwnershipPath,
  OwnershipProblem,
  OwnershipResult,
  OwnershipStructure,
  PercentRange,
  PersonNode,
} from './ownership.types';
import {
  UNKNOWN_SHARE,
  ZERO,
  addRanges,
  formatRange,
  intersectRanges,
  isZero,
  mayReachThreshold,
  rangeOfShare,
  reachesThreshold,
  sumRanges,
} from './percent-range';
import { describeBeneficialOwner } from './describe-owner';

export const DEFAULT_THRESHOLD = 25;

/**
 * Computes, for every natural person in the structure, how much of the subject they own and control,
 * directly and through chains of companies, and whether that makes them a beneficial owner. The
 * rule is documented in the package README (FATF R.24/R.25, UK PSC). Pure: the structure is not
 * changed and nothing outside it is read.
 */
export function computeOwnership(structure: OwnershipStructure, options: ComputeOwnershipOptions): OwnershipResult {
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  const { subjectId } = options;
  const graph = buildOwnershipGraph(structure, options);
  const problems: OwnershipProblem[] = [...graph.problems];
  const empty: OwnershipResult = { subjectId, threshold, persons: [], beneficialOwners: [], ultimateEntityOwners: [], problems };
  const subject = graph.nodes.get(subjectId);
  if (!subject) {
    problems.push({ code: 'unknown-subject', severity: 'error', message: `The subject ${subjectId} is not in the ownership structure.` });
    return empty;
  }
  if (subject.kind !== 'entity') {
    problems.push({
      code: 'subject-not-entity',
      severity: 'error',
      message: `${nameOf(graph, subjectId)} is not a company or legal arrangement, so it has no owners to compute.`,
      nodeIds: [subjectId],
    });
    return empty;
  }

  const search = findOwnershipPaths(graph, subjectId);
  problems.push(...search.problems);
  const connected = connectedNodes(graph, subjectId);
  const significantTrusts = findSignificantTrusts(graph, subjectId, connected, search.pathsByHolder, threshold);

  const persons = [...connected]
    .map((id) => graph.nodes.get(id))
    .filter((node): node is PersonNode => node?.kind === 'person')
    .map((person) =>
      assessPerson(graph, person, subjectId, search.pathsByHolder.get(person.id) ?? [], connected, significantTrusts, threshold, problems),
    );

  applyBeneficialOwnerRule(persons, threshold);
  for (const person of persons)
    person.explanation = describeBeneficialOwner(person, nameOf(graph, subjectId), threshold, (id) => nameOf(graph, id));
  persons.sort(
    (a, b) =>
      Number(b.isBeneficialOwner) - Number(a.isBeneficialOwner) || b.ownership.max - a.ownership.max || a.name.localeCompare(b.name),
  );

  const ultimateEntityOwners = findUltimateEntityOwners(graph, subjectId, search.pathsByHolder);
  const beneficialOwners = persons.filter((p) => p.isBeneficialOwner);
  if (beneficialOwners.length === 0) problems.push(noBeneficialOwnerProblem(graph, subjectId, ultimateEntityOwners));
  if (options.requireMandatoryRoles !== false) checkMandatoryRoles(graph, subjectId, problems);
  return { subjectId, threshold, persons, beneficialOwners, ultimateEntityOwners, problems };
}

/** Everything above the subject through any interest (ownership, control or a role in an arrangement). */
function connectedNodes(graph: OwnershipGraph, subjectId: string): Set<string> {
  const seen = new Set<string>([subjectId]);
  const queue = [subjectId];
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    for (const { edge } of graph.holders.get(id) ?? []) {
      if (seen.has(edge.from)) continue;
      seen.add(edge.from);
      queue.push(edge.from);
    }
  }
  return seen;
}

/** Stake for majority control: the larger of the (lower-bound) shares and votes held through one edge. */
function controllingStake(graph: OwnershipGraph, active: ActiveEdge): number {
  const shares = ownershipFactor(graph, active)?.min ?? 0;
  const votes = votingFactor(active, 'direct')?.min ?? 0;
  return Math.max(shares, votes);
}

/**
 * The entities a person controls, each with the chain through which they do: more than 50% of the
 * shares or votes held by the person and the entities they already control (UK PSC majority-stake
 * rule), and nominations of which they are the nominator. Computed to a fixed point, so cycles end.
 */
function findControlledEntities(graph: OwnershipGraph, personId: string, connected: Set<string>): Map<string, string[]> {
  const controlled = new Map<string, string[]>([[personId, [personId]]]);
  for (let changed = true; changed;) {
    changed = false;
    for (const id of connected) {
      if (controlled.has(id) || graph.nodes.get(id)?.kind !== 'entity') continue;
      let total = 0;
      let best: { stake: number; via: string[] } | null = null;
      for (const active of graph.holders.get(id) ?? []) {
        const via = controlled.get(active.edge.from);
        if (!via) continue;
        const stake = controllingStake(graph, active);
        total += stake;
        if (!best || stake > best.stake) best = { stake, via };
      }
      if (best && total > 50) {
        controlled.set(id, [...best.via, id]);
        changed = true;
      }
    }
  }
  return controlled;
}

/** Trusts and other arrangements whose settlors, trustees, protectors and beneficiaries are beneficial owners. */
function findSignificantTrusts(
  graph: OwnershipGraph,
  subjectId: string,
  connected: Set<string>,
  pathsByHolder: Map<string, OwnershipPath[]>,
  threshold: number,
): Set<string> {
  const result = new Set<string>();
  for (const id of connected) {
    if (!isTrustLike(graph.nodes.get(id))) continue;
    if (id === subjectId) {
      result.add(id);
      continue;
    }
    const ownership = sumRanges((pathsByHolder.get(id) ?? []).map((p) => p.share));
    const direct = (graph.holdings.get(id) ?? []).filter((active) => active.edge.to === subjectId);
    const voting = sumRanges(direct.map((active) => votingFactor(active, 'direct') ?? ZERO));
    const controls = direct.some((active) => active.interests.some((i) => CONTROL_TYPES.includes(i.type)));
    if (reachesThreshold(ownership, threshold) || reachesThreshold(voting, threshold) || controls) result.add(id);
  }
  return result;
}

function assessPerson(
  graph: OwnershipGraph,
  person: PersonNode,
  subjectId: string,
  paths: OwnershipPath[],
  connected: Set<string>,
  significantTrusts: Set<string>,
  threshold: number,
  problems: OwnershipProblem[],
): BeneficialOwner {
  const ownEdgesToSubject = (graph.holdings.get(person.id) ?? []).filter((active) => active.edge.to === subjectId);
  const direct = sumRanges(paths.filter((p) => p.nodeIds.length === 2).map((p) => p.share));
  const indirectPaths = paths.filter((p) => p.nodeIds.length > 2);
  let indirect = sumRanges(indirectPaths.map((p) => p.share));

  // A declared indirect interest (a BODS primary statement) summarises chains the structure may only
  // partly show: the two constrain the same figure, so the overlap is kept.
  const declared = ownEdgesToSubject.flatMap((active) =>
    active.interests.filter((i) => i.type === 'shareholding' && i.directOrIndirect === 'indirect'),
  );
  if (declared.length > 0) {
    const declaredRange = sumRanges(declared.map((i) => rangeOfShare(i.share)));
    const overlap = indirectPaths.length > 0 ? intersectRanges(indirect, declaredRange) : declaredRange;
    if (!overlap) {
      problems.push({
        code: 'declared-indirect-mismatch',
        severity: 'warning',
        message: `${nameOf(graph, person.id)} is declared to own ${formatRange(declaredRange)} of ${nameOf(graph, subjectId)} indirectly, but the chains in the structure give ${formatRange(indirect)}; the declared figure is used.`,
        nodeIds: [person.id, subjectId],
      });
    }
    indirect = overlap ?? declaredRange;
  }

  const controlled = findControlledEntities(graph, person.id, connected);
  const controlRoles: ControlRole[] = [];
  let voting: PercentRange = ZERO;
  let votesThroughOthers = false;
  for (const [holderId, via] of controlled) {
    for (const active of graph.holdings.get(holderId) ?? []) {
      if (active.edge.to !== subjectId) continue;
      const votes = votingFactor(active, 'direct');
      if (votes) {
        voting = addRanges(voting, votes);
        votesThroughOthers ||= holderId !== person.id;
      }
      for (const interest of active.interests) {
        if (!ROLE_TYPES.includes(interest.type)) continue;
        const isDirect = holderId === person.id && interest.directOrIndirect !== 'indirect';
        controlRoles.push(withDetails({ type: interest.type, via: [...via, subjectId], isDirect }, interest.details));
      }
    }
  }
  const declaredVotes = ownEdgesToSubject.map((active) => votingFactor(active, 'indirect')).filter((r): r is PercentRange => r !== null);
  if (!votesThroughOthers && declaredVotes.length > 0) voting = addRanges(voting, sumRanges(declaredVotes));

  // Roles in arrangements above the subject: trustees, settlors, nominees, nominators.
  const reasons: BeneficialOwnerReason[] = [];
  for (const active of graph.holdings.get(person.id) ?? []) {
    const target = active.edge.to;
    if (target === subjectId || !connected.has(target) || !isArrangement(graph, target)) continue;
    for (const interest of active.interests) {
      if (!ROLE_TYPES.includes(interest.type)) continue;
      controlRoles.push(withDetails({ type: interest.type, via: [person.id, target], isDirect: true }, interest.details));
      if (TRUST_ROLE_TYPES.includes(interest.type) && significantTrusts.has(target)) pushOnce(reasons, 'trust');
    }
  }
  if (significantTrusts.has(subjectId) && controlRoles.some((r) => r.via.length === 2 && TRUST_ROLE_TYPES.includes(r.type)))
    pushOnce(reasons, 'trust');

  const ownership = addRanges(direct, indirect);
  if (reachesThreshold(ownership, threshold)) reasons.unshift('ownership');
  if (reachesThreshold(voting, threshold)) pushOnce(reasons, 'voting');
  if (controlRoles.some((r) => CONTROL_TYPES.includes(r.type) && r.via[r.via.length - 1] === subjectId)) pushOnce(reasons, 'control');

  const owner: BeneficialOwner = {
    personId: person.id,
    name: personName(person),
    personType: person.personType ?? 'knownPerson',
    ownership,
    direct,
    indirect,
    voting,
    paths,
    controlRoles,
    isBeneficialOwner: reasons.length > 0,
    mayBeBeneficialOwner: false,
    reasons,
    explanation: '',
  };
  if (person.politicalExposure) owner.politicalExposure = person.politicalExposure;
  return owner;
}

/**
 * When no one owns, votes or controls enough, the senior managing officials are named (FATF R.24
 * interpretive note, step 3) so the subject is never left without a natural person to verify.
 */
function applyBeneficialOwnerRule(persons: BeneficialOwner[], threshold: number): void {
  const anyone = persons.some((p) => p.isBeneficialOwner);
  for (const person of persons) {
    const managesDirectly = person.controlRoles.some((r) => r.isDirect && r.via.length === 2 && SENIOR_MANAGEMENT_TYPES.includes(r.type));
    if (!anyone && managesDirectly) {
      person.reasons.push('seniorManagingOfficial');
      person.isBeneficialOwner = true;
    }
    person.mayBeBeneficialOwner =
      !person.isBeneficialOwner && (mayReachThreshold(person.ownership, threshold) || mayReachThreshold(person.voting, threshold));
  }
}

function findUltimateEntityOwners(graph: OwnershipGraph, subjectId: string, pathsByHolder: Map<string, OwnershipPath[]>): EntityOwner[] {
  const candidates = new Set(pathsByHolder.keys());
  for (const { edge } of graph.holders.get(subjectId) ?? [])
    if (graph.nodes.get(edge.from)?.kind === 'unspecified') candidates.add(edge.from);
  const owners: EntityOwner[] = [];
  for (const id of candidates) {
    const node = graph.nodes.get(id);
    if (!node || node.kind === 'person' || id === subjectId) continue;
    const ownedByAnyone = (graph.holders.get(id) ?? []).some((active) => ownershipFactor(graph, active) !== null);
    if (ownedByAnyone) continue;
    const paths = pathsByHolder.get(id) ?? [];
    const owner: EntityOwner = {
      nodeId: id,
      name: nameOf(graph, id),
      kind: node.kind,
      ownership: paths.length > 0 ? sumRanges(paths.map((p) => p.share)) : UNKNOWN_SHARE,
      paths,
    };
    if (node.unspecified) owner.unspecified = node.unspecified;
    owners.push(owner);
  }
  return owners.toSorted((a, b) => b.ownership.max - a.ownership.max);
}

function noBeneficialOwnerProblem(graph: OwnershipGraph, subjectId: string, ultimate: EntityOwner[]): OwnershipProblem {
  const undisclosed = ultimate.filter((o) => o.unspecified).map((o) => o.unspecified?.description ?? o.unspecified?.reason);
  const top = ultimate.filter((o) => !o.unspecified && !isZero(o.ownership)).map((o) => `${o.name} (${formatRange(o.ownership)})`);
  const because = [
    ...(undisclosed.length > 0 ? [`the owners are not disclosed: ${undisclosed.join('; ')}`] : []),
    ...(top.length > 0 ? [`the ownership ends with ${top.join(', ')}`] : []),
  ];
  return {
    code: 'no-beneficial-owner',
    severity: 'warning',
    message: `No natural person is identified as a beneficial owner of ${nameOf(graph, subjectId)}${because.length > 0 ? ` (${because.join('; ')})` : ''}; record a senior managing official or the reason no beneficial owner exists.`,
    nodeIds: [subjectId],
  };
}

/** A company must have someone who manages it: a director, board member or authorised signatory. */
function checkMandatoryRoles(graph: OwnershipGraph, subjectId: string, problems: OwnershipProblem[]): void {
  const subject = graph.nodes.get(subjectId);
  if (
    subject?.kind !== 'entity' ||
    (subject.entityType !== 'registeredEntity' && subject.entityType !== 'legalEntity') ||
    isTrustLike(subject)
  )
    return;
  const managed = (graph.holders.get(subjectId) ?? []).some((active) =>
    active.interests.some((i) => MANDATORY_ROLE_TYPES.includes(i.type)),
  );
  if (managed) return;
  problems.push({
    code: 'missing-mandatory-role',
    severity: 'warning',
    message: `${nameOf(graph, subjectId)} has no director, board member or authorised signatory recorded; a company needs at least one.`,
    nodeIds: [subjectId],
  });
}

function isArrangement(graph: OwnershipGraph, id: string): boolean {
  const node = graph.nodes.get(id);
  return (
    node?.kind === 'entity' && (node.entityType === 'arrangement' || node.entitySubtype === 'trust' || node.entitySubtype === 'nomination')
  );
}

function withDetails(role: ControlRole, details: string | undefined): ControlRole {
  return details === undefined ? role : { ...role, details };
}

function pushOnce<T>(list: T[], value: T): void {
  if (!list.includes(value)) list.push(value);
}

function personName(person: PersonNode): string {
  if (person.name) return person.name;
  if (person.personType === 'anonymousPerson')
    return `Anonymous person${person.unspecified?.description ? ` (${person.unspecified.description})` : ''}`;
  return `Unknown person (${person.id})`;
}
