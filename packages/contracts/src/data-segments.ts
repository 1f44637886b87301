import { z } from 'zod';
import { NAME_MAX_LENGTH } from './constants';
import { ZListQuery } from './http';
import { safeString } from './safe-text';
import { ZEmail } from './users';

/**
 * Data segments, the client tenants, with the spec's field names: companyName (client),
 * fullName (contact person), packageDetailsObj, nextReview.duration (years), subscription.
 */
export const SEGMENT_STATUSES = ['active', 'archived'] as const;
export const SUBSCRIPTIONS = ['trial', 'unpaid', 'active', 'cancelled', 'expired'] as const;
export const ZSubscription = z.enum(SUBSCRIPTIONS, { error: 'Subscription must be trial, unpaid, active, cancelled or expired' });
export type TSubscription = z.infer<typeof ZSubscription>;
export const NEXT_REVIEW_MAX_YEARS = 50;

/**
 * Bytes of uploaded files a data segment may keep, in megabytes, when its operator sets no other
 * figure: 10 GB, room for tens of thousands of registration documents. Uploads past it are refused.
 */
export const DEFAULT_STORAGE_QUOTA_MB = 10_240;
export const MAX_STORAGE_QUOTA_MB = 10_000_000;

export const SEGMENT_MESSAGES = {
  created: 'Data segment created successfully',
  createdWithInvitation: 'Data segment created successfully. Its administrator has been invited by e-mail',
  updated: 'Data segment updated successfully',
  archived: 'Data segment archived successfully',
  activated: 'Data segment activated successfully',
  onlyOperators: 'Only users who see every data segment can create data segments',
  commercialFields:
    'Only users who see every data segment can change its status, subscription, package, tier, review period or storage quota',
  lastActive: 'At least one data segment must stay active',
  inviteNeedsAllPermissions: "Only users holding every permission can invite a data segment's administrator",
} as const;

/** A calendar day of a contract (1900 to 2999) as YYYY-MM-DD, or empty: 2024-02-31 and 0000-01-01 are refused. */
export function isContractDay(value: string): boolean {
  if (value === '') return true;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || year > 2999) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const ZDay = z.string().max(10, 'Use the date format YYYY-MM-DD').refine(isContractDay, 'Use a real date in the format YYYY-MM-DD');
const text = (label: string, max: number) => safeString().trim().max(max, `${label} must be at most ${max} characters`);

export const ZPackageDetails = z
  .object({
    salesLead: text('Sales lead', NAME_MAX_LENGTH).default(''),
    subscriptionDate: ZDay.default(''),
    expiryDate: ZDay.default(''),
    paymentMethod: text('Payment method', NAME_MAX_LENGTH).default(''),
    dealType: text('Deal type', NAME_MAX_LENGTH).default(''),
  })
  .refine((details) => !details.subscriptionDate || !details.expiryDate || details.expiryDate >= details.subscriptionDate, {
    message: 'Expiry date must not be before the subscription date',
    path: ['expiryDate'],
  });
export type TPackageDetails = z.infer<typeof ZPackageDetails>;
export const EMPTY_PACKAGE_DETAILS: TPackageDetails = {
  salesLead: '',
  subscriptionDate: '',
  expiryDate: '',
  paymentMethod: '',
  dealType: '',
};

/**
 * POST users/data-segments and PUT access-control/data-segments/{id}. Only companyName is
 * required; on create the others take their defaults, on update an absent field keeps its value.
 */
