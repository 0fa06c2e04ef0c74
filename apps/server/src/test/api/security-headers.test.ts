import { describe, expect, it } from 'vitest';
import { buildUser, latestMail, tokenFrom, uniqueEmail } from '../factories';
import { startHttpApp } from '../http-client';
import { appForFile } from '../test-app';

const h = appForFile(() => startHttpApp());

/** The directives of a Content-Security-Policy header, by name. */
const directives = (csp: string | null) =>
  Object.fromEntries(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );

describe('security headers', () => {
  it('every answer carries a CSP with no inline scripts, no framing, and the other hardening headers', async () => {
    for (const path of ['/api/v1/products', '/api/v1/session', '/no-such-page.js']) {
      const res = await h.client().get(path);
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp['script-src'], path).toEqual(["'self'"]);
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['base-uri']).toEqual(["'self'"]);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      // PUBLIC_URL is http here: no HSTS.
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('answers holding a session, an access token or a one-time token are not stored by any cache', async () => {
    const u = await buildUser(h.deps.db);
    const c = h.client();
    const login = await c.login(u.email, u.password);
    expect(login.status).toBe(200);
    expect(login.headers.get('cache-control')).toBe('no-store');
    const session = await c.get('/api/v1/session');
    expect(session.status).toBe(200);
    expect(session.headers.get('cache-control')).toBe('no-store');

    const username = uniqueEmail('nostore');
    await h.client().post('/api/v1/initiateRegistration', { firstName: 'A', lastName: 'B', username });
    const token = tokenFrom((await latestMail(h, username))!.text, '/userRegistration');
    const fetched = await h.client().get(`/api/v1/fetchRegistration?token=${encodeURIComponent(token)}`);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('cache-control')).toBe('no-store');
    const done = await h.client().post(`/api/v1/completeRegistration?token=${encodeURIComponent(token)}`, {
      firstName: 'A',
      lastName: 'B',
      password: 'a-long-password-1',
    });
    expect(done.body).toHaveProperty('accessToken');
    expect(done.headers.get('cache-control')).toBe('no-store');
  });
});

describe('HSTS behind https', () => {
  it('is sent when PUBLIC_URL is https', async () => {
    const s = await startHttpApp({ env: { PUBLIC_URL: 'https://qbank.example.com' } });
    try {
      const res = await s.client().get('/api/v1/products', { origin: null });
      expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}; includeSubDomains$/);
      expect(directives(res.headers.get('content-security-policy'))).toHaveProperty(
        'upgrade-insecure-requests',
      );
    } finally {
      await s.close();
    }
  });
});
