/**
 * The parts of a BODS 0.4 statement (https://standard.openownership.org/en/0.4.0/) that Sanad reads
 * and writes. Field names are the standard's; the schema in ../../schema is the authority.
 */
import type { Annotation, Country, Identifier, PoliticalExposure, PublicListing, Unspecified } from '../ownership.types';

export const BODS_VERSION = '0.4';

export interface BodsPublisher {
  name?: string;
  url?: string;
}

export interface BodsShare {
  exact?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

export interface BodsInterest {
  type?: string;
  directOrIndirect?: 'direct' | 'indirect' | 'unknown';
  beneficialOwnershipOrControl?: boolean;
  details?: string;
  share?: BodsShare;
  startDate?: string;
  endDate?: string;
}

export interface BodsEntityDetails {
  isComponent: boolean;
  entityType: { type: string; subtype?: string; details?: string };
  unspecifiedEntityDetails?: Unspecified;
  name?: string;
  alternateNames?: string[];
  jurisdiction?: Country;
  identifiers?: Identifier[];
  foundingDate?: string;
  dissolutionDate?: string;
  publicListing?: PublicListing;
}

export interface BodsPersonDetails {
  isComponent: boolean;
  personType: string;
  unspecifiedPersonDetails?: Unspecified;
  names?: { fullName: string; type?: string; givenName?: string; familyName?: string }[];
  identifiers?: Identifier[];
  nationalities?: Country[];
  birthDate?: string;
  taxResidencies?: Country[];
  politicalExposure?: PoliticalExposure;
}

export interface BodsRelationshipDetails {
  isComponent: boolean;
  componentRecords?: string[];
  subject: string | Unspecified;
  interestedParty: string | Unspecified;
  interests?: BodsInterest[];
}

interface BodsStatementBase {
  statementId: string;
  statementDate: string;
  declarationSubject: string;
  recordId: string;
  recordStatus?: 'new' | 'updated' | 'closed';
  publicationDetails?: { publicationDate: string; bodsVersion: string; publisher: BodsPublisher; license?: string };
  annotations?: Annotation[];
}

export type BodsStatement =
  | (BodsStatementBase & { recordType: 'entity'; recordDetails: BodsEntityDetails })
  | (BodsStatementBase & { recordType: 'person'; recordDetails: BodsPersonDetails })
  | (BodsStatementBase & { recordType: 'relationship'; recordDetails: BodsRelationshipDetails });

export interface BodsProblem {
  code: 'invalid-statement' | 'unknown-record' | 'unspecified-subject' | 'not-an-array';
  message: string;
  statementId?: string;
  recordId?: string;
}
