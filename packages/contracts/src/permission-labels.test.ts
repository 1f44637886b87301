import { describe, expect, it } from 'vitest';
import { PERMISSION_LABELS, permissionLabel } from './permission-labels';
import { ALL_PERMISSIONS } from './permissions';

describe('permission labels', () => {
  it('gives every permission of the catalogue a label and a one-line description', () => {
    const lacking = ALL_PERMISSIONS.filter((permission) => {
      const { label, description } = PERMISSION_LABELS[permission];
      return !label.trim() || label === permission || !description.trim() || description.includes('\n') || description.length > 80;
    });
    expect(lacking).toEqual([]);
    expect(Object.keys(PERMISSION_LABELS).toSorted()).toEqual([...ALL_PERMISSIONS].toSorted());
  });

  it('labels two permissions differently', () => {
    const labels = ALL_PERMISSIONS.map((permission) => PERMISSION_LABELS[permission].label);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('falls back to the code for a permission outside the catalogue, never an inherited property', () => {
    expect(permissionLabel('toString')).toEqual({ label: 'toString', description: '' });
    expect(permissionLabel('view-users').label).toBe('View system users');
  });
});
