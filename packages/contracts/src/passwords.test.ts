import { describe, expect, it } from 'vitest';
import { ZPassword } from './passwords';

const firstError = (value: string) => ZPassword.safeParse(value).error?.issues[0]?.message;

describe('password policy', () => {
  it('accepts a password meeting every rule', () => {
    expect(ZPassword.safeParse('Abcde1!').success).toBe(true);
    expect(ZPassword.safeParse('Zz9_zzzzzzzzzzzzzzzz').success).toBe(true);
  });

  it('refuses each broken rule with its own message', () => {
    expect(firstError('')).toBe('Password is required');
    expect(firstError('Ab1!')).toBe('Password must be between 6 and 20 characters');
    expect(firstError('Abcdefghijk1!abcdefghij')).toBe('Password must be between 6 and 20 characters');
    expect(firstError('Abcdef!')).toBe('Password must contain at least one digit');
    expect(firstError('ABCDE1!')).toBe('Password must contain at least one lowercase letter');
    expect(firstError('abcde1!')).toBe('Password must contain at least one uppercase letter');
    expect(firstError('Abcde12')).toBe('Password must contain at least one of !@#$%^&*_=+-');
    expect(firstError('Abc de1!')).toBe('Password must not contain spaces');
  });

  it('does not count symbols outside the list', () => {
    expect(firstError('Abcde1?')).toBe('Password must contain at least one of !@#$%^&*_=+-');
  });
});
