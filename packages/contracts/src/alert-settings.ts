/**
 * A data segment's alert settings (the Alert settings card of the onboarding configuration page):
 * the review SLA of each alert type, in hours (null: no SLA for that type), and what the daily
 * document-expiry job does beyond marking the customer: raise an expiry alert, and e-mail the
 * customer a document-upload link. docs/decisions/alert-review.md and document-expiry.md say why.
 */
import { z } from 'zod';
import { ALERT_TYPES } from './customers';

/** 0: due at once (every open alert of the type is overdue); at most a year: a longer SLA is no SLA. */
export const SLA_HOURS = { min: 0, max: 8760 } as const;
const slaMessage = `An SLA is between ${SLA_HOURS.min} and ${SLA_HOURS.max} hours`;
const ZSlaHours = z
  .number({ error: 'An SLA is a number of hours' })
  .int('An SLA is whole hours')
  .min(SLA_HOURS.min, slaMessage)
  .max(SLA_HOURS.max, slaMessage)
  .nullable();

export const ZAlertSlaHours = z.object({
  'on boarding': ZSlaHours,
  triggered: ZSlaHours,
  periodic: ZSlaHours,
  manual: ZSlaHours,
  expiry: ZSlaHours,
}) satisfies z.ZodType<Record<(typeof ALERT_TYPES)[number], number | null>>;
export type TAlertSlaHours = z.infer<typeof ZAlertSlaHours>;

export const ZAlertSettings = z.object({
  slaHours: ZAlertSlaHours,
  /** Raise one expiry alert per customer and document expiry date (the indicator is always set). */
  isExpiryAlertOn: z.boolean(),
  /** With the expiry alert, e-mail the customer a link to upload a new document. */
  isExpiryEmailOn: z.boolean(),
});
export type TAlertSettings = z.infer<typeof ZAlertSettings>;

export const DEFAULT_ALERT_SETTINGS: TAlertSettings = {
  slaHours: { 'on boarding': 48, triggered: 72, periodic: 336, manual: 72, expiry: 168 },
  isExpiryAlertOn: true,
  isExpiryEmailOn: false,
};

export const ZAlertSettingsQuery = z.object({ dataSegmentId: z.string().max(64).optional() });
export const ZAlertSettingsSave = ZAlertSettings.extend({ dataSegmentId: z.string().max(64).optional() });

export const ALERT_SETTINGS_MESSAGES = {
  found: 'Alert settings',
  saved: 'Alert settings have been saved successfully',
} as const;
