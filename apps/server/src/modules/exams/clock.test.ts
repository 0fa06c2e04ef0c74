import { describe, expect, it } from 'vitest';
import { ALIVE_GRACE_MS, type ClockRow, clockState, percentile, scorePercent, tick } from './clock';

const at = (s: number) => new Date(Date.UTC(2026, 10, 24, 12, 0, 0) + s * 1000);
const running = (over: Partial<ClockRow> = {}): ClockRow => ({
  status: 'IN_PROGRESS',
  timeLimitMs: null,
  timeUsedMs: 0,
  lastTickAt: at(0),
  currentPosition: 0,
  ...over,
});

describe('tick: time runs only while the test is kept alive', () => {
  it('counts the time since the last tick while running', () => {
    expect(tick(running(), at(15))).toEqual({ deltaMs: 15_000, timeUsedMs: 15_000, expired: false });
  });
  it('counts a long gap (a closed lid, a lost connection) as the grace period only', () => {
    expect(tick(running({ timeUsedMs: 5_000 }), at(3600)).deltaMs).toBe(ALIVE_GRACE_MS);
  });
  it('counts nothing while paused or completed, or for a clock that went backwards', () => {
    expect(tick(running({ status: 'PAUSED', lastTickAt: null }), at(30)).deltaMs).toBe(0);
    expect(tick(running({ status: 'COMPLETED' }), at(30)).deltaMs).toBe(0);
    expect(tick(running(), at(-5)).deltaMs).toBe(0);
  });
  it('never counts past a timed test’s limit, and says when it has run out', () => {
    const row = running({ timeLimitMs: 90_000, timeUsedMs: 80_000 });
    expect(tick(row, at(5))).toEqual({ deltaMs: 5_000, timeUsedMs: 85_000, expired: false });
    expect(tick(row, at(30))).toEqual({ deltaMs: 10_000, timeUsedMs: 90_000, expired: true });
  });
});

describe('clockState', () => {
  it('rounds the time remaining up and the time used down', () => {
    expect(clockState(running({ timeLimitMs: 90_000, timeUsedMs: 1_500 }))).toEqual({
      status: 'IN_PROGRESS',
      timeRemainingInSeconds: 89,
      timeUsedSeconds: 1,
      currentPosition: 0,
    });
    expect(clockState(running({ timeLimitMs: 90_000, timeUsedMs: 95_000 })).timeRemainingInSeconds).toBe(0);
    expect(clockState(running()).timeRemainingInSeconds).toBeNull();
  });
});

describe('scores', () => {
  it('scores correct answers over all questions, rounded down', () => {
    expect(scorePercent(2, 3)).toBe(67);
    expect(scorePercent(0, 0)).toBe(0);
    expect(scorePercent(10, 10)).toBe(100);
  });
  it('places a score among others: below plus half the ties', () => {
    expect(percentile(0, 1, 1)).toBe(50);
    expect(percentile(9, 1, 10)).toBe(95);
    expect(percentile(0, 0, 0)).toBe(0);
  });
});
