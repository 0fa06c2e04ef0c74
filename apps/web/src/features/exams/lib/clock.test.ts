import { describe, expect, it } from 'vitest';
import { formatClock, formatDuration, localClockOf, remainingAt, usedAt } from './clock';

describe('the local clock', () => {
  const heard = localClockOf(
    { status: 'IN_PROGRESS', timeRemainingInSeconds: 90, timeUsedSeconds: 30 },
    1_000,
  );

  it('counts down and up from what the server said, while the test runs', () => {
    expect(remainingAt(heard, 1_000)).toBe(90);
    expect(remainingAt(heard, 11_500)).toBe(80);
    expect(usedAt(heard, 11_500)).toBe(40);
    expect(remainingAt(heard, 500_000)).toBe(0);
  });

  it('stands still while paused; tutor mode has no countdown', () => {
    const paused = { ...heard, status: 'PAUSED' as const };
    expect(remainingAt(paused, 60_000)).toBe(90);
    expect(usedAt(paused, 60_000)).toBe(30);
    expect(remainingAt({ ...heard, remaining: null }, 5_000)).toBeNull();
  });
});

it('formatClock shows minutes and seconds, hours when there are any', () => {
  expect(formatClock(0)).toBe('0:00');
  expect(formatClock(65)).toBe('1:05');
  expect(formatClock(3723)).toBe('1:02:03');
  expect(formatClock(-5)).toBe('0:00');
});

it('formatDuration says a duration in words', () => {
  expect(formatDuration(45)).toBe('45 s');
  expect(formatDuration(724)).toBe('12 min 4 s');
  expect(formatDuration(120)).toBe('2 min');
  expect(formatDuration(3720)).toBe('1 h 2 min');
  expect(formatDuration(7200)).toBe('2 h');
});
