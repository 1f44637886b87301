import { BADGE_CAP } from '@sanad/contracts/constants';
import { hasAnyPermission, type Scope } from '@sanad/contracts/permissions';
import type { HeaderMenuName } from '../../lib/route-meta';
import type { IsRouted } from '../../lib/route-availability';

/** A header menu item: name, menuLabel, permission list, sessionStep and dataLength, as the spec lists them. */
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

/**
 * Menu items are filtered by permission, only on routes that require authentication; an item whose
 * page does not exist yet is never shown (it appears once its route is added).
 */
export function visibleMenuItems(
  items: readonly HeaderMenuItem[],
  scopes: readonly string[],
  requiresAuth: boolean,
  isRouted: IsRouted,
): HeaderMenuItem[] {
  return items.filter((item) => isRouted(item.to) && (!requiresAuth || hasAnyPermission(scopes, item.permissions)));
}

/** The count badge text: the number, or '99+' above 99. */
export function badgeText(count: number): string {
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}
