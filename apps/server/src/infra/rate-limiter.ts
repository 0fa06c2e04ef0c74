import type { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { type Clock, systemClock } from '../lib/clock';
import type { RateLimiter, RateLimitResult } from '../lib/rate-limit';

export type { RateLimiter, RateLimitResult };

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * In-process fixed windows read from `clock`: a key's window starts at its first hit and lasts `windowMs`
 * (rounded up to whole seconds); a refund in a window gives back one count, and one with no window open
 * starts one at -1 (as rate-limiter-flexible's memory store does, which this replaced so that tests move a
 * clock instead of waiting for a window to end).
 */
export function memoryRateLimiter(clock: Clock = systemClock): RateLimiter {
  type Window = { count: number; endsAt: number };
  const windows = new Map<string, Window>();
  let writes = 0;
  const idOf = (key: string, max: number, windowMs: number) => `${max}/${seconds(windowMs)}\u0000${key}`;
  const open = (id: string, now: number) => {
    const w = windows.get(id);
    if (w && w.endsAt > now) return w;
    if (w) windows.delete(id);
    return undefined;
  };
  /** Adds `by` to the key's count, opening a window when none is open; now and then drops ended windows. */
  const add = (id: string, by: number, windowMs: number) => {
    const now = clock.nowMs();
    if (++writes % 1000 === 0) for (const [k, w] of windows) if (w.endsAt <= now) windows.delete(k);
    const w = open(id, now);
    if (w) {
      w.count += by;
      return { count: w.count, msLeft: w.endsAt - now };
    }
    const ms = seconds(windowMs) * 1000;
    windows.set(id, { count: by, endsAt: now + ms });
    return { count: by, msLeft: ms };
  };
  return {
    async hit(key, max, windowMs) {
      const { count, msLeft } = add(idOf(key, max, windowMs), 1, windowMs);
      return { allowed: count <= max, retryAfterSeconds: seconds(msLeft) };
    },
    async peek(key, max, windowMs) {
      const now = clock.nowMs();
      const w = open(idOf(key, max, windowMs), now);
      if (!w) return { allowed: true, retryAfterSeconds: seconds(windowMs) };
      return { allowed: w.count < max, retryAfterSeconds: seconds(w.endsAt - now) };
    },
    async refund(key, max, windowMs) {
      add(idOf(key, max, windowMs), -1, windowMs);
    },
    async close() {
      windows.clear();
    },
  };
}

/**
 * Counters in Redis under `prefix` (rate-limiter-flexible), shared by every instance; while Redis cannot be
 * reached, each instance counts in its own memory. Redis keeps the windows' time (key TTLs), not a clock of
 * the app's.
 */
export function redisRateLimiter(redis: Redis, prefix = 'qbank:rl:'): RateLimiter {
  // One limiter per (max, window): the library fixes both per limiter.
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiter = (max: number, windowMs: number) => {
    const duration = seconds(windowMs);
    const id = `${max}/${duration}`;
    let l = limiters.get(id);
    if (!l) {
      l = new RateLimiterRedis({
        storeClient: redis,
        points: max,
        duration,
        keyPrefix: `${prefix}${max}-${duration}`,
        insuranceLimiter: new RateLimiterMemory({ points: max, duration }),
      });
      limiters.set(id, l);
    }
    return l;
  };
  return {
    async hit(key, max, windowMs): Promise<RateLimitResult> {
      try {
        const r = await limiter(max, windowMs).consume(key, 1);
        return { allowed: true, retryAfterSeconds: seconds(r.msBeforeNext) };
      } catch (e) {
        if (e instanceof RateLimiterRes)
          return { allowed: false, retryAfterSeconds: seconds(e.msBeforeNext) };
        throw e;
      }
    },
    async peek(key, max, windowMs) {
      const r = await limiter(max, windowMs).get(key);
      if (!r || r.msBeforeNext <= 0) return { allowed: true, retryAfterSeconds: seconds(windowMs) };
      return { allowed: r.consumedPoints < max, retryAfterSeconds: seconds(r.msBeforeNext) };
    },
    async refund(key, max, windowMs) {
      await limiter(max, windowMs).reward(key, 1);
    },
    async close() {
      redis.disconnect();
    },
  };
}
