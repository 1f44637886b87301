import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, PERMISSION_GROUPS, getStatusReviewRole, hasAnyPermission } from './permissions';

describe('permission catalogue', () => {
  it('holds every permission once', () => {
    expect(new Set(ALL_PERMISSIONS).size).toBe(ALL_PERMISSIONS.length);
    expect(ALL_PERMISSIONS).toHaveLength(7 + 15 + 19 + 8 + 1 + 4);
  });

  it('groups the status review roles as the spec lists them', () => {
    expect(PERMISSION_GROUPS['Status review']).toEqual(['maker', 'checker', 'approver', 'unlock-alerts']);
  });

  it('takes the first status review role found in the order maker, checker, approver, unlock-alerts', () => {
    expect(getStatusReviewRole(['approver', 'view-users', 'checker'])).toBe('checker');
    expect(getStatusReviewRole(['unlock-alerts'])).toBe('unlock-alerts');
    expect(getStatusReviewRole(['view-users'])).toBeNull();
  });

  it('admits a user holding any one of the listed permissions, and anyone for an empty list', () => {
    expect(hasAnyPermission(['view-roles'], ['view-users', 'view-roles'])).toBe(true);
    expect(hasAnyPermission(['view-roles'], ['view-users'])).toBe(false);
    expect(hasAnyPermission([], [])).toBe(true);
  });
});
