import { z } from 'zod';
import { safeString } from './safe-text';

export const BRANDING_MESSAGES = {
  found: 'Branding',
  saved: 'Branding saved successfully',
  stale: 'Someone else saved the branding after you opened it: reload it and make your changes again',
  notOperator: 'Branding applies to every data segment: only a user who works across all data segments may change it. Ask your operator.',
  colour: 'Use a colour in the form #RRGGBB',
  textContrast: 'The dark colour must stand out from the light colour (contrast at least 4.5:1) so that text stays readable',
  darkOnWhite: 'The dark colour must be dark enough for text on white cards (contrast at least 4.5:1)',
  lightIsLighter: 'The light colour is the page background: it must be lighter than the dark colour',
  buttonContrast: 'The primary colour is too light for white button text (contrast at least 3:1 with white)',
  logoMissing: 'Upload the logo again: the file was not found',
} as const;

const HEX = /^#[0-9a-fA-F]{6}$/;
const ZColour = safeString(BRANDING_MESSAGES.colour).regex(HEX, BRANDING_MESSAGES.colour);
const ZLogoFile = z.object({ fileName: z.string().max(200) }).nullable();
/** A logo named in a save: a stored file's server-given name, or none (the built-in mark). */
export const ZLogoFileInput = z
  .object({ fileName: safeString().regex(/^[A-Za-z0-9_-]{8,128}\.enc$/, BRANDING_MESSAGES.logoMissing) })
  .nullable();
export type TLogoFile = z.infer<typeof ZLogoFileInput>;

/** Display settings: four brand colours and the logos; clientLogo is the data segment's own (labeling). */
export const ZDisplaySettings = z.object({
  colors: z.object({ primary: ZColour, secondary: ZColour, light: ZColour, dark: ZColour }),
  logo: z.object({ dark: ZLogoFile, light: ZLogoFile }),
  clientLogo: ZLogoFile,
});
export type TDisplaySettings = z.infer<typeof ZDisplaySettings>;

/** WCAG 2 relative luminance of a #RRGGBB colour. */
function luminance(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two #RRGGBB colours (1 to 21). */
export function contrastRatio(first: string, second: string): number {
  const [high, low] = [luminance(first), luminance(second)].toSorted((a, b) => b - a) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

type Colours = TDisplaySettings['colors'];

/**
 * The readability rules a palette must meet, the same in the browser and on the server: the light
 * colour (page background) lighter than the dark one (text), text on the background and on white
 * cards at WCAG AA (4.5:1), and white button text on the primary colour at the 3:1 of controls. Keys are the field paths the messages belong to.
 */
export function paletteErrors(colors: Colours): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!Object.values(colors).every((colour) => HEX.test(colour))) return errors;
  if (luminance(colors.light) < luminance(colors.dark)) errors['colors.light'] = BRANDING_MESSAGES.lightIsLighter;
  else if (contrastRatio(colors.dark, colors.light) < 4.5) errors['colors.dark'] = BRANDING_MESSAGES.textContrast;
  if (!errors['colors.dark'] && contrastRatio(colors.dark, '#ffffff') < 4.5) errors['colors.dark'] = BRANDING_MESSAGES.darkOnWhite;
  if (contrastRatio(colors.primary, '#ffffff') < 3) errors['colors.primary'] = BRANDING_MESSAGES.buttonContrast;
  return errors;
}

/** PUT configurations/branding/{_id}: the four colours, both logos, and the version the form was loaded at. */
export const ZBrandingSave = z.object({
  colors: ZDisplaySettings.shape.colors,
  logo: z.object({ dark: ZLogoFileInput, light: ZLogoFileInput }),
  version: z.number({ error: 'version is required: send the version you loaded' }).int().min(0),
});
export type TBrandingSave = z.infer<typeof ZBrandingSave>;

/** The installation's branding as its screen edits it. */
export const ZBranding = z.object({
  _id: z.string(),
  colors: ZDisplaySettings.shape.colors,
  logo: ZDisplaySettings.shape.logo,
  version: z.number().int(),
  updatedBy: z.object({ _id: z.string().nullable(), name: z.string() }).nullable(),
  updatedAt: z.string().nullable(),
  /** Whether this caller may save it (a user who works across every data segment). */
  canEdit: z.boolean(),
});
export type TBranding = z.infer<typeof ZBranding>;
