import { z } from 'zod';

const ZColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour in the form #RRGGBB');
const ZLogoFile = z.object({ fileName: z.string().max(200) }).nullable();

/** Display settings (001 §3): four brand colours and the logos, per data segment. */
export const ZDisplaySettings = z.object({
  colors: z.object({ primary: ZColour, secondary: ZColour, light: ZColour, dark: ZColour }),
  logo: z.object({ dark: ZLogoFile, light: ZLogoFile }),
  clientLogo: ZLogoFile,
});
export type TDisplaySettings = z.infer<typeof ZDisplaySettings>;

/**
 * Sanad's own palette: a deep green for trust, a restrained gold accent, and light/dark tones that
 * keep body text above WCAG AA contrast on both. Logos fall back to the built-in mark.
 */
export const DEFAULT_DISPLAY_SETTINGS: TDisplaySettings = {
  colors: { primary: '#0B6E4F', secondary: '#B8892B', light: '#F3F7F5', dark: '#12261F' },
  logo: { dark: null, light: null },
  clientLogo: null,
};

/** Stored settings may be partial or from an older version: fill every gap from the defaults. */
export function withDisplayDefaults(stored: unknown): TDisplaySettings {
  const value = (stored ?? {}) as Partial<TDisplaySettings>;
  const merged = {
    colors: { ...DEFAULT_DISPLAY_SETTINGS.colors, ...value.colors },
    logo: { ...DEFAULT_DISPLAY_SETTINGS.logo, ...value.logo },
    clientLogo: value.clientLogo ?? null,
  };
  const parsed = ZDisplaySettings.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_DISPLAY_SETTINGS;
}
