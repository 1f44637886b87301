import type {
  Annotation,
  EntityNode,
  EntitySubtype,
  EntityType,
  InterestType,
  OwnershipEdge,
  OwnershipInterest,
  OwnershipNode,
  OwnershipStructure,
  PersonNode,
  PersonType,
  ShareRange,
  Unspecified,
} from '../ownership.types';
import { ENTITY_SUBTYPES, ENTITY_TYPES, INTEREST_TYPES, PERSON_TYPES, UNSPECIFIED_REASONS } from '../ownership.types';
import type { BodsProblem } from './bods.types';
import { AUTHORISED_SIGNATORY_DETAILS, DIRECTOR_DETAILS, SHARE_CLASS_PREFIX } from './bods-mapping';

export interface BodsImport {
  structure: OwnershipStructure;
  /** The declaration subjects (recordIds of entities) in the order first met. */
  subjects: string[];
  problems: BodsProblem[];
}

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;
const objects = (value: unknown): JsonObject[] => (Array.isArray(value) ? value.filter(isObject) : []);

/**
 * Reads a BODS 0.4 package (an array of statements) into an ownership structure. Statements are read
 * in order: a later statement about the same record replaces the earlier one, and a `closed` record
 * is removed, so a package that tells a history yields the structure as it stands at its end.
 * Unspecified interested parties (e.g. owners of a listed company, exempt from disclosure) become
 * `unspecified` nodes named after their relationship.
 */
export function importBods(statements: unknown): BodsImport {
  const problems: BodsProblem[] = [];
  if (!Array.isArray(statements)) {
    return {
      structure: { nodes: [], edges: [] },
      subjects: [],
      problems: [{ code: 'not-an-array', message: 'A BODS package is a JSON array of statements.' }],
    };
  }
  const latest = new Map<string, JsonObject>();
  const subjects: string[] = [];
  for (const [index, statement] of statements.entries()) {
    const recordId = isObject(statement) ? text(statement.recordId) : undefined;
    const recordType = isObject(statement) ? text(statement.recordType) : undefined;
    if (!isObject(statement) || !recordId || !recordType || !isObject(statement.recordDetails)) {
      problems.push({
        code: 'invalid-statement',
        message: `Statement ${index + 1} has no recordId, recordType or recordDetails; it is skipped.`,
      });
      continue;
    }
    // Records are kept in the order first met, so an updated record keeps its place.
    if (statement.recordStatus === 'closed') latest.delete(recordId);
    else latest.set(recordId, statement);
    const subject = text(statement.declarationSubject);
    if (subject && !subjects.includes(subject)) subjects.push(subject);
  }

  const nodes: OwnershipNode[] = [];
  const relationships: JsonObject[] = [];
  for (const [recordId, statement] of latest) {
    const details = statement.recordDetails as JsonObject;
    const annotations = readAnnotations(statement.annotations);
    if (statement.recordType === 'person') nodes.push(withAnnotations(readPerson(recordId, details), annotations));
    else if (statement.recordType === 'entity') nodes.push(withAnnotations(readEntity(recordId, details), annotations));
    else if (statement.recordType === 'relationship') relationships.push(statement);
    else problems.push({ code: 'invalid-statement', message: `Record ${recordId} has an unknown record type; it is skipped.`, recordId });
  }

  const known = new Set(nodes.map((node) => node.id));
  const edges: OwnershipEdge[] = [];
  for (const statement of relationships) {
    const recordId = statement.recordId as string;
    const details = statement.recordDetails as JsonObject;
    const subject = text(details.subject);
    if (!subject) {
      problems.push({
        code: 'unspecified-subject',
        message: `Relationship ${recordId} has no identified subject; it is skipped.`,
        recordId,
      });
      continue;
    }
    let from = text(details.interestedParty);
    if (from === undefined) {
      const unspecified = readUnspecified(details.interestedParty) ?? { reason: 'unknown' };
      from = unspecifiedPartyId(recordId);
      nodes.push({ id: from, kind: 'unspecified', unspecified });
      known.add(from);
    }
    const missing = [from, subject].filter((id) => !known.has(id));
    if (missing.length > 0) {
      problems.push({
        code: 'unknown-record',
        message: `Relationship ${recordId} refers to ${missing.join(' and ')}, which ${missing.length > 1 ? 'are' : 'is'} not in the package (or closed); it is skipped.`,
        recordId,
      });
      continue;
    }
    const edge: OwnershipEdge = { id: recordId, from, to: subject, interests: objects(details.interests).map(readInterest) };
    const components = Array.isArray(details.componentRecords)
      ? details.componentRecords.filter((id): id is string => typeof id === 'string')
      : [];
    if (components.length > 0) edge.components = components;
    edges.push(withAnnotations(edge, readAnnotations(statement.annotations)));
  }
  const entityIds = new Set(nodes.filter((n) => n.kind === 'entity').map((n) => n.id));
  return { structure: { nodes, edges }, subjects: subjects.filter((id) => entityIds.has(id)), problems };
}

/** The id given to an unspecified interested party: stable, so a re-import yields the same structure. */
export function unspecifiedPartyId(relationshipId: string): string {
  return `${relationshipId}/interestedParty`;
}

