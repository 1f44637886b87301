/**
 * Display settings defaults, kept free of zod so the web app's first screen can use them without
 * loading a schema library. `branding.ts` holds the schema the server validates with.
 */
export interface DisplaySettings {
  colors: { primary: string; secondary: string; light: string; dark: string };
  logo: { dark: { fileName: string } | null; light: { fileName: string } | null };
  clientLogo: { fileName: string } | null;
}

/**
 * Sanad's own palette: a deep green for trust, a restrained gold accent, and light/dark tones that
 * keep body text above WCAG AA contrast on both. Logos fall back to the built-in mark.
 */
export const DEFAULT_DISPLAY_SETTINGS: DisplaySettings = {
  colors: { primary: '#0B6E4F', secondary: '#B8892B', light: '#F3F7F5', dark: '#12261F' },
  logo: { dark: null, light: null },
  clientLogo: null,
};

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

function logoFile(value: unknown): { fileName: string } | null {
  const fileName = (value as { fileName?: unknown } | null)?.fileName;
  return typeof fileName === 'string' && fileName.length > 0 && fileName.length <= 200 ? { fileName } : null;
}

/** Stored settings may be partial or from an older version: every gap or bad value takes the default. */
export function withDisplayDefaults(stored: unknown): DisplaySettings {
  const value = (stored && typeof stored === 'object' ? stored : {}) as {
    colors?: Record<string, unknown>;
    logo?: Record<string, unknown>;
    clientLogo?: unknown;
  };
  const colour = (key: keyof DisplaySettings['colors']) => {
    const candidate = value.colors?.[key];
    return typeof candidate === 'string' && HEX_COLOUR.test(candidate) ? candidate : DEFAULT_DISPLAY_SETTINGS.colors[key];
  };
  return {
    colors: { primary: colour('primary'), secondary: colour('secondary'), light: colour('light'), dark: colour('dark') },
    logo: { dark: logoFile(value.logo?.dark), light: logoFile(value.logo?.light) },
    clientLogo: logoFile(value.clientLogo),
  };
}
