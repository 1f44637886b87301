import { describe, expect, it } from 'vitest';
import { STRICTLY_ALPHANUMERIC_MESSAGE, ZStrictlyAlphanumeric, isStrictlyAlphanumeric } from './field-rules';

describe('strictlyAlphanumeric', () => {
  it('accepts letters and digits with at least one of each', () => {
    expect(isStrictlyAlphanumeric('ab1')).toBe(true);
    expect(isStrictlyAlphanumeric('1A')).toBe(true);
    expect(isStrictlyAlphanumeric('AB1234567')).toBe(true);
  });

  it('refuses only letters, only digits, spaces and special characters', () => {
    for (const value of ['abc', '123', 'ab 1', 'ab-1', 'ab_1', 'ab1!', '', 'é1']) expect(isStrictlyAlphanumeric(value)).toBe(false);
  });

  it('says that only letters and numbers are allowed', () => {
    const result = ZStrictlyAlphanumeric.safeParse('ab 1');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(STRICTLY_ALPHANUMERIC_MESSAGE);
  });
});
