import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { redisRateLimiter } from '../../infra/rate-limiter';
import type { TestClient } from '../client';
import { buildUser, uniqueEmail } from '../factories';
import { type HttpApp, startHttpApp } from '../http-client';
import { createTestApp } from '../test-app';

// docs/decisions/0011-sign-in-limits.md. Addresses come from X-Forwarded-For (TRUST_PROXY=1).

const apps: HttpApp[] = [];
// The first test database of a file is made from the migrations (slow on a busy machine): not in a test's time.
beforeAll(async () => {
  await (await createTestApp()).close();
});
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
});

async function app(over: Parameters<typeof startHttpApp>[0] = {}) {
  const h = await startHttpApp({ ...over, env: { TRUST_PROXY: '1', ...over.env } });
  apps.push(h);
  return h;
}

const login = (c: TestClient, username: string, password: string, from = '198.51.100.1') =>
  c.req({
    method: 'POST',
    url: '/login',
    form: { username, password },
    headers: { 'x-forwarded-for': from },
  });

const statuses = async (answers: Array<Promise<{ status: number }>>) => {
  const all = (await Promise.all(answers)).map((r) => r.status);
  return { 401: all.filter((s) => s === 401).length, 429: all.filter((s) => s === 429).length, all };
};

describe('failed sign-ins are counted before the password is checked', () => {
  it('30 concurrent wrong passwords on one account: at most 10 reach the password check', async () => {
    const h = await app();
    const u = await buildUser(h.deps.db);
    const r = await statuses(Array.from({ length: 30 }, () => login(h.client(), u.email, 'wrong-password')));
    expect(r[401]).toBe(10);
    expect(r[429]).toBe(20);
    // The account and address pair stays locked, for the right password too (from a new device).
    expect((await login(h.client(), u.email, u.password)).status).toBe(429);
  });

  it('successes do not count: the slot taken for a sign-in that works is given back', async () => {
    const h = await app();
    const u = await buildUser(h.deps.db);
    for (let i = 0; i < 9; i++) expect((await login(h.client(), u.email, 'wrong-password')).status).toBe(401);
    for (let i = 0; i < 20; i++) expect((await login(h.client(), u.email, u.password)).status).toBe(200);
    expect((await login(h.client(), u.email, 'wrong-password')).status).toBe(401);
    expect((await login(h.client(), u.email, 'wrong-password')).status).toBe(429);
  });
});

describe('whose failures lock whom', () => {
  it('ten failures from one address lock that address out of the account, not the owner at another', async () => {
    const h = await app();
    const u = await buildUser(h.deps.db);
    for (let i = 0; i < 10; i++)
      expect((await login(h.client(), u.email, 'wrong-password', '203.0.113.9')).status).toBe(401);
    expect((await login(h.client(), u.email, u.password, '203.0.113.9')).status).toBe(429);
    expect((await login(h.client(), u.email, u.password, '198.51.100.20')).status).toBe(200);
  });

  it('100 failures an hour across addresses lock the account for new devices, but not for a device that signed in before', async () => {
    const h = await app();
    const u = await buildUser(h.deps.db);
    const owner = h.client();
    expect((await login(owner, u.email, u.password, '198.51.100.50')).status).toBe(200);
    for (let a = 0; a < 10; a++)
      for (let i = 0; i < 10; i++)
        expect((await login(h.client(), u.email, 'wrong-password', `203.0.113.${a}`)).status).toBe(401);
    // The ceiling: the right password from a new device at a new address is refused.
    const refused = await login(h.client(), u.email, u.password, '198.51.100.77');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The owner's browser is known: it signs in, even from yet another address.
    expect((await login(owner, u.email, u.password, '198.51.100.51')).status).toBe(200);
    // A known device still has its own allowance of failures.
    for (let i = 0; i < 10; i++) expect((await login(owner, u.email, 'wrong-password')).status).toBe(401);
    expect((await login(owner, u.email, u.password)).status).toBe(429);
  });

  it("a known-device cookie counts only for the account it signed in to, and only with the server's signature", async () => {
    const h = await app();
    const u = await buildUser(h.deps.db);
    const other = await buildUser(h.deps.db);
    const c = h.client();
    const ok = await login(c, u.email, u.password);
    expect(ok.headers.get('set-cookie')).toMatch(/qbank_device=[^;]+;.*Path=\/login/);
    // Failures on another account from this browser are limited as from any new device.
    for (let i = 0; i < 10; i++)
      expect((await login(c, other.email, 'wrong-password', '203.0.113.40')).status).toBe(401);
    expect((await login(c, other.email, other.password, '203.0.113.40')).status).toBe(429);
    // A forged cookie for the account is not a known device.
    const forged = h.client();
    const res = await forged.req({
      method: 'POST',
      url: '/login',
      form: { username: other.email, password: other.password },
      headers: {
        'x-forwarded-for': '203.0.113.40',
        cookie: `qbank_device=${other.id}.${Math.floor(Date.now() / 1000)}.AAAA`,
      },
    });
    expect(res.status).toBe(429);
  });

  it('50 failures from one address, on any accounts, lock that address out', async () => {
    const h = await app();
    const u = await buildUser(h.deps.db);
    const from = '203.0.113.200';
    for (let i = 0; i < 50; i++)
      expect((await login(h.client(), uniqueEmail('nobody'), 'wrong-password', from)).status).toBe(401);
    expect((await login(h.client(), u.email, u.password, from)).status).toBe(429);
    expect((await login(h.client(), u.email, u.password, '198.51.100.3')).status).toBe(200);
  });
});

// Two instances sharing the machine's Redis server, under a key prefix of their own.
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
const redisUp = await probe.connect().then(
  () => true,
  () => false,
);
const prefix = `qbank:test:${randomBytes(4).toString('hex')}:`;
afterAll(async () => {
  if (!redisUp) return;
  const keys = await probe.keys(`${prefix}*`);
  if (keys.length) await probe.del(...keys);
  probe.disconnect();
});

describe.skipIf(!redisUp && !process.env.CI)('on Redis, across two instances', () => {
  it('30 concurrent wrong passwords split over two instances: at most 10 reach the password check', async () => {
    const make = () =>
      app({ env: { REDIS_URL: redisUrl }, limiter: redisRateLimiter(new Redis(redisUrl), prefix) });
    const [a, b] = [await make(), await make()];
    const u = await buildUser(a.deps.db);
    // Each test instance has its own database: the same account is made in both.
    await buildUser(b.deps.db, { email: u.email, password: u.password });
    const r = await statuses(
      Array.from({ length: 30 }, (_, i) => login((i % 2 ? a : b).client(), u.email, 'wrong-password')),
    );
    expect(r[401]).toBe(10);
    expect(r[429]).toBe(20);
  });
});
