import { describe, expect, it } from 'vitest';
import type { TRoleRow } from '@sanad/contracts/roles';
import { ALL_ROLES, roleFilterOptions } from './role-filter';

const role = (id: string, title: string, segment: string, companyName: string): TRoleRow => ({
  _id: id,
  title,
  status: 'active',
  usersCount: 0,
  permissions: [],
  dataSegmentId: segment,
  companyName,
  isSystem: false,
  createdAt: '',
});

const roles = [
  role('r1', 'Administrator', 's1', 'Test Bank'),
  role('r2', 'Checker', 's1', 'Test Bank'),
  role('r3', 'Administrator', 's2', 'Other Bank'),
];

describe('roleFilterOptions', () => {
  it('offers every role to the system user list, named by company where titles repeat across segments', () => {
    expect(roleFilterOptions(roles, 'system', 's1')).toEqual([
      ALL_ROLES,
      { value: 'r1', label: 'Administrator (Test Bank)' },
      { value: 'r2', label: 'Checker (Test Bank)' },
      { value: 'r3', label: 'Administrator (Other Bank)' },
    ]);
  });

  it("offers team members only the active segment's roles, by title alone", () => {
    expect(roleFilterOptions(roles, 'team', 's1')).toEqual([
      ALL_ROLES,
      { value: 'r1', label: 'Administrator' },
      { value: 'r2', label: 'Checker' },
    ]);
  });
});
