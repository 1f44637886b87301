import type { TCheckStatus, TVerificationCheck } from '@sanad/contracts/customer-verification';

/**
 * What an adapter to an external verification service implements (a firm's NADRA Verisys access,
 * a police records service). Sanad ships none: NADRA has no public API, and each firm's access is
 * its own contract. An adapter is handed the customer's identity facts and answers an outcome,
 * which the service records exactly as an officer's entry, with the adapter's id as its source.
 * See docs/decisions/customer-verification.md.
 */
export interface CustomerVerificationProvider {
  /** Recorded as the outcome's source, e.g. 'nadra-verisys'. */
  readonly id: string;
  /** The checks this provider answers. */
  readonly checks: readonly TVerificationCheck[];
  verify(request: VerificationRequest): Promise<VerificationAnswer>;
}

export interface VerificationRequest {
  check: TVerificationCheck;
  sanadId: string;
  fullName: string;
  fatherName: string | null;
  dateOfBirth: string | null;
  idType: string | null;
  idNumber: string | null;
}

export interface VerificationAnswer {
  status: Exclude<TCheckStatus, 'pending'>;
  /** The provider's own reference for the lookup (its transaction id). */
  reference: string;
  note: string;
}
