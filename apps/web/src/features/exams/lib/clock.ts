import type { AliveClock, TestClockState } from '@qbank/contract';

/**
 * The server's clock as last heard, and when (this device's monotonic milliseconds): between two answers
 * from the server the screen counts on from it, and every answer sets it right again.
 */
export interface LocalClock {
  status: TestClockState['status'];
  remaining: number | null;
  used: number;
  at: number;
}

/** From any clock the server answers (the keep-alive's is the least: no position). */
export const localClockOf = (clock: AliveClock, at: number): LocalClock => ({
  status: clock.status,
  remaining: clock.timeRemainingInSeconds,
  used: clock.timeUsedSeconds,
  at,
});

/** Seconds counted since the clock was heard, while it runs (a paused or ended test's clock stands still). */
const runningFor = (clock: LocalClock, now: number) =>
  clock.status === 'IN_PROGRESS' ? Math.max(0, (now - clock.at) / 1000) : 0;

/** Timed mode: the seconds left now (never below 0); null in tutor mode. */
export function remainingAt(clock: LocalClock, now: number): number | null {
  if (clock.remaining === null) return null;
  return Math.max(0, Math.ceil(clock.remaining - runningFor(clock, now)));
}

/** The seconds used so far (tutor mode's clock). */
export const usedAt = (clock: LocalClock, now: number) => Math.floor(clock.used + runningFor(clock, now));

/** A clock's face: 4:05, 12:04, 1:02:03. */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** A duration in words, for screen readers and summaries: '1 h 2 min', '12 min 4 s', '45 s'. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h > 0) return m > 0 ? `${h} h ${m} min` : `${h} h`;
  if (m > 0) return sec > 0 ? `${m} min ${sec} s` : `${m} min`;
  return `${sec} s`;
}
