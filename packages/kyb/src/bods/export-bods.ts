import type {
  EntityNode,
  OwnershipEdge,
  OwnershipInterest,
  OwnershipStructure,
  PersonNode,
  ShareRange,
  Unspecified,
} from '../ownership.types';
import type {
  BodsEntityDetails,
  BodsInterest,
  BodsPersonDetails,
  BodsPublisher,
  BodsRelationshipDetails,
  BodsShare,
  BodsStatement,
} from './bods.types';
import { BODS_VERSION } from './bods.types';
import { ALLOWED_SUBTYPES, AUTHORISED_SIGNATORY_DETAILS, DIRECTOR_DETAILS, SHARE_CLASS_PREFIX, statementIdFor } from './bods-mapping';

export interface ExportBodsOptions {
  /** YYYY-MM-DD (or an RFC 3339 date-time): the publication and statement date. */
  publicationDate: string;
  publisher: BodsPublisher;
  /** The company the structure is about (declarationSubject); defaults to the first entity that holds nothing. */
  subjectId?: string;
  /** URL of the licence of the published data. */
  license?: string;
}

/**
 * Writes an ownership structure as a BODS 0.4 package: one statement per person and entity, then one
 * per relationship, components before the relationships they detail (as the standard requires).
 * Unspecified parties have no statement of their own: they are written as the reason in the
 * relationship's interestedParty.
 */
export function exportBods(structure: OwnershipStructure, options: ExportBodsOptions): BodsStatement[] {
  const componentIds = new Set(structure.edges.flatMap((edge) => edge.components ?? []));
  const declarationSubject = options.subjectId ?? defaultSubject(structure);
  const unspecified = new Map(
    structure.nodes.flatMap((node) => (node.kind === 'unspecified' ? [[node.id, node.unspecified] as const] : [])),
  );
  const base = (recordId: string, details: unknown) => ({
    statementId: statementIdFor(`${options.publicationDate}|${declarationSubject}|${recordId}|${JSON.stringify(details)}`),
    statementDate: options.publicationDate,
    declarationSubject,
    recordId,
    recordStatus: 'new' as const,
    publicationDetails: {
      publicationDate: options.publicationDate,
      bodsVersion: BODS_VERSION,
      publisher: { ...options.publisher },
      ...(options.license ? { license: options.license } : {}),
    },
  });

  const statements: BodsStatement[] = [];
  for (const node of structure.nodes) {
    if (node.kind === 'unspecified') continue;
    const isComponent = componentIds.has(node.id);
    const annotations = node.annotations ? { annotations: structuredClone(node.annotations) } : {};
    if (node.kind === 'person') {
      const recordDetails = personDetails(node, isComponent);
      statements.push({ ...base(node.id, recordDetails), ...annotations, recordType: 'person', recordDetails });
    } else {
      const recordDetails = entityDetails(node, isComponent);
      statements.push({ ...base(node.id, recordDetails), ...annotations, recordType: 'entity', recordDetails });
    }
  }
  for (const edge of orderComponentsFirst(structure.edges)) {
    const recordDetails = relationshipDetails(edge, componentIds.has(edge.id), unspecified);
    const annotations = edge.annotations ? { annotations: structuredClone(edge.annotations) } : {};
    statements.push({ ...base(edge.id, recordDetails), ...annotations, recordType: 'relationship', recordDetails });
  }
  return statements;
}

/**
 * Keeps the structure's order, except that a relationship waits until the relationships it lists as
 * components have been written: the standard requires components first, and keeping the order
 * otherwise makes a re-import yield the structure exactly as it was.
 */
function orderComponentsFirst(edges: readonly OwnershipEdge[]): OwnershipEdge[] {
  const ids = new Set(edges.map((edge) => edge.id));
  const written = new Set<string>();
  const ordered: OwnershipEdge[] = [];
  let pending = [...edges];
  while (pending.length > 0) {
    const ready = (edge: OwnershipEdge) => (edge.components ?? []).every((id) => !ids.has(id) || id === edge.id || written.has(id));
    const next = pending.find(ready) ?? (pending[0] as OwnershipEdge); // a component cycle cannot be ordered: written as found
    ordered.push(next);
    written.add(next.id);
    pending = pending.filter((edge) => edge !== next);
  }
  return ordered;
}

