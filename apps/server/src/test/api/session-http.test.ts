import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { testClock } from '../../lib/clock';
import { sha256Hex } from '../../lib/crypto';
import type { TestClient } from '../client';
import { buildProduct, buildSubscription, buildUser, signedIn } from '../factories';
import { startHttpApp } from '../http-client';
import { appForFile } from '../test-app';

// accounts.test.ts covers login, CSRF on a write, cross-site login, logout and users/me through app.inject;
// these are the parts only a real socket, real cookies or an aged session show.
// Sessions age on a test clock: moved forward, not back-dated in the database.
const clock = testClock();
const DAY = 24 * 60 * 60 * 1000;
const h = appForFile(() => startHttpApp({ clock }));

const sessionOf = (c: TestClient) => c.cookies.get('qbank_session')!;

describe('session cookie and CSRF token over HTTP', () => {
  it('sets an HttpOnly, SameSite=Lax cookie for the whole site, not Secure on plain http', async () => {
    const res = (await signedIn(h)).signIn;
    const [cookie] = res.headers.getSetCookie().filter((c) => c.startsWith('qbank_session='));
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).toMatch(/; Max-Age=\d+/i);
    expect(cookie).not.toMatch(/; Secure/i);
  });

  it('marks the cookie Secure when the site is served over https', async () => {
    const secure = await startHttpApp({ env: { PUBLIC_URL: 'https://qbank.example' } });
    try {
      const u = await buildUser(secure.deps.db);
      const res = await secure.client().login(u.email, u.password);
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie().find((c) => c.startsWith('qbank_session='))).toMatch(/; Secure/i);
    } finally {
      await secure.close();
    }
  });

  it('after a reload the client gets its access token back from /api/v1/session and can write again', async () => {
    const c = await signedIn(h);
    const u = c.user;
    const p = await buildProduct(h.deps.db);
    await buildSubscription(h.deps.db, u.id, p.id);
    const reloaded = h.client();
    reloaded.cookies.set('qbank_session', sessionOf(c));
    const body = { userUuid: u.id, productUuid: p.id };
    const before = await reloaded.post('/api/v1/lastused', body);
    expect(before.status).toBe(403);
    expect(before.body.code).toBe('CSRF');
    const session = await reloaded.get('/api/v1/session');
    expect(session.status).toBe(200);
    expect(reloaded.accessToken).toBe(c.accessToken);
    expect((await reloaded.post('/api/v1/lastused', body)).status).toBe(200);
  });

  it("one session's access token does not work with another session's cookie", async () => {
    const a = await signedIn(h);
    const b = await signedIn(h);
    const mixed = h.client();
    mixed.cookies.set('qbank_session', sessionOf(b));
    mixed.accessToken = a.accessToken;
    const res = await mixed.post('/api/v2/initiatePasswordUpdate', {
      currentPassword: b.user.password,
      newPassword: 'changed-password',
    });
    expect(res.status).toBe(403);
    expect((await h.client().login(b.user.email, b.user.password)).status).toBe(200);
  });
});

describe('logout', () => {
  it('needs the CSRF token: a cross-site GET /logout cannot sign the user out', async () => {
    const c = await signedIn(h);
    const forged = await c.get('/logout', { noCsrf: true, origin: 'https://evil.example' });
    expect(forged.status).toBe(403);
    expect((await c.get('/api/v2/users/me')).status).toBe(200);
  });

  it('clears the cookie and ends the session on the server', async () => {
    const c = await signedIn(h);
    const cookie = sessionOf(c);
    const out = await c.logout();
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie().find((s) => s.startsWith('qbank_session='))).toMatch(
      /Max-Age=0|Expires=Thu, 01 Jan 1970/i,
    );
    expect(c.cookies.has('qbank_session')).toBe(false);
    expect(c.accessToken).toBeNull();
    const [row] = await h.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(eq(sessions.idHash, sha256Hex(cookie)));
    expect(row!.n).toBe(0);
    const replay = h.client();
    replay.cookies.set('qbank_session', cookie);
    expect((await replay.get('/api/v1/session')).status).toBe(401);
  });

  it('signed out, logout is harmless', async () => {
    expect((await h.client().get('/logout')).status).toBe(204);
  });
});

