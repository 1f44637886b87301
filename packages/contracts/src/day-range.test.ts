import { describe, expect, it } from 'vitest';
import { DAY_RANGE_MESSAGES, ZDay } from './day-range';

const refusal = (day: string) => ZDay.safeParse(day).error?.issues.map((issue) => issue.message);

describe('a day', () => {
  it('is a real calendar day in YYYY-MM-DD form', () => {
    expect(ZDay.safeParse('2024-02-29').success).toBe(true);
    expect(refusal('2024-02-30')).toEqual([DAY_RANGE_MESSAGES.format]);
    expect(refusal('2023-13-01')).toEqual([DAY_RANGE_MESSAGES.format]);
    expect(refusal('1/2/2024')).toEqual([DAY_RANGE_MESSAGES.format]);
  });

  it('starts in 1900, so no range computed from it leaves the calendar the database knows', () => {
    expect(refusal('0000-01-01')).toEqual([DAY_RANGE_MESSAGES.bounds]);
    expect(refusal('1899-12-31')).toEqual([DAY_RANGE_MESSAGES.bounds]);
    expect(ZDay.safeParse('9999-12-31').success).toBe(true);
  });
});
