import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PERFORMANCE_STATE,
  performanceQueryOf,
  readPerformanceState,
  wholeIn,
  writePerformanceState,
} from './performance-params';

const COHORT = '0b9f3c2e-6a57-4f57-9a43-6f4c1a2b3c4d';

describe('the Performance screen’s address', () => {
  it('reads the defaults from an empty address and writes nothing for them', () => {
    expect(readPerformanceState(new URLSearchParams())).toEqual(DEFAULT_PERFORMANCE_STATE);
    expect(writePerformanceState(DEFAULT_PERFORMANCE_STATE).toString()).toBe('');
  });

  it('round-trips a state', () => {
    const s = { cohort: COHORT, weeks: 26, inactiveDays: 30, belowPercent: 60, page: 3 };
    const written = writePerformanceState(s);
    expect(written.toString()).toBe(`cohort=${COHORT}&weeks=26&inactive=30&below=60&page=3`);
    expect(readPerformanceState(written)).toEqual(s);
    expect(performanceQueryOf(s)).toEqual({
      cohortUuid: COHORT,
      weeks: 26,
      inactiveDays: 30,
      belowPercent: 60,
      page: 2,
    });
  });

  it('reads anything unknown or out of range as the default', () => {
    const s = readPerformanceState(new URLSearchParams('cohort=nope&weeks=13&inactive=0&below=101&page=-2'));
    expect(s).toEqual(DEFAULT_PERFORMANCE_STATE);
    expect(wholeIn('', 1, 10)).toBeNull();
    expect(wholeIn('2.5', 1, 10)).toBeNull();
    expect(wholeIn(7, 1, 10)).toBe(7);
  });
});
