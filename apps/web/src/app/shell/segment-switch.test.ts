import { describe, expect, it } from 'vitest';
import { segmentToSync } from './segment-switch';

const choices = [
  { _id: 'a', companyName: 'Alpha', subscription: 'active' as const },
  { _id: 'b', companyName: 'Beta', subscription: 'trial' as const },
];

describe('aligning the session with the remembered data segment', () => {
  it('moves the session to the remembered segment when it is offered and differs', () => {
    expect(segmentToSync(choices, 'b', 'a')).toBe('b');
  });

  it('does nothing when the session is already there, or the remembered one is not offered', () => {
    expect(segmentToSync(choices, 'a', 'a')).toBeNull();
    expect(segmentToSync(choices, 'gone', 'a')).toBeNull();
    expect(segmentToSync(choices, null, 'a')).toBeNull();
  });
});
