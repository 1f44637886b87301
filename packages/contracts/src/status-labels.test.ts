import { describe, expect, it } from 'vitest';
import { alertIndicator, filterText, statusBadge } from './status-labels';

describe('status badges', () => {
  it.each([
    ['active', 'Active'],
    ['inactive', 'Inactive'],
    ['in-active', 'Inactive'],
    ['locked', 'Locked'],
    ['disabled', 'Disabled'],
    ['not-applicable', 'Not Applicable'],
    ['pending', 'Pending'],
    ['processing', 'Processing'],
    ['archived', 'Archived'],
    ['potential', 'Potential'],
    ['high', 'High Risk'],
    ['medium', 'Medium Risk'],
    ['low', 'Low Risk'],
    ['sanction', 'Sanctioned'],
    ['approved', 'approved'],
    ['Submitted', 'Submitted'],
    ['completed', 'completed'],
    ['matched', 'Matched'],
    ['notmatched', 'Not Matched'],
    ['notfound', 'Not Found'],
    ['found', 'Record Found'],
    ['rejected', 'rejected'],
    ['expired', 'expired'],
    ['hit', 'Hit or Genuine'],
    ['AI-hit', 'AI-hit'],
    ['AI-non-hit', 'AI-non-hit'],
    ['return-alert', 'Returned'],
  ])('labels %s as %s', (value, label) => {
    expect(statusBadge(value).label).toBe(label);
  });

  it("reads 'No Hit' for an empty status and shows an unknown one as rejected", () => {
    expect(statusBadge('').label).toBe('No Hit');
    expect(statusBadge(null).label).toBe('No Hit');
    expect(statusBadge('something-new')).toEqual(statusBadge('rejected'));
  });
});

describe('text filters', () => {
  it('rewrites the values the spec names', () => {
    expect(filterText('not-valid')).toBe('invalid');
    expect(filterText('sanction')).toBe('sanctioned');
    expect(filterText('n/a')).toBe('N/A');
    expect(filterText('periodic_review_due')).toBe('periodic review due');
    expect(filterText('')).toBe('-');
    expect(filterText(undefined)).toBe('-');
  });
});

describe('alert indicators', () => {
  it('shows screening hits and mismatches black with a cross', () => {
    for (const value of ['mis_matched', 'pep', 'enforcement', 'blackList', 'sanction']) {
      expect(alertIndicator(value)).toEqual({ colour: 'black', icon: 'cross' });
    }
  });

  it('shows expiry and high or medium risk as danger, with a tick only for medium', () => {
    expect(alertIndicator('expired')).toEqual({ colour: 'danger', icon: 'cross' });
    expect(alertIndicator('periodic_review_due')).toEqual({ colour: 'danger', icon: 'cross' });
    expect(alertIndicator('medium')).toEqual({ colour: 'danger', icon: 'tick' });
  });

  it('shows anything else, low included, as ok with a tick', () => {
    expect(alertIndicator('low')).toEqual({ colour: 'ok', icon: 'tick' });
    expect(alertIndicator('anything')).toEqual({ colour: 'ok', icon: 'tick' });
  });
});
