import type { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters per key (rate-limiter-flexible): in-process by default, Redis when REDIS_URL is set
 * (shared by every instance). Windows are whole seconds. Each count is atomic: of many concurrent hits on a
 * key, exactly `max` are allowed.
 */
export interface RateLimiter {
  /** Counts one attempt; allowed while the count is within `max` (an attempt refused still counts). */
  hit(key: string, max: number, windowMs: number): Promise<RateLimitResult>;
  /** Whether one more attempt would be allowed, without counting one. */
  peek(key: string, max: number, windowMs: number): Promise<RateLimitResult>;
  /** Gives back one attempt counted by `hit` (a reservation that turned out not to count). */
  refund(key: string, max: number, windowMs: number): Promise<void>;
  close(): Promise<void>;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

function flexibleLimiter(make: (points: number, duration: number) => RateLimiterAbstract, close: () => void) {
  // One limiter per (max, window): the library fixes both per limiter.
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiter = (max: number, windowMs: number) => {
    const id = `${max}/${seconds(windowMs)}`;
    let l = limiters.get(id);
    if (!l) {
      l = make(max, seconds(windowMs));
      limiters.set(id, l);
    }
    return l;
  };
  const adapter: RateLimiter = {
    async hit(key, max, windowMs) {
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
      close();
    },
  };
  return adapter;
}

export function memoryRateLimiter(): RateLimiter {
  return flexibleLimiter(
    (points, duration) => new RateLimiterMemory({ points, duration }),
    () => {},
  );
}

/** Counters in Redis under `prefix`; while Redis cannot be reached, each instance counts in its own memory. */
export function redisRateLimiter(redis: Redis, prefix = 'qbank:rl:'): RateLimiter {
  return flexibleLimiter(
    (points, duration) =>
      new RateLimiterRedis({
        storeClient: redis,
        points,
        duration,
        keyPrefix: `${prefix}${points}-${duration}`,
        insuranceLimiter: new RateLimiterMemory({ points, duration }),
      }),
    () => redis.disconnect(),
  );
}
