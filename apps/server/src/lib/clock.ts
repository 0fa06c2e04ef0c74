/**
 * The one source of the current time for modules, adapters and plugins (docs/decisions/0009-clock.md).
 * Code takes `deps.clock` (or a `now` argument) instead of calling `new Date()` or `Date.now()`, so tests can
 * move time with a test clock instead of sleeping or back-dating rows.
 */
export interface Clock {
  now(): Date;
  nowMs(): number;
}

export const systemClock: Clock = {
  now: () => new Date(),
  nowMs: () => Date.now(),
};

/** A clock that moves only when told: `advance(ms)` or `set(date)`. */
export interface TestClock extends Clock {
  advance(ms: number): void;
  set(at: Date | number): void;
}

export function testClock(start: Date | number = Date.now()): TestClock {
  let t = typeof start === 'number' ? start : start.getTime();
  return {
    now: () => new Date(t),
    nowMs: () => t,
    advance(ms) {
      t += ms;
    },
    set(at) {
      t = typeof at === 'number' ? at : at.getTime();
    },
  };
}

/**
 * A clock that runs with real time from an offset the test moves (`advance`, `set`), for a test whose app also
 * waits for real things (a mail server, a lock) while the test jumps over an hour: a link's lifetime, a retry's
 * back-off. Moving it back undoes a jump for the tests after.
 */
export function runningClock(): TestClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    nowMs: () => Date.now() + offset,
    advance(ms) {
      offset += ms;
    },
    set(at) {
      offset = (typeof at === 'number' ? at : at.getTime()) - Date.now();
    },
  };
}
