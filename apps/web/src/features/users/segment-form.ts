import type { z } from 'zod';
import {
  DEFAULT_STORAGE_QUOTA_MB,
  EMPTY_PACKAGE_DETAILS,
  type TDataSegmentRow,
  type TSubscription,
  type ZDataSegmentInput,
} from '@sanad/contracts/data-segments';
import { DEFAULT_TIER_BY_SUBSCRIPTION } from '@sanad/contracts/subscription';

export interface SegmentFormValues {
  companyName: string;
  fullName: string;
  email: string;
  title: string;
  ref: string;
  subscription: TSubscription;
  subscriptionCount: number | '';
  tier: number | '';
  nextReviewYears: number | '';
  storageQuotaMb: number | '';
  whiteLabelling: boolean;
  salesLead: string;
  subscriptionDate: string;
  expiryDate: string;
  paymentMethod: string;
  dealType: string;
}

export function segmentFormFrom(row: TDataSegmentRow | null): SegmentFormValues {
  const details = row?.packageDetailsObj ?? EMPTY_PACKAGE_DETAILS;
  return {
    companyName: row?.companyName ?? '',
    fullName: row?.fullName ?? '',
    email: row?.email ?? '',
    title: row?.title ?? '',
    ref: row?.ref ?? '',
    subscription: row?.subscription ?? 'trial',
    subscriptionCount: row?.subscriptionCount ?? 0,
    tier: row?.tier ?? DEFAULT_TIER_BY_SUBSCRIPTION.trial,
    nextReviewYears: row?.nextReview.duration ?? 1,
    storageQuotaMb: row?.storageQuotaMb ?? DEFAULT_STORAGE_QUOTA_MB,
    whiteLabelling: row?.whiteLabelling ?? false,
    ...details,
  };
}

/**
 * A new subscription chosen in the form: a tier still at the old package's default follows to the
 * new package's default; one the operator typed stays.
 */
export function withSubscription(values: SegmentFormValues, subscription: TSubscription): SegmentFormValues {
  const isDefaultTier = values.tier === DEFAULT_TIER_BY_SUBSCRIPTION[values.subscription];
  return { ...values, subscription, tier: isDefaultTier ? DEFAULT_TIER_BY_SUBSCRIPTION[subscription] : values.tier };
}

/** What the data segment form sends: the contract's input, and the id of the row it edits. */
export type SegmentPayload = z.input<typeof ZDataSegmentInput> & { _id?: string };

const numberOrUndefined = (value: number | '') => (value === '' ? undefined : value);

/**
 * The body the API takes, with the spec's names. Commercial terms (subscription, package, tier,
 * review period, storage quota) are sent only by operators; an edit keeps the row's id and status.
 */
export function segmentPayload(values: SegmentFormValues, row: TDataSegmentRow | null, isOperator: boolean): SegmentPayload {
  const body: SegmentPayload = {
    companyName: values.companyName,
    fullName: values.fullName,
    email: values.email,
    title: values.title,
    ref: values.ref,
  };
  if (isOperator) {
    Object.assign(body, {
      subscription: values.subscription,
      subscriptionCount: numberOrUndefined(values.subscriptionCount),
      tier: numberOrUndefined(values.tier),
      nextReview: values.nextReviewYears === '' ? undefined : { duration: values.nextReviewYears },
      storageQuotaMb: numberOrUndefined(values.storageQuotaMb),
      whiteLabelling: values.whiteLabelling,
      packageDetailsObj: {
        salesLead: values.salesLead,
        subscriptionDate: values.subscriptionDate,
        expiryDate: values.expiryDate,
        paymentMethod: values.paymentMethod,
        dealType: values.dealType,
      },
    });
  }
  return row ? { ...body, _id: row._id, status: row.status } : body;
}
