import { randomBytes } from 'node:crypto';
import { ACCOUNT_DISABLED_MESSAGE, OWN_DISABLE_MESSAGE, OWN_SUPERUSER_MESSAGE } from '@qbank/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { buildProduct, buildUser, latestMail, signedIn } from '../factories';
import { appForFile, createTestApp } from '../test-app';

const t = appForFile(() => createTestApp());

const base = '/api/v2/superuser/users';
const tag = () => randomBytes(4).toString('hex');
const superuser = () => signedIn(t, { user: { superuser: true } });

async function auditOf(userId: string) {
  const res = await t.deps.db.execute(sql`
    SELECT actor_id, action, details FROM audit_log WHERE details->>'userId' = ${userId} ORDER BY id`);
  return (
    res as unknown as { rows: Array<{ actor_id: string; action: string; details: Record<string, unknown> }> }
  ).rows;
}

describe('Super → Users: who may call', () => {
  it('answers 403 to a signed-in non-superuser on every call, and 401 to a visitor; nothing is written', async () => {
    const target = await buildUser(t.deps.db);
    const c = await signedIn(t);
    const calls = [
      () => c.get(`${base}?search=a`),
      () => c.get(`${base}/${target.id}`),
      () => c.post(`${base}/${target.id}/superuser`, { superuser: true }),
      () => c.post(`${base}/${target.id}/sessions/end`),
      () => c.post(`${base}/${target.id}/disabled`, { disabled: true }),
      () => c.post(`${base}/${target.id}/verification`),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Only superusers can manage users');
      expect(JSON.stringify(res.body)).not.toContain(target.email);
    }
    expect((await t.client().get(`${base}?search=a`)).status).toBe(401);
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, target.id));
    expect(row!.superuser).toBe(false);
    expect(row!.disabledAt).toBeNull();
    expect(await auditOf(target.id)).toEqual([]);
  });
});

