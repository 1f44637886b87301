/**
 * The public API of the KYB engine: ownership structures, the beneficial-owner computation and the
 * Beneficial Ownership Data Standard (BODS 0.4). Everything here is pure: data in, result out.
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