function readUnspecified(value: unknown): Unspecified | undefined {
  if (!isObject(value)) return undefined;
  const reason = oneOf(UNSPECIFIED_REASONS, value.reason);
  if (!reason) return undefined;
  const description = text(value.description);
  return description === undefined ? { reason } : { reason, description };
}

function readPerson(id: string, details: JsonObject): PersonNode {
  const names = objects(details.names)
    .map((name) => text(name.fullName))
    .filter((name): name is string => Boolean(name));
  const person: PersonNode = {
    id,
    kind: 'person',
    personType: oneOf(PERSON_TYPES, details.personType) ?? ('knownPerson' satisfies PersonType),
  };
  assign(person, 'name', names[0]);
  if (names.length > 1) person.alternateNames = names.slice(1);
  assign(person, 'unspecified', readUnspecified(details.unspecifiedPersonDetails));
  assign(person, 'birthDate', text(details.birthDate));
  copyJson(person, details, ['nationalities', 'taxResidencies', 'identifiers', 'politicalExposure']);
  return person;
}

function readEntity(id: string, details: JsonObject): EntityNode {
  const entityType = isObject(details.entityType) ? details.entityType : {};
  const entity: EntityNode = {
    id,
    kind: 'entity',
    entityType: oneOf(ENTITY_TYPES, entityType.type) ?? ('unknownEntity' satisfies EntityType),
  };
  assign(entity, 'entitySubtype', oneOf<EntitySubtype>(ENTITY_SUBTYPES, entityType.subtype));
  assign(entity, 'entityTypeDetails', text(entityType.details));
  assign(entity, 'name', text(details.name));
  if (Array.isArray(details.alternateNames))
    entity.alternateNames = details.alternateNames.filter((n): n is string => typeof n === 'string');
  assign(entity, 'unspecified', readUnspecified(details.unspecifiedEntityDetails));
  assign(entity, 'foundingDate', text(details.foundingDate));
  assign(entity, 'dissolutionDate', text(details.dissolutionDate));
  copyJson(entity, details, ['jurisdiction', 'identifiers', 'publicListing']);
  return entity;
}

function readInterest(value: JsonObject): OwnershipInterest {
  // A component relationship may say nothing of its interest but that it exists.
  const bodsType = oneOf(INTEREST_TYPES, value.type) ?? 'unknownInterest';
  let details = text(value.details);
  let type: InterestType = bodsType;
  if (bodsType === 'boardMember' && details === DIRECTOR_DETAILS) type = 'director';
  if (bodsType === 'otherInfluenceOrControl' && details === AUTHORISED_SIGNATORY_DETAILS) type = 'authorisedSignatory';
  const interest: OwnershipInterest = { type };
  if (type !== bodsType) details = undefined;
  if (details?.startsWith(SHARE_CLASS_PREFIX)) {
    interest.shareClass = details.slice(SHARE_CLASS_PREFIX.length);
    details = undefined;
  }
  assign(interest, 'share', readShare(value.share));
  assign(interest, 'directOrIndirect', oneOf(['direct', 'indirect', 'unknown'] as const, value.directOrIndirect));
  if (typeof value.beneficialOwnershipOrControl === 'boolean') interest.beneficialOwnershipOrControl = value.beneficialOwnershipOrControl;
  assign(interest, 'details', details);
  assign(interest, 'startDate', text(value.startDate));
  assign(interest, 'endDate', text(value.endDate));
  return interest;
}

function readShare(value: unknown): ShareRange | undefined {
  if (!isObject(value)) return undefined;
  const num = (key: string) => (typeof value[key] === 'number' ? (value[key] as number) : undefined);
  const share: ShareRange = {};
  assign(share, 'exact', num('exact'));
  const min = num('minimum') ?? num('exclusiveMinimum');
  const max = num('maximum') ?? num('exclusiveMaximum');
  assign(share, 'min', min);
  assign(share, 'max', max);
  if (num('minimum') === undefined && num('exclusiveMinimum') !== undefined) share.minExclusive = true;
  if (num('maximum') === undefined && num('exclusiveMaximum') !== undefined) share.maxExclusive = true;
  return Object.keys(share).length > 0 ? share : undefined;
}

function readAnnotations(value: unknown): Annotation[] {
  return objects(value).filter(
    (a) => typeof a.motivation === 'string' && typeof a.statementPointerTarget === 'string',
  ) as unknown as Annotation[];
}

function withAnnotations<T extends { annotations?: Annotation[] }>(target: T, annotations: Annotation[]): T {
  if (annotations.length > 0) target.annotations = structuredClone(annotations);
  return target;
}

/** Sets an optional property only when there is a value, so absent fields stay absent (and round-trip). */
function assign<T extends object, K extends keyof T>(target: T, key: K, value: T[K] | undefined): void {
  if (value !== undefined) target[key] = value;
}

/** Copies JSON-shaped fields whose BODS form is Sanad's form (countries, identifiers, PEP status, listing). */
function copyJson<T extends object>(target: T, source: JsonObject, keys: (keyof T & string)[]): void {
  for (const key of keys) if (source[key] !== undefined) (target as Record<string, unknown>)[key] = structuredClone(source[key]);
}