describe('Super → Users: search and details', () => {
  it('finds accounts by the start of the e-mail, full name or last name, in any case, by e-mail', async () => {
    const s = await superuser();
    const k = tag();
    const a = await buildUser(t.deps.db, {
      email: `zed${k}.a@example.com`,
      firstName: 'Ada',
      lastName: `Q${k}x`,
    });
    const b = await buildUser(t.deps.db, {
      email: `yan${k}@example.com`,
      firstName: `Pw${k}`,
      lastName: 'Lee',
    });
    await buildUser(t.deps.db, { email: `other${k}@example.com`, firstName: 'No', lastName: 'Match' });

    const byEmail = await s.get(`${base}?search=${encodeURIComponent(`ZED${k}`)}`);
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.users.map((u: { uuid: string }) => u.uuid)).toEqual([a.id]);
    expect(byEmail.body).toMatchObject({ page: 0, pageSize: 20, hasMore: false });
    expect(byEmail.body.users[0]).toMatchObject({
      emailAddress: a.email,
      firstName: 'Ada',
      superuser: false,
      verified: true,
      disabledAt: null,
    });

    const byLast = await s.get(`${base}?search=q${k}`);
    expect(byLast.body.users.map((u: { uuid: string }) => u.uuid)).toEqual([a.id]);
    const byFull = await s.get(`${base}?search=${encodeURIComponent(`pw${k} lee`)}`);
    expect(byFull.body.users.map((u: { uuid: string }) => u.uuid)).toEqual([b.id]);
    // Only a prefix: the middle of a word does not match, and wildcards are taken literally.
    expect((await s.get(`${base}?search=${k}`)).body.users).toEqual([]);
    expect((await s.get(`${base}?search=${encodeURIComponent('%')}`)).body.users).toEqual([]);
    expect((await s.get(`${base}?search=${encodeURIComponent('_ed')}`)).body.users).toEqual([]);
    expect(JSON.stringify(byEmail.body)).not.toMatch(/password/i);

    // E-mail matches come first, then name matches; an account matched twice is listed once.
    const byMail = await buildUser(t.deps.db, { email: `m${k}z@example.com`, lastName: `M${k}b` });
    const byName = await buildUser(t.deps.db, { email: `aaa${k}@example.com`, lastName: `M${k}a` });
    const both = await s.get(`${base}?search=m${k}`);
    expect(both.body.users.map((u: { uuid: string }) => u.uuid)).toEqual([byMail.id, byName.id]);
  });

  it('pages by e-mail, 20 to a page, with hasMore', async () => {
    const s = await superuser();
    const k = tag();
    const hash = (await buildUser(t.deps.db)).passwordHash!;
    for (let i = 0; i < 23; i++)
      await buildUser(t.deps.db, {
        email: `pg${k}.${String(i).padStart(2, '0')}@example.com`,
        passwordHash: hash,
      });
    const first = await s.get(`${base}?search=pg${k}`);
    expect(first.body.users).toHaveLength(20);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.users[0].emailAddress).toBe(`pg${k}.00@example.com`);
    const second = await s.get(`${base}?search=pg${k}&page=1`);
    expect(second.body.users.map((u: { emailAddress: string }) => u.emailAddress)).toEqual([
      `pg${k}.20@example.com`,
      `pg${k}.21@example.com`,
      `pg${k}.22@example.com`,
    ]);
    expect(second.body.hasMore).toBe(false);
  });

  it('refuses bad input naming the field', async () => {
    const s = await superuser();
    const page = await s.get(`${base}?page=-1`);
    expect(page.status).toBe(400);
    expect(page.body).toMatchObject({ field: 'page', message: 'page must be 0 or more' });
    const deep = await s.get(`${base}?page=10`);
    expect(deep.body).toMatchObject({ field: 'page' });
    const long = await s.get(`${base}?search=${'a'.repeat(201)}`);
    expect(long.body).toMatchObject({ field: 'search', message: 'search must be at most 200 characters' });
    const id = await s.get(`${base}/not-a-uuid`);
    expect(id.body).toMatchObject({ field: 'id', message: 'id must be a UUID' });
    const target = await buildUser(t.deps.db);
    for (const body of [{}, { superuser: 'yes' }]) {
      const res = await s.post(`${base}/${target.id}/superuser`, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ field: 'superuser', message: 'superuser must be true or false' });
    }
    const dis = await s.post(`${base}/${target.id}/disabled`, { disabled: 1 });
    expect(dis.body).toMatchObject({ field: 'disabled', message: 'disabled must be true or false' });
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ superuser: false, disabledAt: null });
    expect(await auditOf(target.id)).toEqual([]);
    const unknown = await s.get(`${base}/00000000-0000-4000-8000-000000000000`);
    expect(unknown.status).toBe(404);
  });

  it("shows an account's subscriptions with their roles and its live sessions", async () => {
    const s = await superuser();
    const product = await buildProduct(t.deps.db, { name: `Bank ${tag()}` });
    const u = await signedIn(t, { product: product.id, roles: { questionWriter: true, admin: true } });
    const res = await s.get(`${base}/${u.user.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ uuid: u.user.id, sessions: 1 });
    expect(res.body.subscriptions).toEqual([
      expect.objectContaining({
        product: { uuid: product.id, name: product.name },
        type: 'PRIVILEGED',
        active: true,
        held: false,
        student: false,
        questionWriter: true,
        questionAuditor: false,
        instructor: false,
        admin: true,
      }),
    ]);
  });
});

describe('Super → Users: actions', () => {
  it('grants and revokes superuser, each with its audit entry; never one’s own', async () => {
    const s = await superuser();
    const u = await buildUser(t.deps.db);
    const grant = await s.post(`${base}/${u.id}/superuser`, { superuser: true });
    expect(grant.status).toBe(200);
    expect(grant.body).toMatchObject({ message: 'Superuser granted', user: { superuser: true } });
    const again = await s.post(`${base}/${u.id}/superuser`, { superuser: true });
    expect(again.body.message).toBe('Already a superuser');
    const revoke = await s.post(`${base}/${u.id}/superuser`, { superuser: false });
    expect(revoke.body).toMatchObject({ message: 'Superuser revoked', user: { superuser: false } });
    const audit = await auditOf(u.id);
    expect(audit.map((a) => a.action)).toEqual(['user.superuser.grant', 'user.superuser.revoke']);
    expect(audit[0]).toMatchObject({
      actor_id: s.user.id,
      details: { before: { superuser: false }, after: { superuser: true }, email: u.email },
    });

    for (const value of [false, true]) {
      const own = await s.post(`${base}/${s.user.id}/superuser`, { superuser: value });
      expect(own.status).toBe(403);
      expect(own.body).toMatchObject({ message: OWN_SUPERUSER_MESSAGE, field: 'id' });
    }
    const [me] = await t.deps.db.select().from(users).where(eq(users.id, s.user.id));
    expect(me!.superuser).toBe(true);
    expect(await auditOf(s.user.id)).toEqual([]);
  });

  it('ends all sessions of an account', async () => {
    const s = await superuser();
    const u = await signedIn(t);
    const second = t.client();
    await second.login(u.user.email, u.user.password);
    const res = await s.post(`${base}/${u.user.id}/sessions/end`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sessionsEnded: 2, message: '2 sessions ended', user: { sessions: 0 } });
    expect((await u.get('/api/v1/session')).status).toBe(401);
    expect((await second.get('/api/v1/session')).status).toBe(401);
    const [entry] = await auditOf(u.user.id);
    expect(entry).toMatchObject({ action: 'user.sessions.end', details: { before: { sessions: 2 } } });
    // They may sign in again.
    expect((await t.client().login(u.user.email, u.user.password)).status).toBe(200);
  });

  it('disables an account: its sessions end, it cannot sign in, its data stays; enabling restores it', async () => {
    const s = await superuser();
    const product = await buildProduct(t.deps.db);
    const u = await signedIn(t, { product: product.id });
    const off = await s.post(`${base}/${u.user.id}/disabled`, { disabled: true });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ message: 'Account disabled', sessionsEnded: 1 });
    expect(off.body.user.disabledAt).toEqual(expect.any(String));
    expect(off.body.user.subscriptions).toHaveLength(1);
    expect((await u.get('/api/v1/session')).status).toBe(401);

    // The right password is told the account is disabled; a wrong one learns nothing new.
    const refused = await t.client().login(u.user.email, u.user.password);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ACCOUNT_DISABLED_MESSAGE);
    expect(
      refused.headers
        .getSetCookie()
        .some((k) => k.startsWith('qbank_session=') && !k.includes('qbank_session=;')),
    ).toBe(false);
    const wrong = await t.client().login(u.user.email, 'not-the-password');
    expect(wrong.status).toBe(401);

    expect((await s.post(`${base}/${u.user.id}/disabled`, { disabled: true })).body.message).toBe(
      'Already disabled',
    );
    const on = await s.post(`${base}/${u.user.id}/disabled`, { disabled: false });
    expect(on.body).toMatchObject({ message: 'Account enabled', user: { disabledAt: null } });
    expect((await t.client().login(u.user.email, u.user.password)).status).toBe(200);

    const audit = await auditOf(u.user.id);
    expect(audit.map((a) => a.action)).toEqual(['user.disable', 'user.enable']);
    expect(audit[0]!.details).toMatchObject({ before: { disabledAt: null }, sessionsEnded: 1 });
    expect(audit[1]!.details).toMatchObject({ after: { disabledAt: null } });

    const own = await s.post(`${base}/${s.user.id}/disabled`, { disabled: true });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(OWN_DISABLE_MESSAGE);
  });

  it('a disabling and sign-ins at once: no session of the disabled account survives', async () => {
    const s = await superuser();
    const u = await buildUser(t.deps.db);
    const clients = Array.from({ length: 4 }, () => t.client());
    const [disabled, ...logins] = await Promise.all([
      s.post(`${base}/${u.id}/disabled`, { disabled: true }),
      ...clients.map((c) => c.login(u.email, u.password)),
    ]);
    expect(disabled!.status).toBe(200);
    for (const l of logins) expect([200, 403]).toContain(l.status);
    for (const c of clients) expect((await c.get('/api/v1/session')).status).not.toBe(200);
    const left = await t.deps.db.execute(
      sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${u.id}`,
    );
    expect((left as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
  });

  it('resends the verification mail to an unverified account, and says so for a verified one', async () => {
    const s = await superuser();
    const u = await buildUser(t.deps.db, { firstName: 'Una' });
    const verified = await s.post(`${base}/${u.id}/verification`);
    expect(verified.status).toBe(200);
    expect(verified.body.message).toBe('Already verified: no mail sent');
    expect(await auditOf(u.id)).toEqual([]);

    await t.deps.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, u.id));
    const sent = await s.post(`${base}/${u.id}/verification`);
    expect(sent.body).toMatchObject({ message: 'Verification mail sent', user: { verified: false } });
    const mail = await latestMail(t, u.email, 'Verify your email');
    expect(mail?.text).toContain('/userRegistration?token=');
    expect(mail?.text).toContain('Hi Una,');
    const [entry] = await auditOf(u.id);
    expect(entry).toMatchObject({ action: 'user.verification.resend', actor_id: s.user.id });
  });
});
