import { describe, expect, it } from 'vitest';
import { isFinalAttempt, retryDelayMs } from './jobs';

describe('retry rules', () => {
  it('waits 5 s after the first failure, doubling each time, at most an hour', () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000, 80_000]);
    expect(retryDelayMs(0)).toBe(5_000);
    expect(retryDelayMs(11)).toBe(60 * 60 * 1000);
    expect(retryDelayMs(100)).toBe(60 * 60 * 1000);
  });

  it('an attempt is the last one when it reaches maxAttempts', () => {
    expect(isFinalAttempt(9, 10)).toBe(false);
    expect(isFinalAttempt(10, 10)).toBe(true);
    expect(isFinalAttempt(11, 10)).toBe(true);
  });
});
