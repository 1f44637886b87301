import { describe, expect, it } from 'vitest';
import { formatDuration, percentOf } from './tracker-format';

describe('tracker figures', () => {
  it('writes durations in the two largest units', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(20)).toBe('<1 min');
    expect(formatDuration(45 * 60)).toBe('45 min');
    expect(formatDuration(7_200)).toBe('2 h');
    expect(formatDuration(10_080)).toBe('2 h 48 min');
    expect(formatDuration(3 * 86_400 + 4 * 3_600 + 59)).toBe('3 d 4 h');
  });

  it('writes shares as whole percentages', () => {
    expect(percentOf(1, 3)).toBe('33%');
    expect(percentOf(0, 0)).toBe('0%');
  });
});
