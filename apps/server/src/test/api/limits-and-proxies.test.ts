import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { buildUser } from '../factories';
import { type HttpApp, startHttpApp } from '../http-client';

let h: HttpApp | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

const referral = (c: ReturnType<HttpApp['client']>, forwardedFor: string) =>
  c.post(
    '/api/v1/referralTokens',
    { tokenId: 'proxy-test' },
    { headers: { 'x-forwarded-for': forwardedFor } },
  );

/** Posts until refused; answers how many got through (the referral limit is 120 an hour per address). */
async function acceptedBeforeLimit(app: HttpApp, forwardedFor: (i: number) => string) {
  const c = app.client();
  for (let i = 0; i < 130; i++) {
    const r = await referral(c, forwardedFor(i));
    if (r.status === 429) return i;
    expect(r.status).toBe(201);
  }
  return 130;
}

describe('client addresses behind proxies', () => {
  it('ignores X-Forwarded-For by default: a forged header does not escape the per-address limit', async () => {
    h = await startHttpApp();
    expect(await acceptedBeforeLimit(h, (i) => `203.0.113.${i}`)).toBe(120);
  });

  it('with TRUST_PROXY=1 the address is the one the proxy reports', async () => {
    h = await startHttpApp({ env: { TRUST_PROXY: '1' } });
    expect(await acceptedBeforeLimit(h, (i) => `203.0.113.${i}`)).toBe(130);
    // One client behind the proxy is still limited.
    expect(await acceptedBeforeLimit(h, () => '198.51.100.7')).toBe(120);
  });

  it('names TRUST_PROXY when its value is not understood', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'sometimes' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1');
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({}).trustProxy).toBe(false);
  });
});

describe('sign-in limits count failures only', () => {
  it('a user who signs in often is never refused; ten failures lock the account for a while', async () => {
    h = await startHttpApp();
    const u = await buildUser(h.deps.db);
    for (let i = 0; i < 15; i++) expect((await h.client().login(u.email, u.password)).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await h.client().login(u.email, 'wrong-password')).status).toBe(401);
    const refused = await h.client().login(u.email, u.password);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('the dev mailbox', () => {
  it('is served without SMTP outside production', async () => {
    h = await startHttpApp();
    expect((await h.client().get('/dev/mailbox/messages')).status).toBe(200);
  });

  it('is not served in production, where it would show everyone their links', async () => {
    h = await startHttpApp({ env: { NODE_ENV: 'production', TEST_CHECKOUT: 'on' } });
    expect((await h.client().get('/dev/mailbox/messages')).status).toBe(404);
  });

  it('can be turned on explicitly for a staging server', async () => {
    h = await startHttpApp({ env: { NODE_ENV: 'production', TEST_CHECKOUT: 'on', DEV_MAILBOX: 'true' } });
    expect((await h.client().get('/dev/mailbox/messages')).status).toBe(200);
  });
});
