import type { Redis } from 'ioredis';

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** Fixed-window counters per key: in-process by default, Redis when REDIS_URL is set (shared by every instance). */
export interface RateLimiter {
  hit(key: string, max: number, windowMs: number): Promise<RateLimitResult>;
  /** Whether one more attempt would be allowed, without counting one. */
  peek(key: string, max: number, windowMs: number): Promise<RateLimitResult>;
  close(): Promise<void>;
}

export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = setInterval(() => {
    const t = now();
    for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
  }, 60_000);
  sweep.unref();
  return {
    async hit(key, max, windowMs) {
      const t = now();
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + windowMs };
        windows.set(key, w);
      }
      w.count++;
      return { allowed: w.count <= max, retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - t) / 1000)) };
    },
    async peek(key, max, windowMs) {
      const t = now();
      const w = windows.get(key);
      if (!w || w.resetAt <= t) return { allowed: true, retryAfterSeconds: Math.ceil(windowMs / 1000) };
      return { allowed: w.count < max, retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - t) / 1000)) };
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

export function redisRateLimiter(redis: Redis, prefix = 'qbank:rl:'): RateLimiter {
  return {
    async hit(key, max, windowMs) {
      const k = prefix + key;
      const res = await redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec();
      const count = Number(res?.[0]?.[1] ?? 0);
      const ttl = Number(res?.[2]?.[1] ?? windowMs);
      return {
        allowed: count <= max,
        retryAfterSeconds: Math.max(1, Math.ceil((ttl > 0 ? ttl : windowMs) / 1000)),
      };
    },
    async peek(key, max, windowMs) {
      const k = prefix + key;
      const res = await redis.multi().get(k).pttl(k).exec();
      const count = Number(res?.[0]?.[1] ?? 0);
      const ttl = Number(res?.[1]?.[1] ?? windowMs);
      return {
        allowed: count < max,
        retryAfterSeconds: Math.max(1, Math.ceil((ttl > 0 ? ttl : windowMs) / 1000)),
      };
    },
    async close() {
      redis.disconnect();
    },
  };
}
