import { describe, expect, it } from 'vitest';
import type { TRoleRow } from '@sanad/contracts/roles';
import type { TStaffUserRow } from '@sanad/contracts/users';
import { ZSystemUserInput } from '@sanad/contracts/users';
import { validateWith } from '../../lib/form-errors';
import { emptyStaffForm, rolesFor, staffFormFrom, staffPayload } from './staff-form';

const role = (id: string, segment: string): TRoleRow => ({
  _id: id,
  title: id,
  status: 'active',
  usersCount: 0,
  permissions: [],
  dataSegmentId: segment,
  companyName: segment,
  isSystem: false,
  createdAt: '',
});
const row: TStaffUserRow = {
  _id: 'u1',
  firstName: 'Amina',
  lastName: 'Rahman',
  fullName: 'Amina Rahman',
  email: 'amina@client.test',
  username: 'amina',
  phoneNumber: null,
  companyName: 'Client',
  ref: '',
  avatar: null,
  roleId: 'r1',
  roleTitle: 'Checker',
  invitedBy: null,
  origin: null,
  dataSegmentIds: ['s1'],
  kyb: false,
  accountType: 'full',
  userGuide: false,
  isTeamMember: false,
  status: 'active',
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('staff form', () => {
  it('starts in the active segment', () => {
    expect(emptyStaffForm('s1').dataSegmentIds).toEqual(['s1']);
  });

  it("shows the server's first rule when names are too long or the e-mail is wrong", () => {
    const values = { ...emptyStaffForm('s1'), firstName: 'x'.repeat(51), lastName: 'Khan', email: 'nope', roleId: 'r1' };
    expect(validateWith(ZSystemUserInput, staffPayload('system', values, null))).toMatchObject({
      isValid: false,
      first: 'First name must be at most 50 characters',
      errors: { email: 'Enter a valid email address' },
    });
  });

  it('sends an empty segment list for a user who sees every segment, and none for a team member', () => {
    const values = { ...staffFormFrom(row), allSegments: true };
    expect(staffPayload('system', values, null).dataSegmentIds).toEqual([]);
    expect(staffPayload('team', values, null)).not.toHaveProperty('dataSegmentIds');
  });

  it('keeps the id and status of the row being edited', () => {
    expect(staffPayload('system', staffFormFrom(row), row)).toMatchObject({ _id: 'u1', status: 'active', dataSegmentIds: ['s1'] });
  });

  it("offers the roles of the user's segments, every role for all segments, the active segment's to a team member", () => {
    const roles = [role('r1', 's1'), role('r2', 's2')];
    const values = { ...emptyStaffForm('s1'), dataSegmentIds: ['s2'] };
    expect(rolesFor(roles, 'system', values, 's1').map((item) => item._id)).toEqual(['r2']);
    expect(rolesFor(roles, 'system', { ...values, allSegments: true }, 's1')).toHaveLength(2);
    expect(rolesFor(roles, 'team', values, 's1').map((item) => item._id)).toEqual(['r1']);
  });
});
