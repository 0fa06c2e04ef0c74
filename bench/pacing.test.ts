import { describe, expect, it } from 'vitest';
import { percentile, sendTimes } from './pacing';

describe('sendTimes', () => {
  it('spreads the requests evenly over the run, the first at once', () => {
    expect(sendTimes(4, 1)).toEqual([0, 250, 500, 750]);
    const times = sendTimes(1000, 10);
    expect(times).toHaveLength(10_000);
    expect(times[1]).toBe(1);
    expect(times.at(-1)).toBeCloseTo(9999, 6);
  });

  it("never sends a second's requests together: no two are due at the same moment", () => {
    const times = sendTimes(100, 2);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(new Set(gaps.map((g) => g.toFixed(6)))).toEqual(new Set(['10.000000']));
  });

  it('refuses a rate or a length that is not above 0', () => {
    expect(() => sendTimes(0, 10)).toThrow(RangeError);
    expect(() => sendTimes(100, 0)).toThrow(RangeError);
    expect(() => sendTimes(Number.NaN, 1)).toThrow(RangeError);
  });
});

describe('percentile', () => {
  const values = Array.from({ length: 100 }, (_, i) => i + 1); // 1..100

  it('is the nearest rank: the smallest value with at least p % at or below it', () => {
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([3, 7, 9], 50)).toBe(7);
    expect(percentile([3, 7, 9], 99)).toBe(9);
  });

  it('takes the first value for p 0 and one value for any p', () => {
    expect(percentile(values, 0)).toBe(1);
    expect(percentile([42], 99)).toBe(42);
  });

  it('is NaN for no values', () => {
    expect(percentile([], 50)).toBeNaN();
  });
});
