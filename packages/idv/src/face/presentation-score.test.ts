import { describe, expect, it } from 'vitest';
import { summarisePresentation } from './presentation-score';

describe('presentation assessment', () => {
  it('takes the median of each network over the frames, so one odd frame does not decide', () => {
    const frames = [
      { antispoof: 0.8, liveness: 0.9 },
      { antispoof: 0.1, liveness: 0.2 },
      { antispoof: 0.7, liveness: 0.95 },
    ];
    expect(summarisePresentation(frames)).toEqual({ score: 80, antispoof: 0.7, liveness: 0.9, samples: 3 });
  });

  it('has nothing to say without a face', () => {
    expect(summarisePresentation([])).toBeNull();
  });
});
