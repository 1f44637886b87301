import { BADGE_CAP } from '@sanad/contracts/constants';
import { hasAnyPermission, type Scope } from '@sanad/contracts/permissions';
import type { HeaderMenuName } from '../route-meta';

/** A header menu item (001 §2): name, menuLabel, permission list, sessionStep and dataLength. */
export interface HeaderMenuItem {
  name: string;
  menuLabel: string;
  to: string;
  permissions: readonly Scope[];
  sessionStep: string;
  dataLength?: number;
}

export const HEADER_MENUS: Record<HeaderMenuName, readonly HeaderMenuItem[]> = {
  insights: [
    {
      name: 'activity-dashboard',
      menuLabel: 'Activity Dashboard',
      to: '/insights/activity-dashboard',
      permissions: ['view-activity-dashboard'],
      sessionStep: 'activity-dashboard',
    },
    {
      name: 'verification-tracker',
      menuLabel: 'Verification Tracker',
      to: '/insights/sanad-verification-tracker',
      permissions: ['view-customer-tracker'],
      sessionStep: 'sanad-verification-tracker',
    },
    {
      name: 'customer-statistics',
      menuLabel: 'Customer Statistics',
      to: '/insights/customer-statistics',
      permissions: ['view-customer-statistics'],
      sessionStep: 'customer-statistics',
    },
    { name: 'alerts', menuLabel: 'Alerts', to: '/insights/alerts', permissions: ['view-alerts'], sessionStep: 'alerts' },
  ],
  configuration: [
    {
      name: 'sanad-engine',
      menuLabel: 'Risk Engine',
      to: '/configuration/sanad-engine/risk',
      permissions: ['sanad-engine'],
      sessionStep: 'sanad-engine',
    },
    {
      name: 'simulate',
      menuLabel: 'Simulate',
      to: '/configuration/simulate',
      permissions: ['initiate-simulation-process'],
      sessionStep: 'simulate',
    },
  ],
};

/** Menu items are filtered by permission, and only on routes that require authentication (001 §4). */
export function visibleMenuItems(items: readonly HeaderMenuItem[], scopes: readonly string[], requiresAuth: boolean): HeaderMenuItem[] {
  return requiresAuth ? items.filter((item) => hasAnyPermission(scopes, item.permissions)) : [...items];
}

/** The count badge text: the number, or '99+' above 99 (001 §9). */
export function badgeText(count: number): string {
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}
