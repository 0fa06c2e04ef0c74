import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryRateLimiter, type RateLimiter, redisRateLimiter } from '../../infra/rate-limiter';

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

const adapters: Array<[string, () => RateLimiter, boolean]> = [
  ['memory', () => memoryRateLimiter(), true],
  // Skipped on a machine without Redis, never in CI (there it fails instead).
  ['redis', () => redisRateLimiter(redis.duplicate(), prefix), redisUp || !!process.env.CI],
];

for (const [name, make, available] of adapters) {
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
      await new Promise((r) => setTimeout(r, 1100));
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

    it('keys are independent', async () => {
      const l = make();
      await l.hit('k4', 1, 60_000);
      expect((await l.hit('k4', 1, 60_000)).allowed).toBe(false);
      expect((await l.hit('k5', 1, 60_000)).allowed).toBe(true);
      await l.close();
    });
  });
}
