import type { AddressInfo } from 'node:net';
import { memoryRateLimiter, type RateLimiter } from '../infra/rate-limiter';
import { type Clock, systemClock } from '../lib/clock';
import { fetchTransport, TestClient } from './client';
import { createTestApp } from './test-app';

/**
 * The in-process rate limiter, emptied by `reset()`. Every request of a test file comes from 127.0.0.1, so
 * files reset it before each test: each test then starts with its own allowance, as a new visitor would. Its
 * windows are read from `clock`.
 */
export function resettableLimiter(clock: Clock = systemClock): RateLimiter & { reset(): Promise<void> } {
  let inner = memoryRateLimiter(clock);
  return {
    hit: (key, max, windowMs) => inner.hit(key, max, windowMs),
    peek: (key, max, windowMs) => inner.peek(key, max, windowMs),
    refund: (key, max, windowMs) => inner.refund(key, max, windowMs),
    close: () => inner.close(),
    async reset() {
      await inner.close();
      inner = memoryRateLimiter(clock);
    },
  };
}

/** The whole server on a fresh database, listening on a real socket at 127.0.0.1 (jobs still run by hand). */
export async function startHttpApp(overrides: Parameters<typeof createTestApp>[0] = {}) {
  const t = await createTestApp(overrides);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const origin = new URL(t.deps.config.publicUrl).origin;
  return {
    ...t,
    baseUrl,
    /** A new browser-like client over a real socket: its own cookie jar, the site's Origin on every request. */
    client: () => new TestClient(fetchTransport(baseUrl), origin),
  };
}

export type HttpApp = Awaited<ReturnType<typeof startHttpApp>>;
