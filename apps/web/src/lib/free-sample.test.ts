import { describe, expect, it } from 'vitest';
import { freeSampleUsedUp } from './free-sample';

describe('the free sample used up', () => {
  it('is a free plan whose sample holds questions and has none left unseen', () => {
    expect(freeSampleUsedUp({ freeSampleOnly: true, sampleSize: 12, unseen: 0 })).toBe(true);
    expect(freeSampleUsedUp({ freeSampleOnly: true, sampleSize: 12, unseen: 1 })).toBe(false);
    // A bank without a free sample has nothing to use up (Start Test says the sample is empty instead).
    expect(freeSampleUsedUp({ freeSampleOnly: true, sampleSize: 0, unseen: 0 })).toBe(false);
    // A paid plan draws from the whole bank.
    expect(freeSampleUsedUp({ freeSampleOnly: false, sampleSize: 12, unseen: 0 })).toBe(false);
  });
});
