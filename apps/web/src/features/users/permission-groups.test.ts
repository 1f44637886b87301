import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, PERMISSION_GROUPS } from '@sanad/contracts/permissions';
import { GROUP_NAMES, grantableBy, groupState, orderedPermissions, toggleGroup, togglePermission } from './permission-groups';

const everything = () => true;

describe('role editor permission groups', () => {
  it('shows the groups exactly as the spec orders them', () => {
    expect(GROUP_NAMES).toEqual(['Insights', 'Customer profiles', 'Configurations', 'System user', 'System logs', 'Status review']);
  });

  it('reads a group as all, some or none chosen', () => {
    expect(groupState('Status review', new Set(PERMISSION_GROUPS['Status review']))).toBe('all');
    expect(groupState('Status review', new Set(['maker']))).toBe('some');
    expect(groupState('Status review', new Set(['view-users']))).toBe('none');
  });

  it('selects a whole group, then clears it, leaving other groups alone', () => {
    const chosen = toggleGroup('System user', new Set(['system-logs', 'view-users']), everything);
    expect(groupState('System user', chosen)).toBe('all');
    expect(chosen.has('system-logs')).toBe(true);
    const cleared = toggleGroup('System user', chosen, everything);
    expect(groupState('System user', cleared)).toBe('none');
    expect([...cleared]).toEqual(['system-logs']);
  });

  it('selects only what the editor may grant', () => {
    const canGrant = grantableBy(['view-users', 'manage-users']);
    const chosen = toggleGroup('System user', new Set(), canGrant);
    expect(orderedPermissions(chosen)).toEqual(['view-users', 'manage-users']);
    expect(toggleGroup('System user', chosen, canGrant).size).toBe(0);
  });

  it('lets an editor holding every permission grant any of them', () => {
    const canGrant = grantableBy([...ALL_PERMISSIONS]);
    expect(ALL_PERMISSIONS.every(canGrant)).toBe(true);
    expect(grantableBy(['view-users'])('system-logs')).toBe(false);
  });

  it('toggles one permission and saves in catalogue order', () => {
    const chosen = togglePermission('checker', togglePermission('view-alerts', new Set()));
    expect(orderedPermissions(chosen)).toEqual(['view-alerts', 'checker']);
    expect(togglePermission('checker', chosen).has('checker')).toBe(false);
  });
});
