import { describe, expect, it } from 'vitest';
import { allowanceText } from './TrialBanner';

describe('the trial banner', () => {
  it('counts onboardings against the tier', () => {
    expect(allowanceText(3, 25)).toBe('3 of 25 onboardings used');
  });

  it('never reads "0 of 0 onboardings used" for a trial without an allowance', () => {
    expect(allowanceText(0, 0)).toBe('No onboardings are included in this trial yet');
    expect(allowanceText(2, 0)).toBe('2 onboardings used');
  });
});
