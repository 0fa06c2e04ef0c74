import { ALIVE_GRACE_SECONDS, percentOf, type TestClockState, type TestStatus } from '@qbank/contract';

// The server is the test's clock (DESIGN §5). Time is counted on events, not by a timer: every keep-alive and
// every action adds the time since the last one to the test and to the question on screen, at most a grace
// period, so a test left open on a sleeping laptop spends nothing while nobody keeps it alive.

export const ALIVE_GRACE_MS = ALIVE_GRACE_SECONDS * 1000;

export interface ClockRow {
  status: TestStatus;
  timeLimitMs: number | null;
  timeUsedMs: number;
  /** While running: when time was last counted. */
  lastTickAt: Date | null;
  currentPosition: number;
  /** A moment the test ends whatever its time says (an assignment's close); absent or null: none. */
  endsAt?: Date | null;
}

export interface Tick {
  /** Time to add to the test and its current question. */
  deltaMs: number;
  timeUsedMs: number;
  /** A timed test whose time has run out by now, or a test past its end (`endsAt`). */
  expired: boolean;
}

/** The time spent since the last tick, as of `now`: only while running, at most the grace period, never past the limit. */
export function tick(row: ClockRow, now: Date): Tick {
  let deltaMs = 0;
  if (row.status === 'IN_PROGRESS' && row.lastTickAt)
    deltaMs = Math.min(Math.max(now.getTime() - row.lastTickAt.getTime(), 0), ALIVE_GRACE_MS);
  if (row.timeLimitMs !== null) deltaMs = Math.max(Math.min(deltaMs, row.timeLimitMs - row.timeUsedMs), 0);
  const ended = row.endsAt != null && now.getTime() >= row.endsAt.getTime();
  // Time after the end is not the learner's.
  if (ended && row.lastTickAt)
    deltaMs = Math.min(deltaMs, Math.max(row.endsAt!.getTime() - row.lastTickAt.getTime(), 0));
  const timeUsedMs = row.timeUsedMs + deltaMs;
  return {
    deltaMs,
    timeUsedMs,
    expired: ended || (row.timeLimitMs !== null && timeUsedMs >= row.timeLimitMs),
  };
}

/** What the client is told about the clock, in whole seconds (remaining rounded up: 0 means ended). */
export function clockState(row: ClockRow): TestClockState {
  return {
    status: row.status,
    timeRemainingInSeconds:
      row.timeLimitMs === null ? null : Math.max(Math.ceil((row.timeLimitMs - row.timeUsedMs) / 1000), 0),
    timeUsedSeconds: Math.floor(row.timeUsedMs / 1000),
    currentPosition: row.currentPosition,
  };
}

/** Percent correct of all the test's questions (an unanswered question counts as wrong), rounded as every percent. */
export const scorePercent = (correct: number, numQuestions: number) => percentOf(correct, numQuestions);

/**
 * The percentile of a score among a product's completed tests, from how many scored below it and the same:
 * the share below plus half the ties (so the only test of a product is at the 50th percentile).
 */
export function percentile(below: number, same: number, total: number): number {
  if (total === 0) return 0;
  return Math.round(((below + same / 2) * 100) / total);
}
