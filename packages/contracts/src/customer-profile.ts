/**
 * The customer's detail tabs beyond the record itself: the review of name-screening hits (relevant
 * or not relevant, with a comment), the hit detail beside the customer, the remembered 'not
 * relevant' decisions (the good-guy list), re-screening, and the activity timeline.
 */
import { z } from 'zod';
import { ZCustomerHit } from './customers';
import { safeString } from './safe-text';

/** The reviewer's decision on a hit: the spec's 'relevant' and 'not relevant' columns. */
export const HIT_DECISIONS = ['relevant', 'not-relevant'] as const;
export type THitDecision = (typeof HIT_DECISIONS)[number];

/** PUT customers/:id/hits/:hitId. */
export const ZHitDecisionSave = z.object({
  decision: z.enum(HIT_DECISIONS, { error: 'Choose relevant or not relevant' }),
  comment: safeString('Please add a comment').trim().min(1, 'Please add a comment').max(2000, 'Keep the comment under 2,000 characters'),
});
export type THitDecisionSave = z.infer<typeof ZHitDecisionSave>;

export const ZHitParams = z.object({ id: z.string().max(100), hitId: z.string().max(100) });
export const ZGoodGuyParams = z.object({ id: z.string().max(100), goodGuyId: z.string().max(100) });

/**
 * A remembered 'not relevant' decision: the same listed entity raises no hit for this customer
 * again until the list changes it (then the hit is raised again, open for review).
 */
export const ZGoodGuy = z.object({
  _id: z.string(),
  customerId: z.string(),
  fullName: z.string(),
  sourceList: z.string(),
  listKey: z.string(),
  entityId: z.string(),
  comment: z.string(),
  decidedBy: z.string(),
  createdAt: z.string(),
});
export type TGoodGuy = z.infer<typeof ZGoodGuy>;

export const COMPARED_FIELDS = ['name', 'dob', 'nationality', 'country', 'gender', 'father', 'id'] as const;
export const COMPARISON_OUTCOMES = ['decisive', 'match', 'partial', 'mismatch', 'not-compared'] as const;

/** One row of the side-by-side: what the customer gave, what the list says, and what it did to the score. */
export const ZHitComparison = z.object({
  field: z.enum(COMPARED_FIELDS),
  label: z.string(),
  customer: z.string().nullable(),
  listed: z.array(z.string()),
  outcome: z.enum(COMPARISON_OUTCOMES),
  /** Points the field added to (or took from) the score; for the name, the name score itself. */
  points: z.number().nullable(),
  detail: z.string().nullable(),
});
export type THitComparison = z.infer<typeof ZHitComparison>;

/** The engine's explanation of the score, as stored with the hit. */
export const ZHitExplanation = z.object({
  summary: z.string(),
  threshold: z.number(),
  nameScore: z.number(),
  listedName: z.string(),
  listedNameType: z.string(),
  words: z.array(z.object({ query: z.string(), listed: z.string(), similarity: z.number(), how: z.string() })),
  unmatchedQuery: z.array(z.string()),
  unmatchedListed: z.array(z.string()),
  mixedScriptWords: z.array(z.string()),
});
export type THitExplanation = z.infer<typeof ZHitExplanation>;

/** What the list says about the entity beyond the compared fields. */
export const ZListedEntity = z.object({
  entityId: z.string(),
  listKey: z.string(),
  entityType: z.string(),
  names: z.array(z.object({ full: z.string(), type: z.string() })),
  associates: z.array(z.object({ name: z.string(), relationship: z.string() })),
  programmes: z.array(z.string()),
  categories: z.array(z.string()),
  positions: z.array(z.string()),
  addresses: z.array(z.string()),
  birthPlaces: z.array(z.string()),
  listedOn: z.string().nullable(),
  updatedOn: z.string().nullable(),
  recordStatus: z.string().nullable(),
  remarks: z.string().nullable(),
});
export type TListedEntity = z.infer<typeof ZListedEntity>;

/** GET customers/:id/hits/:hitId: the hit detail screen. */
export const ZHitDetail = z.object({
  customer: z.object({ _id: z.string(), sanadId: z.string(), fullName: z.string() }),
  hit: ZCustomerHit,
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  comparison: z.array(ZHitComparison),
  explanation: ZHitExplanation.nullable(),
  listed: ZListedEntity,
  goodGuy: ZGoodGuy.nullable(),
});
export type THitDetail = z.infer<typeof ZHitDetail>;

/** POST customers/:id/rescreen: what the screening found. */
export const ZRescreenResult = z.object({
  found: z.number().int(),
  newHits: z.number().int(),
  /** Hits the remembered 'not relevant' decisions kept from being raised again. */
  suppressed: z.number().int(),
  /** Remembered decisions whose listed entity has changed since: their hits are open again. */
  reopened: z.number().int(),
  riskLevel: z.string().nullable(),
  hits: z.array(ZCustomerHit),
});
export type TRescreenResult = z.infer<typeof ZRescreenResult>;

/** One field an edit changed, before and after, as text. */
export const ZFieldChange = z.object({ field: z.string(), from: z.string().nullable(), to: z.string().nullable() });

/** One event of the activity timeline, from the audit trail (with the record's versions for edits). */
export const ZTimelineEvent = z.object({
  _id: z.string(),
  at: z.string(),
  module: z.string(),
  action: z.string(),
  title: z.string(),
  summary: z.string(),
  actorName: z.string(),
  changes: z.array(ZFieldChange),
});
export type TTimelineEvent = z.infer<typeof ZTimelineEvent>;

/** Titles of the events the timeline knows; any other action code is shown in words. */
export const TIMELINE_TITLES: Readonly<Record<string, string>> = {
  registered_customer: 'Customer registered',
  edited_customer: 'Profile edited',
  uploaded_customer_document: 'Document uploaded',
  requested_documents: 'Documents requested',
  received_requested_documents: 'Requested documents received',
  rated_customer: 'Risk rated',
  manually_overwrote_risk_rating: 'Risk level overwritten',
  decided_screening_hit: 'Screening hit decided',
  withdrew_hit_decision: "'Not relevant' decision withdrawn",
  rescreened_customer: 'Re-screened',
  recorded_customer_verification: 'Verification check recorded',
  exported_activity_timeline: 'Activity timeline exported',
  raised_onboarding_alert: 'On-boarding alert raised',
  raised_triggered_alert: 'Triggered alert raised',
  raised_periodic_alert: 'Periodic review alert raised',
  raised_expiry_alert: 'Document expiry alert raised',
  marked_document_expiry: 'Identity document expired or expiring',
  scheduled_periodic_review: 'Next periodic review scheduled',
};

/** An action code in words: decided_screening_hit → Decided screening hit. */
export function timelineTitle(action: string): string {
  const known = TIMELINE_TITLES[action];
  if (known) return known;
  const words = action.replaceAll('_', ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const CUSTOMER_PROFILE_MESSAGES = {
  hitDecided: 'Screening hit updated successfully',
  hitNotFound: 'This screening hit was not found for this customer',
  goodGuyWithdrawn: "The 'not relevant' decision was withdrawn; the hit is open for review again",
  goodGuyNotFound: 'This remembered decision was not found for this customer',
  rescreened: 'Customer re-screened successfully',
  hitDetail: 'Screening hit details',
  goodGuys: "Remembered 'not relevant' decisions",
  timeline: 'Activity timeline',
} as const;
