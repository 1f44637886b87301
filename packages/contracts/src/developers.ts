import { z } from 'zod';
import { NAME_MAX_LENGTH } from './constants';
import { ZListQuery } from './http';
import { safeString } from './safe-text';

/**
 * Developer tools: application access (the entries that hold API keys) and webhooks. Limits are
 * recorded in docs/decisions/webhooks.md and docs/decisions/application-access.md.
 */

export const ITEM_STATUSES = ['active', 'archived'] as const;
export const ZItemStatus = z.enum(ITEM_STATUSES, { error: 'Status must be active or archived' });

/** What an API key may do; a key holds one or more, and every public API route names the one it needs. */
export const API_SCOPES = [
  'customers:read',
  'customers:write',
  'onboarding-links:write',
  'documents:write',
  'documents:read',
  'screening:write',
  'alerts:read',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  'customers:read': 'Read customers, their status, risk and hits',
  'customers:write': 'Create customers and companies',
  'onboarding-links:write': 'Create and send onboarding links',
  'documents:write': 'Upload documents',
  'documents:read': 'Download uploaded documents',
  'screening:write': 'Screen names',
  'alerts:read': 'Read alerts',
};

/** Where the application calling the API runs. */
export const APPLICATION_DEVICES = ['server', 'web', 'android', 'ios'] as const;
export const APPLICATION_DEVICE_LABELS: Record<(typeof APPLICATION_DEVICES)[number], string> = {
  server: 'Server',
  web: 'Web',
  android: 'Android',
  ios: 'iOS',
};

export const APPLICATION_ACCESS_LIMITS = {
  /** Entries a data segment may hold, archived ones included. */
  perSegment: 50,
  ipAllowList: 20,
  /** How long a rotated-out key keeps working, at most. */
  maxOverlapHours: 168,
  defaultOverlapHours: 24,
} as const;

export const APPLICATION_ACCESS_MESSAGES = {
  created: 'Application access created successfully; copy the API key now, it is shown only once',
  updated: 'Application access updated successfully',
  archived: 'Application access archived successfully',
  activated: 'Application access activated successfully',
  rotated: 'API key rotated successfully; copy the new key now, it is shown only once',
  titleTaken: 'An application access with this title already exists in this data segment',
  tooMany: `A data segment can hold at most ${APPLICATION_ACCESS_LIMITS.perSegment} application access entries`,
  expiryPast: 'The expiry must be in the future',
  archivedRotate: 'Activate this application access before rotating its key',
  invalidIp: 'Enter IP addresses or ranges such as 203.0.113.7 or 203.0.113.0/24',
} as const;

/** A single IPv4/IPv6 address or a CIDR range; checked fully on the server. */
const IP_OR_RANGE = /^[0-9a-fA-F:.]{2,45}(\/\d{1,3})?$/;

/** POST access-control/api-access and PUT access-control/api-access/{id}. */
export const ZApplicationAccessInput = z.object({
  title: safeString('Title is required')
    .trim()
    .min(1, 'Title is required')
    .max(NAME_MAX_LENGTH, `Title must be at most ${NAME_MAX_LENGTH} characters`),
  bundleId: safeString('Bundle ID is required')
    .trim()
    .min(1, 'Bundle ID is required')
    .max(150, 'Bundle ID must be at most 150 characters')
    .regex(/^[A-Za-z0-9._:/-]+$/, 'Bundle ID may hold letters, digits and . _ - : / only'),
  device: z.enum(APPLICATION_DEVICES, { error: 'Choose the device: server, web, android or ios' }),
  scopes: z
    .array(z.enum(API_SCOPES, { error: 'Unknown scope' }), { error: 'Choose at least one scope' })
    .min(1, 'Choose at least one scope')
    .max(API_SCOPES.length),
  /** When every key of the entry stops working; none means until archived. */
  expiresAt: z.iso.datetime({ offset: true, error: 'Expiry must be a date and time' }).nullable().optional(),
  ipAllowList: z
    .array(z.string().trim().regex(IP_OR_RANGE, APPLICATION_ACCESS_MESSAGES.invalidIp))
    .max(APPLICATION_ACCESS_LIMITS.ipAllowList, `At most ${APPLICATION_ACCESS_LIMITS.ipAllowList} addresses or ranges`)
    .optional(),
  status: ZItemStatus.optional(),
  dataSegmentId: z.string().max(64).optional(),
});
export type TApplicationAccessInput = z.infer<typeof ZApplicationAccessInput>;

