import { z } from 'zod';

const ZColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour in the form #RRGGBB');
const ZLogoFile = z.object({ fileName: z.string().max(200) }).nullable();

/** Display settings: four brand colours and the logos, per data segment. */
export const ZDisplaySettings = z.object({
  colors: z.object({ primary: ZColour, secondary: ZColour, light: ZColour, dark: ZColour }),
  logo: z.object({ dark: ZLogoFile, light: ZLogoFile }),
  clientLogo: ZLogoFile,
});
export type TDisplaySettings = z.infer<typeof ZDisplaySettings>;
