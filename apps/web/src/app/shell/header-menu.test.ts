import { describe, expect, it } from 'vitest';
import { isRouted } from '../route-table';
import { HEADER_MENUS, badgeText, visibleMenuItems } from './header-menu';

const everyPage = () => true;

describe('header menu', () => {
  it('caps the count badge at 99+', () => {
    expect(badgeText(0)).toBe('0');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });

  it('filters items by permission on routes that require sign-in, and not elsewhere', () => {
    const items = HEADER_MENUS.insights;
    expect(visibleMenuItems(items, ['view-alerts'], true, everyPage).map((item) => item.name)).toEqual(['alerts']);
    expect(visibleMenuItems(items, [], false, everyPage)).toHaveLength(items.length);
  });

  it('shows every Insights page, each to the holders of its permission, and never an item whose page does not exist', () => {
    const scopes = ['view-alerts', 'view-activity-dashboard', 'view-customer-tracker', 'view-customer-statistics'];
    expect(visibleMenuItems(HEADER_MENUS.insights, scopes, true, isRouted).map((item) => item.name)).toEqual([
      'activity-dashboard',
      'verification-tracker',
      'customer-statistics',
      'alerts',
    ]);
    expect(visibleMenuItems(HEADER_MENUS.insights, ['view-customer-tracker'], true, isRouted).map((item) => item.to)).toEqual([
      '/insights/sanad-verification-tracker',
    ]);
    expect(visibleMenuItems(HEADER_MENUS.insights, scopes, true, (path) => path === '/insights/alerts').map((item) => item.name)).toEqual([
      'alerts',
    ]);
    expect(visibleMenuItems(HEADER_MENUS.insights, [], false, () => false)).toEqual([]);
  });
});
