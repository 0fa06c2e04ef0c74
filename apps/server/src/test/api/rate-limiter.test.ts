import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryRateLimiter, type RateLimiter, redisRateLimiter } from '../../infra/rate-limiter';
import { testClock } from '../../lib/clock';
import { until } from '../until';

// Both adapters, the Redis one against the machine's Redis server (each run under its own key prefix).
const prefix = `qbank:test:${randomBytes(4).toString('hex')}:`;
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', {
  lazyConnect: true,
  maxRetriesPerRequest: 1,
});
const redisUp = await redis.connect().then(
  () => true,
  () => false,
);
afterAll(async () => {
  if (!redisUp) return;
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

/** An adapter, whether it can run here, and how a test lets a key's window of `windowMs` end. */
type Adapter = [
  string,
  () => RateLimiter,
  boolean,
  (key: string, max: number, windowMs: number) => Promise<void>,
];

// The memory adapter reads a test clock, moved past the window's end.
const clock = testClock();
const adapters: Adapter[] = [
  ['memory', () => memoryRateLimiter(clock), true, async (_key, _max, windowMs) => clock.advance(windowMs)],
  // Skipped on a machine without Redis, never in CI (there it fails instead). Redis ends a window itself, by
  // the TTL of the key it counts in: no clock of ours to move, so the test waits until the key has gone.
  [
    'redis',
    () => redisRateLimiter(redis.duplicate(), prefix),
    redisUp || !!process.env.CI,
    (key, max, windowMs) =>
      until(async () => (await redis.exists(`${prefix}${max}-${Math.ceil(windowMs / 1000)}:${key}`)) === 0, {
        what: `the Redis key of ${key} to expire`,
        timeoutMs: windowMs + 5000,
      }),
  ],
];

for (const [name, make, available, windowEnds] of adapters) {
  describe.skipIf(!available)(`${name} rate limiter`, () => {
    it('allows max hits in a window, then refuses with the time left', async () => {
      const l = make();
      const results = [];
      for (let i = 0; i < 4; i++) results.push(await l.hit('k1', 3, 60_000));
      expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
      expect(results[3]!.retryAfterSeconds).toBeGreaterThan(0);
      expect(results[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
      await l.close();
    });

    it('peek counts nothing and tells whether one more is allowed', async () => {
      const l = make();
      expect((await l.peek('k2', 2, 60_000)).allowed).toBe(true);
      await l.hit('k2', 2, 60_000);
      expect((await l.peek('k2', 2, 60_000)).allowed).toBe(true);
      expect((await l.peek('k2', 2, 60_000)).allowed).toBe(true);
      await l.hit('k2', 2, 60_000);
      const p = await l.peek('k2', 2, 60_000);
      expect(p.allowed).toBe(false);
      expect(p.retryAfterSeconds).toBeGreaterThan(0);
      await l.close();
    });

    it('a new window starts when the old one ends', async () => {
      const l = make();
      expect((await l.hit('k3', 1, 1000)).allowed).toBe(true);
      expect((await l.hit('k3', 1, 1000)).allowed).toBe(false);
      await windowEnds('k3', 1, 1000);
      expect((await l.peek('k3', 1, 1000)).allowed).toBe(true);
      expect((await l.hit('k3', 1, 1000)).allowed).toBe(true);
      await l.close();
    });

    it('of many concurrent hits exactly max are allowed; a refund gives one back', async () => {
      const l = make();
      const results = await Promise.all(Array.from({ length: 30 }, () => l.hit('k6', 10, 60_000)));
      expect(results.filter((r) => r.allowed)).toHaveLength(10);
      await l.refund('k6', 10, 60_000);
      // 30 were counted: 21 refunds are needed before one more is allowed.
      expect((await l.peek('k6', 10, 60_000)).allowed).toBe(false);
      for (let i = 0; i < 20; i++) await l.refund('k6', 10, 60_000);
      expect((await l.hit('k6', 10, 60_000)).allowed).toBe(true);
      expect((await l.hit('k6', 10, 60_000)).allowed).toBe(false);
      await l.close();
    });

    it.runIf(name === 'memory')('a window is read from the clock it was given', async () => {
      const l = make();
      expect(await l.hit('k7', 1, 60_000)).toEqual({ allowed: true, retryAfterSeconds: 60 });
      clock.advance(59_000);
      expect(await l.hit('k7', 1, 60_000)).toEqual({ allowed: false, retryAfterSeconds: 1 });
      expect((await l.peek('k7', 1, 60_000)).allowed).toBe(false);
      clock.advance(1000);
      expect(await l.peek('k7', 1, 60_000)).toEqual({ allowed: true, retryAfterSeconds: 60 });
      expect((await l.hit('k7', 1, 60_000)).allowed).toBe(true);
      await l.close();
    });

    it('keys are independent', async () => {
      const l = make();
      await l.hit('k4', 1, 60_000);
      expect((await l.hit('k4', 1, 60_000)).allowed).toBe(false);
      expect((await l.hit('k5', 1, 60_000)).allowed).toBe(true);
      await l.close();
    });
  });
}
