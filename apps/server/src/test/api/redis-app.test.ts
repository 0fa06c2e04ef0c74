import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { buildUser } from '../factories';
import { createTestApp } from '../test-app';

// The whole app built with REDIS_URL, as an operator runs several instances: its rate limits are counted in
// Redis and so shared by every instance. The machine's Redis is shared too (other runs, other projects), so
// this run's keys get their own prefix through ioredis' `keyPrefix` URL option, and are deleted after.
// Skipped on a machine without Redis, never in CI (there it fails instead).
const base = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `qbank:test:${randomBytes(4).toString('hex')}:`;
const redisUrl = (() => {
  const u = new URL(base);
  u.searchParams.set('keyPrefix', prefix);
  return u.toString();
})();
const redis = new Redis(base, { lazyConnect: true, maxRetriesPerRequest: 1 });
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

describe.skipIf(!redisUp && !process.env.CI)('the app with REDIS_URL', () => {
  it('counts failed logins in Redis, so a second instance refuses the same account at once', async () => {
    const first = await createTestApp({ env: { REDIS_URL: redisUrl } });
    const second = await createTestApp({ env: { REDIS_URL: redisUrl } });
    try {
      const u = await buildUser(first.deps.db);
      const c = first.client();
      for (let i = 0; i < 10; i++) expect((await c.login(u.email, `wrong-password-${i}`)).status).toBe(401);
      const refused = await c.login(u.email, 'wrong-password-10');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // The counters are in Redis, under this run's prefix, and expire.
      const keys = await redis.keys(`${prefix}*${u.email}*`);
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) expect(await redis.pttl(key)).toBeGreaterThan(0);
      // Another instance (its own process memory; here even its own database) sees the same count.
      const other = await second.client().login(u.email, 'any-password');
      expect(other.status).toBe(429);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
