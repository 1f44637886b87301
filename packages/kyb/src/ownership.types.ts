/**
 * The ownership structure of a company: who holds what interest in whom. Plain JSON (no classes, no
 * Dates, no Maps) so the server can store it in a jsonb column and send it to the browser unchanged.
 * The vocabulary follows the Beneficial Ownership Data Standard (BODS 0.4), so that importing and
 * exporting BODS is a mapping of names rather than a translation of meaning.
 */

/** BODS interest types, plus `director` and `authorisedSignatory`, which company records need and BODS lacks. */
export const INTEREST_TYPES = [
  'shareholding',
  'votingRights',
  'appointmentOfBoard',
  'otherInfluenceOrControl',
  'seniorManagingOfficial',
  'settlor',
  'trustee',
  'protector',
  'beneficiaryOfLegalArrangement',
  'rightsToSurplusAssetsOnDissolution',
  'rightsToProfitOrIncome',
  'rightsGrantedByContract',
  'conditionalRightsGrantedByContract',
  'controlViaCompanyRulesOrArticles',
  'controlByLegalFramework',
  'boardMember',
  'boardChair',
  'unknownInterest',
  'unpublishedInterest',
  'enjoymentAndUseOfAssets',
  'rightToProfitOrIncomeFromAssets',
  'nominee',
  'nominator',
  'director',
  'authorisedSignatory',
] as const;
export type InterestType = (typeof INTEREST_TYPES)[number];

/** The entity types of BODS 0.4 (`entityType.type`). */
export const ENTITY_TYPES = [
  'registeredEntity',
  'legalEntity',
  'arrangement',
  'anonymousEntity',
  'unknownEntity',
  'state',
  'stateBody',
] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];
export const ENTITY_SUBTYPES = ['governmentDepartment', 'stateAgency', 'other', 'trust', 'nomination'] as const;
export type EntitySubtype = (typeof ENTITY_SUBTYPES)[number];

export const PERSON_TYPES = ['knownPerson', 'anonymousPerson', 'unknownPerson'] as const;
export type PersonType = (typeof PERSON_TYPES)[number];

/** Why a person or entity is not (fully) known: the BODS unspecifiedReason codelist. */
export const UNSPECIFIED_REASONS = [
  'noBeneficialOwners',
  'subjectUnableToConfirmOrIdentifyBeneficialOwner',
  'interestedPartyHasNotProvidedInformation',
  'subjectExemptFromDisclosure',
  'interestedPartyExemptFromDisclosure',
  'unknown',
  'informationUnknownToPublisher',
] as const;
export type UnspecifiedReason = (typeof UNSPECIFIED_REASONS)[number];

export interface Unspecified {
  reason: UnspecifiedReason;
  description?: string;
}

export interface Identifier {
  id?: string;
  scheme?: string;
  schemeName?: string;
  uri?: string;
}

/** A note about a node or edge, kept as a BODS annotation (e.g. "manually reconciled against the register"). */
export interface Annotation {
  motivation: 'commenting' | 'correcting' | 'identifying' | 'linking' | 'transformation';
  /** JSON Pointer into the BODS statement the note is about; "" for the whole statement. */
  statementPointerTarget: string;
  description?: string;
  url?: string;
  creationDate?: string;
  createdBy?: { name?: string; uri?: string };
  transformedContent?: string;
}

export interface Country {
  name: string;
  code?: string;
}

export interface PoliticalExposure {
  status: 'isPep' | 'isNotPep' | 'unknown';
  details?: {
    reason?: string;
    missingInfoReason?: string;
    jurisdiction?: Country;
    startDate?: string;
    endDate?: string;
    source?: { type?: string[]; description?: string; url?: string; assertedBy?: { name?: string; uri?: string }[] };
  }[];
}

export interface PublicListing {
  hasPublicListing: boolean;
  companyFilingsURLs?: string[];
  securitiesListings?: {
    stockExchangeJurisdiction: string;
    stockExchangeName: string;
    marketIdentifierCode?: string;
    security: { ticker: string; idScheme?: 'isin' | 'figi' | 'cusip' | 'cins'; id?: string };
  }[];
}

/** A natural person. Anonymous and unknown persons are persons whose identity is withheld or not known. */
export interface PersonNode {
  id: string;
  kind: 'person';
  name?: string;
  personType?: PersonType;
  alternateNames?: string[];
  unspecified?: Unspecified;
  birthDate?: string;
  nationalities?: Country[];
  taxResidencies?: Country[];
  identifiers?: Identifier[];
  politicalExposure?: PoliticalExposure;
  annotations?: Annotation[];
}

/** A company, other legal entity, legal arrangement (trust, nomination, joint holding), state or state body. */
export interface EntityNode {
  id: string;
  kind: 'entity';
  name?: string;
  entityType: EntityType;
  entitySubtype?: EntitySubtype;
  /** The local name of the legal form or arrangement (BODS entityType.details), e.g. "fiducie sûreté". */
  entityTypeDetails?: string;
  alternateNames?: string[];
  unspecified?: Unspecified;
  jurisdiction?: Country;
  identifiers?: Identifier[];
  foundingDate?: string;
  dissolutionDate?: string;
  publicListing?: PublicListing;
  annotations?: Annotation[];
}

/**
 * An interested party about whom nothing is known but the reason (a BODS relationship whose
 * interestedParty is an unspecified record): e.g. a listed company's owners, exempt from disclosure.
 */