function defaultSubject(structure: OwnershipStructure): string {
  const holders = new Set(structure.edges.map((edge) => edge.from));
  const entities = structure.nodes.filter((node) => node.kind === 'entity');
  return (entities.find((node) => !holders.has(node.id)) ?? entities[0] ?? structure.nodes[0])?.id ?? 'unknown';
}

function personDetails(node: PersonNode, isComponent: boolean): BodsPersonDetails {
  const details: BodsPersonDetails = { isComponent, personType: node.personType ?? 'knownPerson' };
  const names = [node.name, ...(node.alternateNames ?? [])].filter((name): name is string => Boolean(name));
  if (names.length > 0) details.names = names.map((fullName) => ({ fullName }));
  if (node.unspecified) details.unspecifiedPersonDetails = { ...node.unspecified };
  if (node.identifiers) details.identifiers = structuredClone(node.identifiers);
  if (node.nationalities) details.nationalities = structuredClone(node.nationalities);
  if (node.birthDate) details.birthDate = node.birthDate;
  if (node.taxResidencies) details.taxResidencies = structuredClone(node.taxResidencies);
  if (node.politicalExposure) details.politicalExposure = structuredClone(node.politicalExposure);
  return details;
}

function entityDetails(node: EntityNode, isComponent: boolean): BodsEntityDetails {
  const entityType: BodsEntityDetails['entityType'] = { type: node.entityType };
  // The schema allows only some subtypes per type; one it would refuse is left out rather than published.
  if (node.entitySubtype && ALLOWED_SUBTYPES[node.entityType]?.includes(node.entitySubtype)) entityType.subtype = node.entitySubtype;
  if (node.entityTypeDetails) entityType.details = node.entityTypeDetails;
  const details: BodsEntityDetails = { isComponent, entityType };
  if (node.unspecified) details.unspecifiedEntityDetails = { ...node.unspecified };
  if (node.name) details.name = node.name;
  if (node.alternateNames) details.alternateNames = [...node.alternateNames];
  if (node.jurisdiction) details.jurisdiction = { ...node.jurisdiction };
  if (node.identifiers) details.identifiers = structuredClone(node.identifiers);
  if (node.foundingDate) details.foundingDate = node.foundingDate;
  if (node.dissolutionDate) details.dissolutionDate = node.dissolutionDate;
  if (node.publicListing) details.publicListing = structuredClone(node.publicListing);
  return details;
}

function relationshipDetails(edge: OwnershipEdge, isComponent: boolean, unspecified: Map<string, Unspecified>): BodsRelationshipDetails {
  const party = unspecified.get(edge.from);
  const details: BodsRelationshipDetails = {
    isComponent,
    subject: edge.to,
    interestedParty: party ? { ...party } : edge.from,
    interests: edge.interests.map(bodsInterest),
  };
  // A component may not have components of its own (the schema requires an empty list).
  if (!isComponent && edge.components && edge.components.length > 0) details.componentRecords = [...edge.components];
  return details;
}

function bodsInterest(interest: OwnershipInterest): BodsInterest {
  const result: BodsInterest = {};
  let details = interest.details;
  if (interest.type === 'director') {
    result.type = 'boardMember';
    details = DIRECTOR_DETAILS;
  } else if (interest.type === 'authorisedSignatory') {
    result.type = 'otherInfluenceOrControl';
    details = AUTHORISED_SIGNATORY_DETAILS;
  } else {
    result.type = interest.type;
  }
  if (interest.shareClass && details === undefined) details = `${SHARE_CLASS_PREFIX}${interest.shareClass}`;
  if (interest.directOrIndirect) result.directOrIndirect = interest.directOrIndirect;
  if (interest.beneficialOwnershipOrControl !== undefined) result.beneficialOwnershipOrControl = interest.beneficialOwnershipOrControl;
  if (details !== undefined) result.details = details;
  if (interest.share) result.share = bodsShare(interest.share);
  if (interest.startDate) result.startDate = interest.startDate;
  if (interest.endDate) result.endDate = interest.endDate;
  return result;
}

function bodsShare(share: ShareRange): BodsShare {
  const result: BodsShare = {};
  if (share.exact !== undefined) result.exact = share.exact;
  if (share.min !== undefined) result[share.minExclusive ? 'exclusiveMinimum' : 'minimum'] = share.min;
  if (share.max !== undefined) result[share.maxExclusive ? 'exclusiveMaximum' : 'maximum'] = share.max;
  return result;
}
