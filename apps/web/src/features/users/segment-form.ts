import { EMPTY_PACKAGE_DETAILS, type TDataSegmentRow, type TSubscription } from '@sanad/contracts/data-segments';

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
    tier: row?.tier ?? 0,
    nextReviewYears: row?.nextReview.duration ?? 1,
    ...details,
  };
}

const numberOrUndefined = (value: number | '') => (value === '' ? undefined : value);

/**
 * The body the API takes, with the spec's names. Commercial terms (subscription, package, tier,
 * review period) are sent only by operators; an edit keeps the row's id and status.
 */
export function segmentPayload(values: SegmentFormValues, row: TDataSegmentRow | null, isOperator: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {
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
      nextReview: { duration: numberOrUndefined(values.nextReviewYears) },
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
