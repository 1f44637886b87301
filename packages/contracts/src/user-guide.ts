import { z } from 'zod';
import { GUIDE_EDITIONS } from './user-guide-catalogue';

export const ZGuideParams = z.object({
  edition: z.enum(GUIDE_EDITIONS, { error: 'Edition must be standard or lite' }),
  asset: z.string().max(32),
});

export const ZGuideFile = z.object({ fileName: z.string(), originalName: z.string(), isDefault: z.boolean() }).nullable();

/** One edition of the guide as the dialog reads it; a file of the active segment wins over the default. */
export const ZUserGuide = z.object({
  edition: z.enum(GUIDE_EDITIONS),
  videos: z.array(z.object({ slot: z.number().int(), title: z.string(), video: ZGuideFile, thumbnail: ZGuideFile })),
  manual: ZGuideFile,
});
export type TUserGuide = z.infer<typeof ZUserGuide>;

export const ZUserGuideQuery = z.object({
  edition: z.enum(GUIDE_EDITIONS, { error: 'Edition must be standard or lite' }).optional(),
  /** The active segment, or 'skip' (or nothing) for the installation-wide default files. */
  dataSegmentId: z.string().max(64).optional(),
});

/** Where an upload or removal goes: the active segment, or 'skip' (or nothing) for the installation-wide default. */
export const ZGuideTargetQuery = z.object({ dataSegmentId: z.string().max(64).optional() });

/** The upload carries only its file: no text fields are read. */
export const ZGuideUploadFields = z.looseObject({});