export const ZDataSegmentInput = z.object({
  companyName: safeString('Company name is required')
    .trim()
    .min(1, 'Company name is required')
    .max(100, 'Company name must be at most 100 characters'),
  fullName: text('Contact person', NAME_MAX_LENGTH).optional(),
  /** The contact's e-mail; on create, the contact is invited as the segment's Administrator. */
  email: ZEmail.or(z.literal('')).optional(),
  title: text('Title', 100).optional(),
  ref: text('Ref', NAME_MAX_LENGTH).optional(),
  subscription: ZSubscription.optional(),
  subscriptionCount: z
    .number({ error: 'Subscription count must be a whole number' })
    .int('Subscription count must be a whole number')
    .min(0, 'Subscription count must not be negative')
    .max(1_000_000, 'Subscription count must be at most 1000000')
    .optional(),
  packageDetailsObj: ZPackageDetails.optional(),
  tier: z
    .number({ error: 'Tier must be a whole number' })
    .int('Tier must be a whole number')
    .min(0, 'Tier must not be negative')
    .max(100_000_000, 'Tier must be at most 100000000')
    .optional(),
  nextReview: z
    .object({
      duration: z
        .number({ error: 'Next review must be a whole number of years' })
        .int('Next review must be a whole number of years')
        .min(0, 'Next review must not be negative')
        .max(NEXT_REVIEW_MAX_YEARS, `Next review must be at most ${NEXT_REVIEW_MAX_YEARS} years`),
    })
    .optional(),
  /** Megabytes of uploaded files the segment may keep; a commercial term like the tier. */
  storageQuotaMb: z
    .number({ error: 'Storage quota must be a whole number of megabytes' })
    .int('Storage quota must be a whole number of megabytes')
    .min(0, 'Storage quota must not be negative')
    .max(MAX_STORAGE_QUOTA_MB, `Storage quota must be at most ${MAX_STORAGE_QUOTA_MB} MB`)
    .optional(),
  status: z.enum(SEGMENT_STATUSES, { error: 'Status must be active or archived' }).optional(),
  /** Whether the segment may label its public screens with its own name and logo (the labeling screen); an operator's term. */
  whiteLabelling: z.boolean({ error: 'White labelling must be true or false' }).optional(),
  /** The client's active segment, sent with every create; it does not change the result. */
  dataSegmentId: z.string().max(64).optional(),
});
export type TDataSegmentInput = z.infer<typeof ZDataSegmentInput>;

export const ZDataSegmentRow = z.object({
  _id: z.string(),
  status: z.enum(SEGMENT_STATUSES),
  companyName: z.string(),
  fullName: z.string(),
  email: z.string(),
  title: z.string(),
  ref: z.string(),
  subscription: ZSubscription,
  subscriptionCount: z.number().int(),
  packageDetailsObj: z.object({
    salesLead: z.string(),
    subscriptionDate: z.string(),
    expiryDate: z.string(),
    paymentMethod: z.string(),
    dealType: z.string(),
  }),
  /** Successful onboards so far; maintained by onboarding, not editable. */
  counter: z.number().int(),
  /** Profiles the package allows. */
  tier: z.number().int(),
  nextReview: z.object({ duration: z.number().int() }),
  storageQuotaMb: z.number().int(),
  /** Bytes of the segment's stored files. */
  storageUsedBytes: z.number().int(),
  whiteLabelling: z.boolean(),
  usersCount: z.number().int(),
  createdAt: z.string(),
});
export type TDataSegmentRow = z.infer<typeof ZDataSegmentRow>;

/** GET users/data-segment/{dataSegmentId}: what the trial banner and billing read. */
export const ZSegmentUsage = z.object({
  _id: z.string(),
  companyName: z.string(),
  tier: z.number().int(),
  subscription: ZSubscription,
  counter: z.number().int(),
});
export type TSegmentUsage = z.infer<typeof ZSegmentUsage>;

/** GET users/data-segments: the segments the signed-in user may switch to. */
export const ZSegmentChoice = z.object({ _id: z.string(), companyName: z.string(), subscription: ZSubscription });
export type TSegmentChoice = z.infer<typeof ZSegmentChoice>;

export const SEGMENT_SORTABLE = [
  'companyName',
  'fullName',
  'title',
  'ref',
  'subscription',
  'subscriptionCount',
  'counter',
  'tier',
  'status',
  'createdAt',
] as const;

/** The data segment list's query: the common list query plus status and role filters. */
export const ZSegmentListQuery = ZListQuery.extend({
  status: z.enum(SEGMENT_STATUSES).optional(),
  roleId: z.uuid({ error: 'roleId must be a role id' }).optional(),
});
export type TSegmentListQuery = z.infer<typeof ZSegmentListQuery>;
