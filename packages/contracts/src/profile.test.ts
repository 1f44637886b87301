import { describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES, ZChangePasswordForm, ZProfileForm, ZUpdateProfileRequest } from './profile';

const firstError = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('profile form', () => {
  const valid = { firstName: 'Ayesha', lastName: 'Khan', email: 'ayesha@example.com' };

  it('accepts names of 50 characters and refuses 51', () => {
    expect(ZProfileForm.safeParse({ ...valid, firstName: 'a'.repeat(50) }).success).toBe(true);
    expect(firstError(ZProfileForm.safeParse({ ...valid, firstName: 'a'.repeat(51) }))).toBe(PROFILE_MESSAGES.firstNameTooLong);
    expect(firstError(ZProfileForm.safeParse({ ...valid, lastName: 'a'.repeat(51) }))).toBe(PROFILE_MESSAGES.lastNameTooLong);
  });

  it('requires the names and a valid e-mail', () => {
    expect(firstError(ZProfileForm.safeParse({ ...valid, firstName: '  ' }))).toBe(PROFILE_MESSAGES.firstNameRequired);
    expect(firstError(ZProfileForm.safeParse({ ...valid, lastName: '' }))).toBe(PROFILE_MESSAGES.lastNameRequired);
    expect(firstError(ZProfileForm.safeParse({ ...valid, email: '' }))).toBe(PROFILE_MESSAGES.emailRequired);
    expect(firstError(ZProfileForm.safeParse({ ...valid, email: 'not-an-email' }))).toBe(PROFILE_MESSAGES.emailInvalid);
  });

  it('names a field the profile update may not carry', () => {
    const result = ZUpdateProfileRequest.safeParse({ _id: 'x', ...valid, otp: '123456', token: 't', role: 'Administrator' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ code: 'unrecognized_keys', keys: ['role'], message: 'role cannot be changed through the profile' }),
    ]);
  });
});

describe('change password form', () => {
  const valid = { oldPassword: 'Old-pass1', password: 'New-pass1', passwordConfirmation: 'New-pass1' };

  it('accepts a valid change', () => {
    expect(ZChangePasswordForm.safeParse(valid).success).toBe(true);
  });

  it('applies the password rules to every field and wants confirm equal to new', () => {
    expect(firstError(ZChangePasswordForm.safeParse({ ...valid, oldPassword: '' }))).toBe(PROFILE_MESSAGES.oldPasswordRequired);
    expect(firstError(ZChangePasswordForm.safeParse({ ...valid, oldPassword: 'Ab1!x' }))).toBe(
      'Password must be between 6 and 20 characters',
    );
    expect(firstError(ZChangePasswordForm.safeParse({ ...valid, password: 'New pass-1', passwordConfirmation: 'New pass-1' }))).toBe(
      'Password must not contain spaces',
    );
    expect(firstError(ZChangePasswordForm.safeParse({ ...valid, passwordConfirmation: '' }))).toBe(PROFILE_MESSAGES.confirmRequired);
    expect(firstError(ZChangePasswordForm.safeParse({ ...valid, passwordConfirmation: 'New-pass2' }))).toBe(
      PROFILE_MESSAGES.confirmMismatch,
    );
  });
});
