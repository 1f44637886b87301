/**
 * The public API of the KYB engine: ownership structures, the beneficial-owner computation and the
 * Beneficial Ownership Data Standard (BODS 0.4). Everything here is pure: data in, result out, and
 * light enough for the browser. Schema validation (ajv and the BODS schema) is imported on its own
 * from `@sanad/kyb/bods/validate-bods`, so that a screen drawing a graph does not ship a validator.
 */
export type {
  BeneficialOwner,
  BeneficialOwnerReason,
  ComputeOwnershipOptions,
  ControlRole,
  EntityNode,
  EntityOwner,
  InterestType,
  OwnershipEdge,
  OwnershipInterest,
  OwnershipNode,
  OwnershipPath,
  OwnershipProblem,
  OwnershipProblemCode,
  OwnershipResult,
  OwnershipStructure,
  PercentRange,
  PersonNode,
  ShareRange,
  UnspecifiedNode,
} from './ownership.types';
export { INTEREST_TYPES, ENTITY_TYPES, PERSON_TYPES, UNSPECIFIED_REASONS } from './ownership.types';
export { computeOwnership, DEFAULT_THRESHOLD } from './compute-ownership';
export { describeInterestType } from './describe-owner';
export type { Annotation } from './ownership.types';
export { importBods, unspecifiedPartyId } from './bods/import-bods';
export type { BodsImport } from './bods/import-bods';
export { exportBods } from './bods/export-bods';
export type { ExportBodsOptions } from './bods/export-bods';
export type { BodsProblem, BodsStatement } from './bods/bods.types';
export { BODS_VERSION } from './bods/bods.types';
