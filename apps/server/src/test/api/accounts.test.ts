import { Messages } from '@qbank/contract';
import { describe, expect, it } from 'vitest';
import { buildProduct, buildSubscription, buildUser } from '../factories';
import { appForFile, createTestApp } from '../test-app';

const t = appForFile(() => createTestApp());

describe('login', () => {
  it('signs in with form data and returns an access token and a session cookie', async () => {
    const u = await buildUser(t.deps.db);
    const c = t.client();
    const res = await c.login(u.email, u.password);
    expect(res.status).toBe(200);
    expect(res.body.accessToken).toMatch(/^[\w-]{40,}$/);
    const cookie = res.headers.getSetCookie().find((k) => k.startsWith('qbank_session='))!;
    expect(cookie).toMatch(/; HttpOnly(;|$)/i);
    expect(cookie).toMatch(/; SameSite=Lax(;|$)/i);
    const session = await c.req({ url: '/api/v1/session' });
    expect(session.status).toBe(200);
    expect(session.body.user.username).toBe(u.email);
    expect(session.body.accessToken).toBe(c.accessToken);
    expect(JSON.stringify(session.body)).not.toMatch(/password/i);
  });

  it('refuses a wrong password and an unknown e-mail with the same 401 message', async () => {
    const u = await buildUser(t.deps.db);
    const c = t.client();
    const wrong = await c.login(u.email, 'not-the-password');
    const unknown = await c.login('nobody-here@example.com', 'whatever-it-is');
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({
        statusCode: 401,
        code: 'BAD_CREDENTIALS',
        message: Messages.loginFailed,
      });
    }
    expect(c.cookies.has('qbank_session')).toBe(false);
  });

  it('accepts the e-mail in any case', async () => {
    const u = await buildUser(t.deps.db);
    const res = await t.client().login(u.email.toUpperCase(), u.password);
    expect(res.status).toBe(200);
  });

  it('names the missing field', async () => {
    const res = await t.client().req({
      method: 'POST',
      url: '/login',
      form: { username: 'a@example.com' },
    });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('password');
    expect(res.body.message).toBe('Password is required');
  });

  it('a username or password that is too long says so, naming the field', async () => {
    const c = t.client();
    const long = await c.req({
      method: 'POST',
      url: '/login',
      form: { username: `${'a'.repeat(300)}@example.com`, password: 'whatever-1' },
    });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({
      field: 'username',
      message: 'Email address must be at most 254 characters',
    });
    const longPassword = await c.req({
      method: 'POST',
      url: '/login',
      form: { username: 'a@example.com', password: 'p'.repeat(129) },
    });
    expect(longPassword.body).toMatchObject({ field: 'password' });
    expect(longPassword.body.message).toMatch(/^Password must be at most \d+ characters$/);
  });

  it('rate-limits repeated failures on one account with 429 and Retry-After', async () => {
    const u = await buildUser(t.deps.db);
    const c = t.client();
    let last = await c.login(u.email, 'wrong-password-0');
    for (let i = 1; i < 11; i++) last = await c.login(u.email, `wrong-password-${i}`);
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses a cross-site login post by its Origin', async () => {
    const u = await buildUser(t.deps.db);
    const res = await t.client().req({
      method: 'POST',
      url: '/login',
      form: { username: u.email, password: u.password },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
  });
});

describe('session, CSRF and logout', () => {
  it('answers 401 to a signed-out session probe', async () => {
    const res = await t.client().req({ url: '/api/v1/session' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(Messages.needReauthorize);
  });

  it('rejects a signed-in write without the X-CSRF-Token header, and changes nothing', async () => {
    const u = await buildUser(t.deps.db);
    const c = t.client();
    await c.login(u.email, u.password);
    const res = await c.req({
      method: 'POST',
      url: '/api/v2/initiatePasswordUpdate',
      json: { currentPassword: u.password, newPassword: 'a-brand-new-pass' },
      noCsrf: true,
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('CSRF');
    expect((await t.client().login(u.email, u.password)).status).toBe(200);
  });

  it('logs out: the session stops working', async () => {
    const u = await buildUser(t.deps.db);
    const c = t.client();
    await c.login(u.email, u.password);
    const saved = c.cookies.get('qbank_session')!;
    const out = await c.req({ url: '/logout' });
    expect(out.status).toBe(204);
    c.cookies.set('qbank_session', saved);
    expect((await c.req({ url: '/api/v2/users/me' })).status).toBe(401);
  });

  it('rotates the session at login: a new cookie each time', async () => {
    const u = await buildUser(t.deps.db);
    const c = t.client();
    await c.login(u.email, u.password);
    const first = c.cookies.get('qbank_session');
    await c.login(u.email, u.password);
    expect(c.cookies.get('qbank_session')).not.toBe(first);
  });
});

describe('users', () => {
  it('users/me lists active subscriptions and all subscriptions', async () => {
    const u = await buildUser(t.deps.db);
    const p1 = await buildProduct(t.deps.db, { name: 'Alpha bank' });
    const p2 = await buildProduct(t.deps.db, { name: 'Beta bank' });
    await buildSubscription(t.deps.db, u.id, p1.id, { type: 'PREMIUM' });
    await buildSubscription(t.deps.db, u.id, p2.id, { type: 'BASIC', active: false });
    const c = t.client();
    await c.login(u.email, u.password);
    const me = (await c.req({ url: '/api/v2/users/me' })).body;
    expect(me).toMatchObject({
      uuid: u.id,
      firstName: 'Test',
      username: u.email,
      superuser: false,
      lastUsedProductUuid: null,
    });
    expect(me.subscriptions.map((s: { product: { name: string } }) => s.product.name)).toEqual([
      'Alpha bank',
    ]);
    expect(me.allSubscriptions).toHaveLength(2);
    expect(me.subscriptions[0]).toMatchObject({ type: 'PREMIUM', student: true, admin: false, active: true });
  });

  it('users/{id}: oneself yes, another user 404, a superuser anyone', async () => {
    const a = await buildUser(t.deps.db);
    const b = await buildUser(t.deps.db);
    const s = await buildUser(t.deps.db, { superuser: true });
    const ca = t.client();
    await ca.login(a.email, a.password);
    expect((await ca.req({ url: `/api/v2/users/${a.id}` })).status).toBe(200);
    expect((await ca.req({ url: `/api/v2/users/${b.id}` })).status).toBe(404);
    expect((await ca.req({ url: '/api/v2/users/not-a-uuid' })).body.field).toBe('id');
    const cs = t.client();
    await cs.login(s.email, s.password);
    expect((await cs.req({ url: `/api/v2/users/${b.id}` })).body.uuid).toBe(b.id);
  });

  it('lastused changes the active product only to one with an active subscription of the caller', async () => {
    const u = await buildUser(t.deps.db);
    const other = await buildUser(t.deps.db);
    const p = await buildProduct(t.deps.db);
    const q = await buildProduct(t.deps.db);
    await buildSubscription(t.deps.db, u.id, p.id);
    const c = t.client();
    await c.login(u.email, u.password);
    const ok = await c.req({
      method: 'POST',
      url: '/api/v1/lastused',
      json: { userUuid: u.id, productUuid: p.id },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.lastUsedProductUuid).toBe(p.id);
    const notMine = await c.req({
      method: 'POST',
      url: '/api/v1/lastused',
      json: { userUuid: u.id, productUuid: q.id },
    });
    expect(notMine.status).toBe(400);
    expect(notMine.body.field).toBe('productUuid');
    const otherUser = await c.req({
      method: 'POST',
      url: '/api/v1/lastused',
      json: { userUuid: other.id, productUuid: p.id },
    });
    expect(otherUser.status).toBe(403);
    const bad = await c.req({
      method: 'POST',
      url: '/api/v1/lastused',
      json: { userUuid: 5, productUuid: p.id },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('userUuid');
  });
});
