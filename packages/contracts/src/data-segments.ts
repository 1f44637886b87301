import { z } from 'zod';
import { NAME_MAX_LENGTH } from './constants';
import { ZListQuery } from './http';
import { ZEmail } from './staff-users';

/**
 * Data segments, the client tenants (001 §3), with the spec's field names: companyName (client),
 * fullName (contact person), packageDetailsObj, nextReview.duration (years), subscription.
 */
export const SEGMENT_STATUSES = ['active', 'archived'] as const;
export const SUBSCRIPTIONS = ['trial', 'unpaid', 'active', 'cancelled', 'expired'] as const;
export const ZSubscription = z.enum(SUBSCRIPTIONS, { error: 'Subscription must be trial, unpaid, active, cancelled or expired' });
export type TSubscription = z.infer<typeof ZSubscription>;
export const NEXT_REVIEW_MAX_YEARS = 50;

export const SEGMENT_MESSAGES = {
  created: 'Data segment created successfully',
  createdWithInvitation: 'Data segment created successfully. Its administrator has been invited by e-mail',
  updated: 'Data segment updated successfully',
  archived: 'Data segment archived successfully',
  activated: 'Data segment activated successfully',
  onlyOperators: 'Only users who see every data segment can create data segments',
  commercialFields: 'Only users who see every data segment can change its status, subscription, package, tier or review period',
  lastActive: 'At least one data segment must stay active',
  inviteNeedsAllPermissions: "Only users holding every permission can invite a data segment's administrator",
} as const;

const ZDay = z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/, 'Use the date format YYYY-MM-DD');
const text = (label: string, max: number) => z.string().trim().max(max, `${label} must be at most ${max} characters`);

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
  companyName: z
    .string({ error: 'Company name is required' })
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
  status: z.enum(SEGMENT_STATUSES, { error: 'Status must be active or archived' }).optional(),
  /** The client's active segment, sent with every create (001 §7); it does not change the result. */
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
  usersCount: z.number().int(),
  createdAt: z.string(),
});
export type TDataSegmentRow = z.infer<typeof ZDataSegmentRow>;

/** GET users/data-segment/{dataSegmentId}: what the trial banner and billing read (001 §7). */
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

/** The data segment list's query: the common list query plus status and role filters (001 §7). */
export const ZSegmentListQuery = ZListQuery.extend({
  status: z.enum(SEGMENT_STATUSES).optional(),
  roleId: z.uuid({ error: 'roleId must be a role id' }).optional(),
});
export type TSegmentListQuery = z.infer<typeof ZSegmentListQuery>;
