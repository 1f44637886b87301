import { describe, expect, it } from 'vitest';
import { HEADER_MENUS, badgeText, visibleMenuItems } from './header-menu';

describe('header menu', () => {
  it('caps the count badge at 99+', () => {
    expect(badgeText(0)).toBe('0');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });

  it('filters items by permission on routes that require sign-in, and not elsewhere', () => {
    const items = HEADER_MENUS.insights;
    expect(visibleMenuItems(items, ['view-alerts'], true).map((item) => item.name)).toEqual(['alerts']);
    expect(visibleMenuItems(items, [], false)).toHaveLength(items.length);
  });
});
