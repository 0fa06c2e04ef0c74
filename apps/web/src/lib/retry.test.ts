import { describe, expect, it } from 'vitest';
import { nextRetryDelay, retrySchedule, shouldRetryStatus } from './retry';

describe('retry rule (SPEC §8, §9)', () => {
  it('retries only statuses above 500', () => {
    expect(shouldRetryStatus(500)).toBe(false);
    expect(shouldRetryStatus(501)).toBe(true);
    expect(shouldRetryStatus(503)).toBe(true);
    expect(shouldRetryStatus(429)).toBe(false);
    expect(shouldRetryStatus(404)).toBe(false);
  });

  it('starts at 200 ms and doubles while the previous delay is at most 1600 ms', () => {
    expect(nextRetryDelay(null)).toBe(200);
    expect(nextRetryDelay(200)).toBe(400);
    expect(nextRetryDelay(1600)).toBe(3200);
    expect(nextRetryDelay(3200)).toBeNull();
    expect(retrySchedule()).toEqual([200, 400, 800, 1600, 3200]);
  });
});
