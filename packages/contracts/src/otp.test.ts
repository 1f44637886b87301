import { describe, expect, it } from 'vitest';
import { OTP_MESSAGES, ZOtp } from './otp';

const firstError = (value: unknown) => ZOtp.safeParse(value).error?.issues[0]?.message;

describe('one-time code rules', () => {
  it('accepts exactly six digits', () => {
    expect(ZOtp.safeParse('012345').success).toBe(true);
  });

  it("refuses each broken rule with the spec's words", () => {
    expect(firstError('')).toBe(OTP_MESSAGES.required);
    expect(firstError(undefined)).toBe(OTP_MESSAGES.required);
    expect(firstError('12345')).toBe('OTP should not be less than 6 digits');
    expect(firstError('1234567')).toBe('OTP should not be greater than 6 digits');
    expect(firstError('12a456')).toBe(OTP_MESSAGES.digitsOnly);
    expect(firstError('12 456')).toBe(OTP_MESSAGES.digitsOnly);
  });
});
