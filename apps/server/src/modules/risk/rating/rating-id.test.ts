import { describe, expect, it } from 'vitest';
import { newRatingId } from './rating-id';

describe('rating ids', () => {
  it('are version 7 UUIDs that sort by the time they were made', () => {
    const earlier = newRatingId(Date.UTC(2026, 0, 1));
    const later = newRatingId(Date.UTC(2026, 0, 1, 0, 0, 0, 1));
    expect(earlier).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(earlier < later).toBe(true);
    expect(earlier.slice(0, 13)).toBe('019b76da-a800');
  });
});