export interface UnspecifiedNode {
  id: string;
  kind: 'unspecified';
  name?: string;
  unspecified: Unspecified;
}

export type OwnershipNode = PersonNode | EntityNode | UnspecifiedNode;

/**
 * A share in percent. `exact` when known; otherwise a range (`min`/`max`, inclusive unless the
 * matching `…Exclusive` flag is set). No share at all on a shareholding means "percentage unknown".
 */
export interface ShareRange {
  exact?: number;
  min?: number;
  max?: number;
  minExclusive?: boolean;
  maxExclusive?: boolean;
}

export interface OwnershipInterest {
  type: InterestType;
  share?: ShareRange;
  /** The class of shares (ordinary, preference, …) for a shareholding. */
  shareClass?: string;
  /** `indirect` marks a declared summary of an interest held through others (BODS primary statements). */
  directOrIndirect?: 'direct' | 'indirect' | 'unknown';
  /** What the source declared (BODS beneficialOwnershipOrControl); the engine computes its own answer. */
  beneficialOwnershipOrControl?: boolean;
  details?: string;
  /** YYYY-MM-DD */
  startDate?: string;
  /** YYYY-MM-DD: the date from which the interest ceased. */
  endDate?: string;
}

/** What `from` (the interested party) holds in `to` (an entity). */
export interface OwnershipEdge {
  id: string;
  from: string;
  to: string;
  interests: OwnershipInterest[];
  /** Ids of the nodes and edges that detail an indirect edge (BODS componentRecords). */
  components?: string[];
  annotations?: Annotation[];
}

export interface OwnershipStructure {
  nodes: OwnershipNode[];
  edges: OwnershipEdge[];
}

/** A computed percentage range; `min === max` when exact. */
export interface PercentRange {
  min: number;
  max: number;
  /** True when the upper bound itself is excluded (e.g. "under 25%"). */
  maxExclusive?: boolean;
}

export interface OwnershipPath {
  /** From the person (first) to the subject (last). */
  nodeIds: string[];
  names: string[];
  share: PercentRange;
}

export const CONTROL_REASONS = ['ownership', 'voting', 'control', 'trust', 'seniorManagingOfficial'] as const;
export type BeneficialOwnerReason = (typeof CONTROL_REASONS)[number];

/** A role that gives control (or, like a nominee's, that must be recorded) without being ownership. */
export interface ControlRole {
  type: InterestType;
  /** The node chain from the person to the entity in which the role is held. */
  via: string[];
  isDirect: boolean;
  details?: string;
}

/** A natural person's ownership and control of the subject, and whether that makes them a beneficial owner. */
export interface BeneficialOwner {
  personId: string;
  name: string;
  personType: PersonType;
  /** Effective ownership of the subject's shares: direct plus indirect. */
  ownership: PercentRange;
  direct: PercentRange;
  indirect: PercentRange;
  /** Voting rights held directly or through companies the person controls (majority rule). */
  voting: PercentRange;
  paths: OwnershipPath[];
  controlRoles: ControlRole[];
  isBeneficialOwner: boolean;
  /** The range straddles the threshold: the declared figures do not settle it. */
  mayBeBeneficialOwner: boolean;
  reasons: BeneficialOwnerReason[];
  /** One English sentence an officer can read. */
  explanation: string;
  politicalExposure?: PoliticalExposure;
}

/** A legal entity, arrangement, state or unspecified party at the top of a chain. */
export interface EntityOwner {
  nodeId: string;
  name: string;
  kind: 'entity' | 'unspecified';
  ownership: PercentRange;
  paths: OwnershipPath[];
  /** Why an unspecified party is not known (e.g. owners of a listed company, exempt from disclosure). */
  unspecified?: Unspecified;
}

export const PROBLEM_CODES = [
  'unknown-node',
  'unknown-subject',
  'subject-not-entity',
  'invalid-share',
  'self-ownership',
  'cycle',
  'over-100-percent',
  'unknown-percentage',
  'missing-mandatory-role',
  'declared-indirect-mismatch',
  'no-beneficial-owner',
  'too-many-paths',
] as const;
export type OwnershipProblemCode = (typeof PROBLEM_CODES)[number];

export interface OwnershipProblem {
  code: OwnershipProblemCode;
  /** `error`: the structure is wrong and should be refused; `warning`: it needs an officer's attention. */
  severity: 'error' | 'warning';
  message: string;
  nodeIds?: string[];
  edgeIds?: string[];
}

export interface OwnershipResult {
  subjectId: string;
  threshold: number;
  /** Every natural person reachable from the subject, beneficial owner or not, largest ownership first. */
  persons: BeneficialOwner[];
  beneficialOwners: BeneficialOwner[];
  /** Entities and unspecified parties with no owner above them in the structure (e.g. a state, a listed company). */
  ultimateEntityOwners: EntityOwner[];
  problems: OwnershipProblem[];
}

export interface ComputeOwnershipOptions {
  subjectId: string;
  /** Percent; a person at or above it is a beneficial owner. Default 25. */
  threshold?: number;
  /** YYYY-MM-DD: only interests active on this date count. Without it, interests with an endDate are treated as ended. */
  asOf?: string;
  /** Report a company subject without a director, board member or authorised signatory. Default true. */
  requireMandatoryRoles?: boolean;
}