describe('session expiry', () => {
  it('an idle session (over 7 days) ends: 401 and the cookie is cleared', async () => {
    const c = await signedIn(h);
    const u = c.user;
    clock.advance(8 * DAY);
    const res = await c.get('/api/v2/users/me');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('SESSION_EXPIRED');
    expect(res.body.message).toBe('Your session has expired, please login again.');
    expect(c.cookies.has('qbank_session')).toBe(false);
    const [row] = await h.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(eq(sessions.userId, u.id));
    expect(row!.n).toBe(0);
  });

  it('a session past its absolute expiry (30 days) ends even when in use', async () => {
    const c = await signedIn(h);
    for (let day = 6; day < 30; day += 6) {
      clock.advance(6 * DAY);
      expect((await c.get('/api/v1/session')).status).toBe(200);
    }
    clock.advance(6 * DAY);
    expect((await c.get('/api/v1/session')).status).toBe(401);
  });

  it('after a reload with an expired session the probe says SESSION_EXPIRED once, then plain UNAUTHENTICATED', async () => {
    const c = await signedIn(h);
    clock.advance(31 * DAY);
    const reloaded = h.client();
    reloaded.cookies.set('qbank_session', sessionOf(c));
    const expired = await reloaded.get('/api/v1/session');
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({
      statusCode: 401,
      code: 'SESSION_EXPIRED',
      message: 'Your session has expired, please login again.',
    });
    expect(expired.headers.getSetCookie().find((s) => s.startsWith('qbank_session='))).toMatch(
      /Max-Age=0|Expires=Thu, 01 Jan 1970/i,
    );
    expect(reloaded.cookies.has('qbank_session')).toBe(false);
    // The cookie is gone, so the next reload is simply signed out.
    const after = await reloaded.get('/api/v1/session');
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('UNAUTHENTICATED');
    expect(after.body.message).toBe('Need to reauthorize');
  });

  it('a cookie naming no session (ended elsewhere, or made up) is an expired session too', async () => {
    const c = h.client();
    c.cookies.set('qbank_session', 'no-such-session-id');
    const res = await c.get('/api/v2/users/me');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('SESSION_EXPIRED');
    expect(c.cookies.has('qbank_session')).toBe(false);
  });

  it('no cookie at all is plain UNAUTHENTICATED, and sets no cookie', async () => {
    const res = await h.client().get('/api/v1/session');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('use keeps a session alive: a session seen 6 days ago still works and is touched', async () => {
    const c = await signedIn(h);
    const u = c.user;
    clock.advance(6 * DAY);
    expect((await c.get('/api/v2/users/me')).status).toBe(200);
    const [row] = await h.deps.db.select().from(sessions).where(eq(sessions.userId, u.id));
    expect(row!.lastSeenAt).toEqual(clock.now());
    clock.advance(6 * DAY); // twelve days after sign-in, six after its last use
    expect((await c.get('/api/v2/users/me')).status).toBe(200);
  });
});

describe('session rotation at login', () => {
  const sessionRows = (userId: string) =>
    h.deps.db.select({ idHash: sessions.idHash }).from(sessions).where(eq(sessions.userId, userId));

  it('signing in again ends the session whose cookie came with the login', async () => {
    const c = await signedIn(h);
    const u = c.user;
    const before = sessionOf(c);
    const again = await c.login(u.email, u.password);
    expect(again.status).toBe(200);
    const after = sessionOf(c);
    expect(after).not.toBe(before);
    expect(await sessionRows(u.id)).toEqual([{ idHash: sha256Hex(after) }]);
    const replay = h.client();
    replay.cookies.set('qbank_session', before);
    expect((await replay.get('/api/v1/session')).status).toBe(401);
    expect((await c.get('/api/v1/session')).status).toBe(200);
  });

  it('a session id planted before sign-in is worth nothing after it', async () => {
    const victim = await buildUser(h.deps.db);
    const attacker = await signedIn(h);
    const planted = sessionOf(attacker);
    // The victim's browser carries the attacker's cookie when the victim signs in.
    const browser = h.client();
    browser.cookies.set('qbank_session', planted);
    expect((await browser.login(victim.email, victim.password)).status).toBe(200);
    expect(sessionOf(browser)).not.toBe(planted);
    expect((await attacker.get('/api/v1/session')).status).toBe(401);
    const me = await browser.get('/api/v2/users/me');
    expect(me.status).toBe(200);
    expect(me.body.uuid).toBe(victim.id);
  });

  it('a failed sign-in leaves the current session alone', async () => {
    const c = await signedIn(h);
    const u = c.user;
    const before = sessionOf(c);
    expect((await c.login(u.email, 'wrong-password')).status).toBe(401);
    expect(sessionOf(c)).toBe(before);
    expect((await c.get('/api/v1/session')).status).toBe(200);
  });

  it('another device keeps its session when the user signs in here', async () => {
    const other = await signedIn(h);
    const u = other.user;
    const here = h.client();
    expect((await here.login(u.email, u.password)).status).toBe(200);
    expect((await other.get('/api/v1/session')).status).toBe(200);
    expect(await sessionRows(u.id)).toHaveLength(2);
  });
});

describe('Origin check on logged-out posts', () => {
  it.each([
    ['a lookalike of the site', 'http://localhost:3000.evil.example'],
    ['another port', 'http://localhost:3001'],
    ['https instead of http', 'https://localhost:3000'],
    ['an opaque origin', 'null'],
  ])('refuses %s', async (_name, origin) => {
    const u = await buildUser(h.deps.db);
    const res = await h
      .client()
      .req({ method: 'POST', url: '/login', form: { username: u.email, password: u.password }, origin });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN_ORIGIN');
  });

  it('accepts the site itself, the address it was reached at, and a request with no Origin', async () => {
    const u = await buildUser(h.deps.db);
    for (const origin of ['http://localhost:3000', h.baseUrl, null]) {
      const res = await h.client().req({
        method: 'POST',
        url: '/login',
        form: { username: u.email, password: u.password },
        origin,
      });
      expect(res.status, String(origin)).toBe(200);
    }
  });
});
