import { z } from 'zod';
import { ZDay } from './day-range';

/** Activity dashboard filter: an inclusive range of days; at most a year. */
export const ZActivityQuery = z.object({
  from: ZDay.optional(),
  to: ZDay.optional(),
  dataSegmentId: z.string().max(64).optional(),
});
export type TActivityQuery = z.infer<typeof ZActivityQuery>;

/**
 * One local day: sign-ins and actions from the audit trail; customers onboarded (created), alerts
 * raised, and alerts decided (closed by the final decision) on that day.
 */
export const ZActivityDay = z.object({
  date: ZDay,
  signIns: z.number().int(),
  actions: z.number().int(),
  customersOnboarded: z.number().int(),
  alertsRaised: z.number().int(),
  alertsDecided: z.number().int(),
});

export const ZActivityDashboard = z.object({
  from: ZDay,
  to: ZDay,
  totals: z.object({
    signIns: z.number().int(),
    actions: z.number().int(),
    activeUsers: z.number().int(),
    customersOnboarded: z.number().int(),
    alertsRaised: z.number().int(),
    alertsDecided: z.number().int(),
  }),
  days: z.array(ZActivityDay),
  byModule: z.array(z.object({ module: z.string(), count: z.number().int() })),
});
export type TActivityDashboard = z.infer<typeof ZActivityDashboard>;

export const ACTIVITY_MAX_DAYS = 366;
export const ACTIVITY_DEFAULT_DAYS = 30;