export const ZApplicationAccessRow = z.object({
  _id: z.string(),
  title: z.string(),
  bundleId: z.string(),
  device: z.enum(APPLICATION_DEVICES),
  /** The public identifier of the current key (its first characters); never enough to call the API. */
  codeKey: z.string(),
  status: ZItemStatus,
  scopes: z.array(z.enum(API_SCOPES)),
  ipAllowList: z.array(z.string()),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  /** A rotated-out key still works until this time. */
  previousKeyExpiresAt: z.string().nullable(),
  dataSegmentId: z.string(),
  createdAt: z.string(),
});
export type TApplicationAccessRow = z.infer<typeof ZApplicationAccessRow>;

/** The answer to a create or a rotation: the row and the whole key, shown this once. */
export const ZApplicationAccessIssued = ZApplicationAccessRow.extend({ apiKey: z.string() });
export type TApplicationAccessIssued = z.infer<typeof ZApplicationAccessIssued>;

export const ZApiKeyRotateInput = z.object({
  overlapHours: z.coerce
    .number()
    .int()
    .min(0, 'Overlap must be 0 hours or more')
    .max(APPLICATION_ACCESS_LIMITS.maxOverlapHours, `Overlap must be at most ${APPLICATION_ACCESS_LIMITS.maxOverlapHours} hours`)
    .default(APPLICATION_ACCESS_LIMITS.defaultOverlapHours),
});

export const ZApplicationAccessListQuery = ZListQuery.extend({ status: ZItemStatus.optional() });
export type TApplicationAccessListQuery = z.infer<typeof ZApplicationAccessListQuery>;

/** Answers of the public API to a key it refuses. */
export const API_KEY_MESSAGES = {
  invalid: 'The API key is missing, invalid, expired or archived',
  missingScope: (scope: string) => `This API key does not hold the scope ${scope}`,
  rateLimited: (limit: number, retryInSeconds: number) =>
    `Rate limit exceeded: this application may make ${limit} API calls per minute; retry in ${retryInSeconds} seconds`,
  idempotencyKeyFormat: 'Idempotency-Key must be 1 to 255 visible ASCII characters',
  idempotencyKeyReused: 'This Idempotency-Key was already used with a different request; use a new key for a new request',
  idempotencyKeyInProgress: 'A request with this Idempotency-Key is still being processed; retry shortly',
} as const;

// ── Webhooks ───────────────────────────────────────────────────────────────────────────────────

