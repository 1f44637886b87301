import { describe, expect, it } from 'vitest';
import { dynamicRegisterPath } from './dynamic-paths';

describe('dynamic register addresses', () => {
  it('puts the step name before the optional source, with and without the token', () => {
    expect(dynamicRegisterPath('seg', null, null)).toBe('/seg/dynamic-register');
    expect(dynamicRegisterPath('seg', null, null, 'fair')).toBe('/seg/dynamic-register/fair');
    expect(dynamicRegisterPath('seg', 'tok', 'setup-profile')).toBe('/seg/tok/dynamic-register/setup-profile');
    expect(dynamicRegisterPath('seg', 'tok', 'setup-profile', 'fair')).toBe('/seg/tok/dynamic-register/setup-profile/fair');
  });
});
