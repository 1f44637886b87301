import { describe, expect, it } from 'vitest';
import { DEFAULT_ONBOARDING_SETTINGS } from '@sanad/contracts/onboarding-configuration';
import { settingsErrorsUpTo } from './onboarding-settings-context';

const strict = { ...DEFAULT_ONBOARDING_SETTINGS, isTaxIdRequired: true, isTaxIdMandatory: true, isIndustrial: true };

describe('the configuration rules the steps check', () => {
  it('asks nothing more under the defaults', () => {
    expect(settingsErrorsUpTo({ occupationInfo: {} }, DEFAULT_ONBOARDING_SETTINGS, 'preview')).toEqual({});
  });

  it('requires the tax ID and industry on setup-profile, with the server’s words, and not before it', () => {
    expect(settingsErrorsUpTo({ occupationInfo: {} }, strict, 'upload-document')).toEqual({});
    expect(settingsErrorsUpTo({ occupationInfo: { taxId: '  ' } }, strict, 'setup-profile')).toEqual({
      'occupationInfo.taxId': 'Tax ID is required',
      'occupationInfo.industryId': 'Industry is required',
    });
    expect(settingsErrorsUpTo({ occupationInfo: { taxId: 'NTN-1', industryId: 'education' } }, strict, 'preview')).toEqual({});
  });

  it('asks the tax ID without requiring it when it is only shown', () => {
    const shown = { ...DEFAULT_ONBOARDING_SETTINGS, isTaxIdRequired: true };
    expect(settingsErrorsUpTo({ occupationInfo: {} }, shown, 'preview')).toEqual({});
  });
});
