import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';

export const PASSWORD_SYMBOLS = '!@#$%^&*_=+-';

/** The password rules of 001 §5, one message per rule, checked identically by client and server. */
export const ZPassword = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN_LENGTH, `Password must be between ${PASSWORD_MIN_LENGTH} and ${PASSWORD_MAX_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be between ${PASSWORD_MIN_LENGTH} and ${PASSWORD_MAX_LENGTH} characters`)
  .regex(/\d/, 'Password must contain at least one digit')
  .regex(/[a-z]/, 'Password must contain at least one lowercase letter')
  .regex(/[A-Z]/, 'Password must contain at least one uppercase letter')
  .regex(/[!@#$%^&*_=+-]/, `Password must contain at least one of ${PASSWORD_SYMBOLS}`)
  .regex(/^\S*$/, 'Password must not contain spaces');

export function isStrongPassword(value: string): boolean {
  return ZPassword.safeParse(value).success;
}
