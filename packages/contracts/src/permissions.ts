/**
 * The permission catalogue, grouped exactly as the spec's role editor groups it. Every route and endpoint names its permissions from here.
 */
export const PERMISSION_GROUPS = {
  Insights: [
    'view-alerts',
    'notification-bar',
    'view-customer-tracker',
    'view-activity-dashboard',
    'view-customer-statistics',
    'export-activity-dashboard',
    'export-customer-statistics',
  ],
  'Customer profiles': [
    'view-customer-profile',
    'register-customer',
    'view-company-profile',
    'register-company',
    'bulk-upload',
    'view-deeplink-sent',
    'edit-profile',
    'kyc-status-review',
    'manually-overwrite',
    'open-alerts',
    'export-customer-profile',
    'export-activity-timeline',
    'view-customer-verification',
    'manage-customer-verification',
    'archive-customer-profile',
  ],
  Configurations: [
    'labeling',
    'view-notifications',
    'manage-notifications',
    'upload-delta-list',
    'sanad-engine',
    'view-screening-data',
    'form-builder',
    'initiate-simulation-process',
    'branding',
    'configurations',
    'onboarding-configurations',
    'idv-configurations',
    'screening-list',
    'manage-packages',
    'developer-tools',
    'manage-webhooks',
    'manage-api-logs',
    'manage-application-access',
    'subscribe-package',
  ],
  'System user': [
    'view-users',
    'manage-users',
    'view-roles',
    'manage-roles',
    'view-data-segments',
    'manage-data-segments',
    'manage-team-members',
    'view-team-members',
  ],
  'System logs': ['system-logs'],
  'Status review': ['maker', 'checker', 'approver', 'unlock-alerts'],
} as const;

export type PermissionGroup = keyof typeof PERMISSION_GROUPS;
export type Permission = (typeof PERMISSION_GROUPS)[PermissionGroup][number];

/**
 * Not grantable through a role: added to the session's scopes when the active
 * data segment allows white labelling.
 */
export const WHITE_LABELLING_SCOPE = 'white-labelling';
export type Scope = Permission | typeof WHITE_LABELLING_SCOPE;

export const ALL_PERMISSIONS: readonly Permission[] = Object.values(PERMISSION_GROUPS).flat();

export const STATUS_REVIEW_ROLES = PERMISSION_GROUPS['Status review'];
export type StatusReviewRole = (typeof STATUS_REVIEW_ROLES)[number];

export function isPermission(value: string): value is Permission {
  return (ALL_PERMISSIONS as readonly string[]).includes(value);
}

/** The user's status-review role: the first of maker, checker, approver, unlock-alerts in the scopes. */
export function getStatusReviewRole(scopes: readonly string[]): StatusReviewRole | null {
  return STATUS_REVIEW_ROLES.find((role) => scopes.includes(role)) ?? null;
}

/** A permission list needs one match; an empty list admits any signed-in user. */
export function hasAnyPermission(scopes: readonly string[], required: readonly string[]): boolean {
  return required.length === 0 || required.some((permission) => scopes.includes(permission));
}
