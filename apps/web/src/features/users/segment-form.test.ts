import { describe, expect, it } from 'vitest';
import { ZDataSegmentInput, type TDataSegmentRow } from '@sanad/contracts/data-segments';
import { validateWith } from '../../lib/form-errors';
import { segmentFormFrom, segmentPayload, withSubscription } from './segment-form';

const row: TDataSegmentRow = {
  _id: 's1',
  status: 'active',
  companyName: 'Crescent',
  fullName: 'Sara Qureshi',
  email: '',
  title: '',
  ref: '',
  subscription: 'trial',
  subscriptionCount: 1,
  packageDetailsObj: {
    salesLead: 'Omar',
    subscriptionDate: '2025-01-01',
    expiryDate: '2026-01-01',
    paymentMethod: 'card',
    dealType: 'annual',
  },
  counter: 3,
  tier: 50,
  nextReview: { duration: 2 },
  storageQuotaMb: 2048,
  storageUsedBytes: 0,
  whiteLabelling: true,
  usersCount: 4,
  createdAt: '',
};

describe('data segment form', () => {
  it("sends the spec's field names, commercial terms only for operators", () => {
    const values = segmentFormFrom(row);
    expect(segmentPayload(values, row, true)).toMatchObject({
      _id: 's1',
      status: 'active',
      companyName: 'Crescent',
      fullName: 'Sara Qureshi',
      tier: 50,
      nextReview: { duration: 2 },
      packageDetailsObj: { salesLead: 'Omar' },
      whiteLabelling: true,
    });
    const limited = segmentPayload(values, row, false);
    expect(limited).not.toHaveProperty('tier');
    expect(limited).not.toHaveProperty('whiteLabelling');
    expect(limited).not.toHaveProperty('packageDetailsObj');
  });

  it('refuses a review period over 50 years and an expiry before the subscription', () => {
    const values = {
      ...segmentFormFrom(null),
      companyName: 'New',
      nextReviewYears: 51,
      subscriptionDate: '2025-06-01',
      expiryDate: '2025-01-01',
    };
    expect(validateWith(ZDataSegmentInput, segmentPayload(values, null, true))).toMatchObject({
      isValid: false,
      errors: {
        'nextReview.duration': 'Next review must be at most 50 years',
        'packageDetailsObj.expiryDate': 'Expiry date must not be before the subscription date',
      },
    });
  });

  it("starts a new segment at the trial's tier, and moves a default tier along with the package", () => {
    const fresh = segmentFormFrom(null);
    expect(fresh).toMatchObject({ subscription: 'trial', tier: 25, storageQuotaMb: 10_240 });
    expect(withSubscription(fresh, 'active')).toMatchObject({ subscription: 'active', tier: 1000 });
    expect(withSubscription({ ...fresh, tier: 7 }, 'active')).toMatchObject({ subscription: 'active', tier: 7 });
  });
});
