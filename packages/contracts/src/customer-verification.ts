/**
 * Customer verification (PR-10…PR-13): the register of the checks Sanad does not run
 * itself, NADRA (Pakistan's national identity database, through a firm's own Verisys access) and
 * the criminal-record check. Each starts pending (customerVerificationStatus on the record); an
 * officer with manage-customer-verification records the outcome of the external check, with a note,
 * the check's reference and optionally an evidence file. See docs/decisions/customer-verification.md.
 */
import { z } from 'zod';
import { CHECK_STATUSES, queryList, ZIdType, ZKycStatus } from './customers';
import { ZListQuery } from './http';
import { safeString } from './safe-text';

/** The checks, named as the record's customerVerificationStatus names them. */
export const VERIFICATION_CHECKS = ['nadra', 'criminalRecord'] as const;
export const ZVerificationCheck = z.enum(VERIFICATION_CHECKS, { error: 'check must be nadra or criminalRecord' });
export type TVerificationCheck = z.infer<typeof ZVerificationCheck>;
export const VERIFICATION_CHECK_LABELS: Record<TVerificationCheck, string> = {
  nadra: 'NADRA',
  criminalRecord: 'Criminal record',
};

export const ZCheckStatus = z.enum(CHECK_STATUSES, { error: 'status must be pending, verified, failed or not-required' });
export type TCheckStatus = z.infer<typeof ZCheckStatus>;
/** What an officer may record: an outcome, never 'pending' again (a check is re-recorded instead). */
export const CHECK_OUTCOMES = ['verified', 'failed', 'not-required'] as const;
export const CHECK_STATUS_LABELS: Record<TCheckStatus, string> = {
  pending: 'Pending',
  verified: 'Verified',
  failed: 'Failed',
  'not-required': 'Not applicable',
};

export const CUSTOMER_VERIFICATION_MESSAGES = {
  listed: 'Customer verification list',
  found: 'Customer verification details',
  recorded: 'Verification outcome recorded successfully',
  noteRequired: 'Note is required',
  referenceRequired: 'Reference is required',
  evidenceMissing: 'Upload the evidence file first',
  notIndividual: 'Customer verification applies to individual customers only',
} as const;

/** The list's filters: each check's status, beside the common page, size, keyword and sort. */
export const CUSTOMER_VERIFICATION_SORTABLE = ['createdAt', 'fullName', 'sanadId', 'nadra', 'criminalRecord'] as const;
export const ZCustomerVerificationListQuery = ZListQuery.extend({
  sortBy: z
    .enum(CUSTOMER_VERIFICATION_SORTABLE, { error: `sortBy must be one of ${CUSTOMER_VERIFICATION_SORTABLE.join(', ')}` })
    .optional(),
  nadra: queryList(ZCheckStatus),
  criminalRecord: queryList(ZCheckStatus),
});
export type TCustomerVerificationListQuery = z.infer<typeof ZCustomerVerificationListQuery>;

/** A check's current state: its status and, once recorded, when and by whom. */
export const ZCheckState = z.object({
  status: ZCheckStatus,
  checkedAt: z.string().nullable(),
  checkedBy: z.string().nullable(),
});
export type TCheckState = z.infer<typeof ZCheckState>;

export const ZCustomerVerificationItem = z.object({
  _id: z.string(),
  sanadId: z.string(),
  dataSegmentId: z.string(),
  fullName: z.string(),
  dateOfBirth: z.string().nullable(),
  idType: ZIdType.nullable(),
  idNumber: z.string().nullable(),
  nationalityId: z.string().nullable(),
  kycStatus: ZKycStatus,
  nadra: ZCheckState,
  criminalRecord: ZCheckState,
  createdAt: z.string(),
});
export type TCustomerVerificationItem = z.infer<typeof ZCustomerVerificationItem>;

/** One recorded outcome, kept for ever: the register's history of a customer's checks. */
export const ZVerificationRecord = z.object({
  _id: z.string(),
  check: ZVerificationCheck,
  status: ZCheckStatus,
  previousStatus: ZCheckStatus,
  note: z.string(),
  reference: z.string(),
  evidence: z.object({ fileName: z.string(), originalFileName: z.string() }).nullable(),
  /** 'manual' for an officer's entry; a provider adapter's id when one recorded it. */
  source: z.string(),
  recordedBy: z.string(),
  recordedAt: z.string(),
});
export type TVerificationRecord = z.infer<typeof ZVerificationRecord>;

export const ZCustomerVerificationDetail = ZCustomerVerificationItem.extend({
  history: z.array(ZVerificationRecord),
});
export type TCustomerVerificationDetail = z.infer<typeof ZCustomerVerificationDetail>;

const optionalText = (label: string, max: number) =>
  safeString()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => value ?? '');

/**
 * POST customer-verification/:id/checks. The note is always required; the reference of the
 * external check (a Verisys transaction id, a police certificate number) is required for verified
 * and failed, and optional when the check does not apply.
 */
export const ZVerificationOutcomeSave = z
  .object({
    check: ZVerificationCheck,
    status: z.enum(CHECK_OUTCOMES, { error: 'status must be verified, failed or not-required' }),
    note: safeString(CUSTOMER_VERIFICATION_MESSAGES.noteRequired)
      .trim()
      .min(1, CUSTOMER_VERIFICATION_MESSAGES.noteRequired)
      .max(1000, 'Note must be at most 1000 characters'),
    reference: optionalText('Reference', 200),
    evidenceFileName: safeString().trim().max(300, 'File name must be at most 300 characters').optional(),
  })
  .refine((body) => body.status === 'not-required' || body.reference !== '', {
    message: CUSTOMER_VERIFICATION_MESSAGES.referenceRequired,
    path: ['reference'],
  });
export type TVerificationOutcomeSave = z.infer<typeof ZVerificationOutcomeSave>;