export const WEBHOOK_EVENT_TYPES = [
  'customer.created',
  'onboarding.completed',
  'kyc.status_changed',
  'risk.level_changed',
  'screening.hit',
  'alert.raised',
  'alert.decided',
  'document.expiring',
  'bulk_upload.finished',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** Sent by the test button only. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_TRIGGER_POINTS = ['all', ...WEBHOOK_EVENT_TYPES] as const;
export type WebhookTriggerPoint = (typeof WEBHOOK_TRIGGER_POINTS)[number];

export const WEBHOOK_TRIGGER_LABELS: Record<WebhookTriggerPoint, string> = {
  all: 'All events',
  'customer.created': 'Customer created',
  'onboarding.completed': 'Onboarding completed',
  'kyc.status_changed': 'KYC status changed',
  'risk.level_changed': 'Risk level changed',
  'screening.hit': 'Screening hit',
  'alert.raised': 'Alert raised',
  'alert.decided': 'Alert decided',
  'document.expiring': 'Document expiring',
  'bulk_upload.finished': 'Bulk upload finished',
};

/** active: receives events; archived: by a user; disabled: by Sanad after persistent failure. */
export const WEBHOOK_STATUSES = ['active', 'archived', 'disabled'] as const;
export const ZWebhookStatus = z.enum(WEBHOOK_STATUSES, { error: 'Status must be active, archived or disabled' });

export const WEBHOOK_LIMITS = {
  /** Endpoints a data segment may hold that are not archived (each event fans out to all of them). */
  perSegment: 10,
  urlMaxLength: 2000,
  descriptionMaxLength: 500,
  /** Seconds a receiver has to answer one attempt. */
  timeoutSeconds: 10,
  /** Attempts of one delivery, the first included; the waits between them add up to 27 h 35 min. */
  attempts: 8,
  /** Seconds to wait after failed attempt n (1-based) before attempt n + 1. */
  retryDelaysSeconds: [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600],
  /** An endpoint failing every attempt for this long, with a delivery out of attempts, is disabled. */
  disableAfterHours: 24,
  /** Of a receiver's answer, the part kept in the delivery log. */
  responseBodyKeptBytes: 2048,
  /** How long a rotated-out signing secret keeps signing. */
  secretOverlapHours: 24,
  /** Deliveries are kept this long, then deleted. */
  retentionDays: 30,
} as const;

export const WEBHOOK_MESSAGES = {
  created: 'Webhook created successfully; copy the signing secret now, it is shown only once',
  updated: 'Webhook updated successfully',
  archived: 'Webhook archived successfully',
  activated: 'Webhook activated successfully',
  secretRotated: 'Signing secret rotated successfully; copy the new secret now, it is shown only once',
  testQueued: 'Test event queued; it appears in the delivery log once sent',
  resendQueued: 'Delivery queued again',
  titleTaken: 'A webhook with this title already exists in this data segment',
  tooMany: `A data segment can hold at most ${WEBHOOK_LIMITS.perSegment} webhooks`,
  invalidUrl: 'Enter a full URL starting with https://',
  privateAddress: 'This URL leads to a private, loopback or link-local address; webhooks can only call public addresses',
  unresolvable: 'The host of this URL could not be found',
  notActive: 'Activate this webhook first',
  credentialsInUrl: 'Remove the user name and password from the URL',
} as const;

/** POST access-control/webhooks and PUT access-control/webhooks/{id}. */
export const ZWebhookInput = z.object({
  title: safeString('Title is required')
    .trim()
    .min(1, 'Title is required')
    .max(NAME_MAX_LENGTH, `Title must be at most ${NAME_MAX_LENGTH} characters`),
  endpointUrl: safeString(WEBHOOK_MESSAGES.invalidUrl)
    .trim()
    .min(1, 'Endpoint URL is required')
    .max(WEBHOOK_LIMITS.urlMaxLength, `Endpoint URL must be at most ${WEBHOOK_LIMITS.urlMaxLength} characters`),
  triggerPoint: z.enum(WEBHOOK_TRIGGER_POINTS, { error: 'Choose a trigger point' }),
  description: safeString()
    .trim()
    .max(WEBHOOK_LIMITS.descriptionMaxLength, `Description must be at most ${WEBHOOK_LIMITS.descriptionMaxLength} characters`)
    .optional(),
  /** A user archives or activates; 'disabled' is set only by Sanad and cannot be sent. */
  status: ZItemStatus.optional(),
  dataSegmentId: z.string().max(64).optional(),
});
export type TWebhookInput = z.infer<typeof ZWebhookInput>;

export const ZWebhookRow = z.object({
  _id: z.string(),
  title: z.string(),
  endpointUrl: z.string(),
  triggerPoint: z.enum(WEBHOOK_TRIGGER_POINTS),
  description: z.string(),
  status: ZWebhookStatus,
  /** Why Sanad disabled the endpoint, when it did. */
  disabledReason: z.string().nullable(),
  /** The current signing secret's first characters, to tell secrets apart. */
  secretHint: z.string(),
  lastDeliveryAt: z.string().nullable(),
  dataSegmentId: z.string(),
  createdAt: z.string(),
});
export type TWebhookRow = z.infer<typeof ZWebhookRow>;

/** The answer to a create or a secret rotation: the row and the whole secret, shown this once. */
export const ZWebhookIssued = ZWebhookRow.extend({ signingSecret: z.string() });
export type TWebhookIssued = z.infer<typeof ZWebhookIssued>;

export const ZWebhookListQuery = ZListQuery.extend({ status: ZWebhookStatus.optional() });
export type TWebhookListQuery = z.infer<typeof ZWebhookListQuery>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export const ZWebhookDeliveryRow = z.object({
  _id: z.string(),
  /** The webhook-id header: the same on every attempt, so a receiver can drop repeats. */
  messageId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The body sent (the same on every attempt). */
  requestBody: z.string(),
  responseStatus: z.number().int().nullable(),
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TWebhookDeliveryRow = z.infer<typeof ZWebhookDeliveryRow>;

export const ZWebhookDeliveryListQuery = ZListQuery.extend({ status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional() });
export type TWebhookDeliveryListQuery = z.infer<typeof ZWebhookDeliveryListQuery>;

export const ZWebhookDeliveryParams = z.object({ id: z.string().max(100), deliveryId: z.string().max(100) });
