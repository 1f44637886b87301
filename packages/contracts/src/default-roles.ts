import { ALL_PERMISSIONS, type Permission } from './permissions';

export interface DefaultRole {
  title: string;
  description: string;
  permissions: readonly Permission[];
}

const READ_PROFILES: Permission[] = ['view-customer-profile', 'view-company-profile', 'view-deeplink-sent', 'view-customer-verification'];
const READ_INSIGHTS: Permission[] = [
  'view-alerts',
  'notification-bar',
  'view-customer-tracker',
  'view-activity-dashboard',
  'view-customer-statistics',
  'view-notifications',
];

/**
 * The roles every new data segment starts with (DECISIONS SH-37). They are ordinary roles:
 * administrators may edit or archive them. The README lists these sets.
 */
export const DEFAULT_ROLES: readonly DefaultRole[] = [
  {
    title: 'Administrator',
    description: 'Every permission, including user, role and data segment administration.',
    permissions: ALL_PERMISSIONS,
  },
  {
    title: 'Compliance Officer',
    description: 'Maker: registers customers and companies, reviews profiles, screening and risk, opens alerts.',
    permissions: [
      ...READ_INSIGHTS,
      ...READ_PROFILES,
      'register-customer',
      'register-company',
      'bulk-upload',
      'edit-profile',
      'kyc-status-review',
      'open-alerts',
      'export-customer-profile',
      'export-activity-timeline',
      'manage-customer-verification',
      'view-screening-data',
      'initiate-simulation-process',
      'upload-delta-list',
      'maker',
    ],
  },
  {
    title: 'Checker',
    description: 'Second pair of eyes: reviews alerts and KYC status prepared by a maker.',
    permissions: [...READ_INSIGHTS, ...READ_PROFILES, 'kyc-status-review', 'export-activity-timeline', 'view-screening-data', 'checker'],
  },
  {
    title: 'Approver',
    description: 'Final decision on alerts and KYC status; may overwrite a risk level and unlock alerts.',
    permissions: [
      ...READ_INSIGHTS,
      ...READ_PROFILES,
      'kyc-status-review',
      'manually-overwrite',
      'archive-customer-profile',
      'export-customer-profile',
      'export-activity-timeline',
      'view-screening-data',
      'approver',
      'unlock-alerts',
    ],
  },
  {
    title: 'Analyst',
    description: 'Read-only: profiles, insights and screening data; may export reports.',
    permissions: [...READ_INSIGHTS, ...READ_PROFILES, 'view-screening-data', 'export-activity-dashboard', 'export-customer-statistics'],
  },
  {
    title: 'Developer',
    description: 'Developer tools: API access, webhooks and API logs.',
    permissions: ['developer-tools', 'manage-webhooks', 'manage-api-logs', 'manage-application-access', 'view-notifications'],
  },
];

export const ADMINISTRATOR_ROLE_TITLE = 'Administrator';
