import { describe, expect, it } from 'vitest';
import { ZDisplaySettings } from './branding';
import { DEFAULT_DISPLAY_SETTINGS, withDisplayDefaults } from './branding-defaults';

describe('display settings defaults', () => {
  it('are themselves valid display settings', () => {
    expect(ZDisplaySettings.safeParse(DEFAULT_DISPLAY_SETTINGS).success).toBe(true);
  });

  it('fill gaps and replace bad values, keeping good ones', () => {
    const merged = withDisplayDefaults({ colors: { primary: '#123456', secondary: 'red' }, logo: { light: { fileName: 'logo.enc' } } });
    expect(merged.colors.primary).toBe('#123456');
    expect(merged.colors.secondary).toBe(DEFAULT_DISPLAY_SETTINGS.colors.secondary);
    expect(merged.logo).toEqual({ dark: null, light: { fileName: 'logo.enc' } });
    expect(ZDisplaySettings.safeParse(merged).success).toBe(true);
  });

  it('treat anything that is not an object as nothing stored', () => {
    expect(withDisplayDefaults(null)).toEqual(DEFAULT_DISPLAY_SETTINGS);
    expect(withDisplayDefaults('x')).toEqual(DEFAULT_DISPLAY_SETTINGS);
  });
});
