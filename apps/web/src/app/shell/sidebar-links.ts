import { hasAnyPermission, type Scope } from '@sanad/contracts/permissions';
import type { TProfile } from '@sanad/contracts/session';

export interface SidebarLink {
  label: string;
  to: string;
  /** A KYB account sees some entries as a dropdown of these instead of a single link. */
  children?: SidebarLink[];
}

interface LinkRule {
  label: string;
  to: string;
  permissions: readonly Scope[];
  /** Lite accounts do not see System Logs or the deep-link onboarding entries (001 §2). */
  hiddenForLite?: boolean;
  build?: (user: TProfile) => SidebarLink;
}

const has = (user: TProfile, ...permissions: Scope[]) => hasAnyPermission(user.scopes, permissions);

/** Every sidebar link of 001 §2 with its permission list, in the spec's order. */
const RULES: readonly LinkRule[] = [
  { label: 'Insights', to: '/insights', permissions: ['view-alerts', 'view-activity-dashboard', 'view-customer-statistics'] },
  {
    label: 'Profiles',
    to: '/customer-profiles',
    permissions: ['view-customer-profile', 'view-deeplink-sent', 'bulk-upload'],
    build: (user) => ({
      label: 'Profiles',
      to: has(user, 'view-customer-profile') ? '/customer-profiles' : '/customer-profiles/temp-customers',
    }),
  },
  {
    label: 'Deep Link Onboarding',
    to: '/register-customer',
    permissions: ['register-customer'],
    hiddenForLite: true,
    build: (user) =>
      user.kyb
        ? {
            label: 'Deep Link Onboarding',
            to: '/register-customer',
            children: [
              { label: 'Individual Onboarding', to: '/register-customer' },
              ...(has(user, 'register-company') ? [{ label: 'Company Onboarding', to: '/register-company' }] : []),
            ],
          }
        : { label: 'Deep Link Onboarding', to: '/register-customer' },
  },
  {
    label: 'Self Service Onboarding',
    to: '/self-register/upload-document',
    permissions: ['register-customer'],
    build: (user) =>
      user.kyb
        ? {
            label: 'Self Service Onboarding',
            to: '/self-register/upload-document',
            children: [
              { label: 'Individual Onboarding', to: '/self-register/upload-document' },
              ...(has(user, 'register-company') ? [{ label: 'Company Onboarding', to: '/self-register-company/upload-document' }] : []),
            ],
          }
        : { label: 'Self Service Onboarding', to: '/self-register/upload-document' },
  },
  { label: 'Bulk Onboarding', to: '/bulk-customers-onboarding', permissions: ['bulk-upload'] },
  // DECISIONS SH-38: the onboarding configuration accepts configurations or onboarding-configurations.
  {
    label: 'Configurations',
    to: '/configuration/on-boarding-configuration/',
    permissions: ['configurations', 'onboarding-configurations'],
  },
  { label: 'Upload Delta', to: '/screening-data/delta-list', permissions: ['upload-delta-list'] },
  { label: 'Packages', to: '/billing', permissions: ['subscribe-package'] },
  { label: 'Team Members', to: '/team-members', permissions: ['view-team-members', 'manage-team-members'] },
  {
    label: 'Users',
    to: '/users',
    permissions: ['view-users', 'manage-users', 'view-roles', 'manage-roles', 'view-data-segments', 'manage-data-segments'],
  },
  {
    label: 'Customer Verification',
    to: '/customer-verification',
    permissions: ['view-customer-verification', 'manage-customer-verification'],
  },
  { label: 'Notifications', to: '/notifications', permissions: ['view-notifications', 'manage-notifications'] },
  { label: 'System Logs', to: '/system-logs', permissions: ['system-logs'], hiddenForLite: true },
  { label: 'Developer Tools', to: '/developers', permissions: ['developer-tools'] },
];

/** The links this user sees: each needs one of its permissions (SH-64), with the spec's special cases. */
export function buildSidebarLinks(user: TProfile): SidebarLink[] {
  return RULES.filter((rule) => hasAnyPermission(user.scopes, rule.permissions))
    .filter((rule) => !(rule.hiddenForLite && user.accountType === 'lite'))
    .map((rule) => (rule.build ? rule.build(user) : { label: rule.label, to: rule.to }));
}
