import { describe, expect, it } from 'vitest';
import { segmentToSync } from './segment-switch';

const choices = [
  { _id: 'a', companyName: 'Alpha', subscription: 'active' as const },
  { _id: 'b', companyName: 'Beta', subscription: 'trial' as const },
];

describe('aligning the active data segment and the session', () => {
  it('moves the session to the remembered segment when it is offered and differs', () => {
    expect(segmentToSync(choices, [], 'b', 'a')).toBe('b');
  });

  it('does nothing when the session is already on the remembered segment', () => {
    expect(segmentToSync(choices, [], 'a', 'a')).toBeNull();
  });

  it("falls back to the first of the user's own segments that is offered", () => {
    expect(segmentToSync(choices, ['gone', 'b', 'a'], 'gone', 'gone')).toBe('b');
  });

  it('falls back to the first offered segment for a user who sees every segment', () => {
    expect(segmentToSync(choices, [], 'archived', 'b')).toBe('a');
    expect(segmentToSync(choices, [], null, null)).toBe('a');
  });

  it('does nothing while no segment is offered', () => {
    expect(segmentToSync([], [], 'a', 'a')).toBeNull();
  });
});
