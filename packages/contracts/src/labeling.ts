import { z } from 'zod';
import { ZLogoFileInput } from './branding';
import { safeString } from './safe-text';

export const LABELING_MESSAGES = {
  found: 'Labeling',
  saved: 'Labeling saved successfully',
  stale: 'Someone else saved the labeling after you opened it: reload it and make your changes again',
  notWhiteLabelled: 'This data segment does not allow white labelling. Ask your operator to allow it.',
  nameTooLong: 'The name must be at most 80 characters',
} as const;

export const LABEL_NAME_MAX_LENGTH = 80;

/**
 * What a data segment's customers see in place of the provider on the public onboarding screens:
 * the organisation's name, its logo and where to ask for help. Empty text means "not set".
 */
export const ZLabelingFields = z.object({
  displayName: safeString().trim().max(LABEL_NAME_MAX_LENGTH, LABELING_MESSAGES.nameTooLong),
  clientLogo: ZLogoFileInput,
  supportEmail: safeString()
    .trim()
    .toLowerCase()
    .max(254, 'Email must be at most 254 characters')
    .refine((value) => value === '' || z.email().safeParse(value).success, 'Enter a valid email address'),
  supportPhone: safeString()
    .trim()
    .regex(/^$|^\+?[0-9][0-9 ()-]{5,18}[0-9]$/, 'Enter a valid phone number'),
});
export type TLabelingFields = z.infer<typeof ZLabelingFields>;

/** PUT configurations/labeling/{dataSegmentId}: the fields and the version the form was loaded at. */
export const ZLabelingSave = ZLabelingFields.extend({
  version: z.number({ error: 'version is required: send the version you loaded' }).int().min(0),
});
export type TLabelingSave = z.infer<typeof ZLabelingSave>;

/** GET configurations/labeling/{dataSegmentId}: the segment's labeling for its screen. */
export const ZLabeling = z.object({
  _id: z.string(),
  dataSegmentId: z.string(),
  /** The segment's own company name, shown when no display name is set. */
  companyName: z.string(),
  /** Whether the segment allows white labelling (else it can be read, not saved). */
  whiteLabelling: z.boolean(),
  displayName: z.string(),
  clientLogo: z.object({ fileName: z.string() }).nullable(),
  supportEmail: z.string(),
  supportPhone: z.string(),
  version: z.number().int(),
  updatedBy: z.object({ _id: z.string().nullable(), name: z.string() }).nullable(),
  updatedAt: z.string().nullable(),
});
export type TLabeling = z.infer<typeof ZLabeling>;

/**
 * GET configurations/labeling/{dataSegmentId}/public: what a public onboarding screen shows, and
 * nothing else. All null for a segment without white labelling, without a label, or that does not
 * exist, so the answer tells a visitor nothing about which segments exist.
 */
export const ZPublicLabel = z.object({
  name: z.string().nullable(),
  clientLogo: z.object({ fileName: z.string() }).nullable(),
  supportEmail: z.string().nullable(),
  supportPhone: z.string().nullable(),
});
export type TPublicLabel = z.infer<typeof ZPublicLabel>;

export const EMPTY_PUBLIC_LABEL: TPublicLabel = { name: null, clientLogo: null, supportEmail: null, supportPhone: null };

export const ZLabelingParams = z.object({ dataSegmentId: z.string().max(100) });
