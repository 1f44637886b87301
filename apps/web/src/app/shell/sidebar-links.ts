import { hasAnyPermission, type Scope } from '@sanad/contracts/permissions';
import type { TProfile } from '@sanad/contracts/session';
import type { IsRouted } from '../../lib/route-availability';
import { CONFIGURATION_HOME_PATH, CONFIGURATION_PERMISSIONS, visibleConfigurationGroups } from '../../features/configuration/sections';

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
  /** Lite accounts do not see System Logs or the deep-link onboarding entries. */
  hiddenForLite?: boolean;
  build?: (user: TProfile) => SidebarLink;
  /** A further condition beyond the permissions. */
  isShown?: (user: TProfile, isRouted: IsRouted) => boolean;
}

const has = (user: TProfile, ...permissions: Scope[]) => hasAnyPermission(user.scopes, permissions);
const hasIndividualProfiles = (user: TProfile) => has(user, 'view-customer-profile', 'view-deeplink-sent', 'bulk-upload');

/** Every sidebar link the spec lists, with its permission list, in the spec's order. */
const RULES: readonly LinkRule[] = [
  {
    label: 'Insights',
    to: '/insights',
    permissions: ['view-alerts', 'view-activity-dashboard', 'view-customer-statistics'],
    // /insights is the activity dashboard; a role without it goes straight to the first Insights page
    // it opens, rather than being moved by the route guard to a page outside Insights.
    build: (user) => ({
      label: 'Insights',
      to: has(user, 'view-activity-dashboard')
        ? '/insights'
        : has(user, 'view-customer-statistics')
          ? '/insights/customer-statistics'
          : '/insights/alerts',
    }),
  },
  {
    label: 'Profiles',
    to: '/customer-profiles',
    permissions: ['view-customer-profile', 'view-deeplink-sent', 'bulk-upload', 'view-company-profile'],
    // Company profiles count only for a KYB account.
    isShown: (user) => hasIndividualProfiles(user) || (user.kyb && has(user, 'view-company-profile')),
    build: (user) => {
      const individual = has(user, 'view-customer-profile') ? '/customer-profiles' : '/customer-profiles/temp-customers';
      const hasCompanies = user.kyb && has(user, 'view-company-profile');
      if (hasCompanies && !hasIndividualProfiles(user)) return { label: 'Profiles', to: '/company-profiles' };
      // A KYB account with view-company-profile chooses between the individual and the company profiles.
      return hasCompanies
        ? {
            label: 'Profiles',
            to: individual,
            children: [
              { label: 'Individual Profiles', to: individual },
              { label: 'Company Profiles', to: '/company-profiles' },
            ],
          }
        : { label: 'Profiles', to: individual };
    },
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
  // The configuration home lists every configuration page the user may open; the entry shows when there is one.
  {
    label: 'Configurations',
    to: CONFIGURATION_HOME_PATH,
    permissions: CONFIGURATION_PERMISSIONS,
    isShown: (user, isRouted) => visibleConfigurationGroups(user.scopes, isRouted).length > 0,
  },
  { label: 'Upload Delta', to: '/screening-data/delta-list', permissions: ['upload-delta-list'] },
  { label: 'Packages', to: '/billing', permissions: ['subscribe-package'] },
  { label: 'Team Members', to: '/team-members', permissions: ['view-team-members', 'manage-team-members'] },
  {
    label: 'Users',
    to: '/users',
    permissions: ['view-users', 'manage-users', 'view-roles', 'manage-roles', 'view-data-segments', 'manage-data-segments'],
  },
  // The spec's list also names manage-customer-verification, but the page needs view-customer-verification
  // a role with only the write permission would be led to a page it cannot open.
  { label: 'Customer Verification', to: '/customer-verification', permissions: ['view-customer-verification'] },
  { label: 'Notifications', to: '/notifications', permissions: ['view-notifications', 'manage-notifications'] },
  { label: 'System Logs', to: '/system-logs', permissions: ['system-logs'], hiddenForLite: true },
  // The spec's developer-tools, and the permission of each page behind it, so a holder of only one reaches it.
  {
    label: 'Developer Tools',
    to: '/developers',
    permissions: ['developer-tools', 'manage-api-logs', 'manage-application-access', 'manage-webhooks'],
  },
];

/** A link leads to a page that exists; a dropdown keeps the children that do and goes when none is left. */
function keepRouted(link: SidebarLink, isRouted: IsRouted): SidebarLink | null {
  if (!link.children) return isRouted(link.to) ? link : null;
  const children = link.children.filter((child) => isRouted(child.to));
  return children.length > 0 ? { ...link, children } : null;
}

/**
 * The links this user sees: each needs one of its permissions (SH-64), with the spec's special
 * cases, and a page behind it. Entries whose page does not exist yet stay here as rules and appear
 * once their route is added.
 */
export function buildSidebarLinks(user: TProfile, isRouted: IsRouted): SidebarLink[] {
  return RULES.filter((rule) => hasAnyPermission(user.scopes, rule.permissions))
    .filter((rule) => !(rule.hiddenForLite && user.accountType === 'lite'))
    .filter((rule) => rule.isShown?.(user, isRouted) ?? true)
    .map((rule) => keepRouted(rule.build ? rule.build(user) : { label: rule.label, to: rule.to }, isRouted))
    .filter((link): link is SidebarLink => link !== null);
}
