import { Messages } from '@qbank/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { testClock } from '../../lib/clock';
import { buildUser, findUser, latestMail, mailsTo, signedIn, tokenFrom, uniqueEmail } from '../factories';
import { resettableLimiter, startHttpApp } from '../http-client';
import { appForFile } from '../test-app';

const limiter = resettableLimiter();
const clock = testClock();
const h = appForFile(() => startHttpApp({ limiter, clock }));
beforeEach(() => limiter.reset());

const q = (token: string) => `?token=${encodeURIComponent(token)}`;

async function requestReset(email: string) {
  const res = await h.client().post('/api/v1/initiatePasswordReset', { emailAddress: email });
  expect(res.status).toBe(200);
  const mail = await latestMail(h, email.toLowerCase(), 'Reset your');
  return tokenFrom(mail!.text, '/resetPassword');
}

describe('initiatePasswordReset', () => {
  it('mails a one-hour link to /resetPassword?token= for an account', async () => {
    const u = await buildUser(h.deps.db, { firstName: 'Grace' });
    const res = await h
      .client()
      .post('/api/v1/initiatePasswordReset', { emailAddress: u.email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    const mail = await latestMail(h, u.email);
    expect(mail).toMatchObject({ to: u.email, subject: 'Reset your QBank Cloud password' });
    expect(mail!.text).toMatch(/^Hi Grace,/);
    expect(mail!.text).toContain('http://localhost:3000/resetPassword?token=');
    expect(mail!.text).toMatch(/expires after one hour/);
  });

  it('answers an unknown address and an unverified one exactly as a real account, and mails them nothing', async () => {
    const known = await buildUser(h.deps.db);
    const unknown = uniqueEmail('nobody');
    const unverified = uniqueEmail('pending');
    expect(
      (
        await h.client().post('/api/v1/initiateRegistration', {
          firstName: 'P',
          lastName: 'Q',
          username: unverified,
        })
      ).status,
    ).toBe(201);
    const answers = [];
    for (const emailAddress of [known.email, unknown, unverified]) {
      const res = await h.client().post('/api/v1/initiatePasswordReset', { emailAddress });
      answers.push({ status: res.status, text: res.text, type: res.headers.get('content-type') });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(await mailsTo(h, known.email)).toHaveLength(1);
    expect(await mailsTo(h, unknown)).toHaveLength(0);
    expect((await mailsTo(h, unverified)).map((m) => m.subject)).not.toContainEqual(
      expect.stringMatching(/Reset/),
    );
  });

  it('rate-limits one address the same way whether or not it has an account', async () => {
    const known = await buildUser(h.deps.db);
    const unknown = uniqueEmail('nobody');
    for (const emailAddress of [known.email, unknown]) {
      const statuses: number[] = [];
      let last = await h.client().post('/api/v1/initiatePasswordReset', { emailAddress });
      statuses.push(last.status);
      for (let i = 0; i < 5; i++) {
        last = await h.client().post('/api/v1/initiatePasswordReset', { emailAddress });
        statuses.push(last.status);
      }
      expect(statuses, emailAddress).toEqual([200, 200, 200, 200, 200, 429]);
      expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(await mailsTo(h, known.email)).toHaveLength(5);
  });

  it('names the field of a missing or malformed address', async () => {
    const c = h.client();
    const missing = await c.post('/api/v1/initiatePasswordReset', {});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ field: 'emailAddress', message: 'Email address is required' });
    const malformed = await c.post('/api/v1/initiatePasswordReset', { emailAddress: 'not-an-email' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.field).toBe('emailAddress');
    const wrongType = await c.post('/api/v1/initiatePasswordReset', { emailAddress: ['a@b.co'] });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.field).toBe('emailAddress');
  });
});

describe('completePasswordReset', () => {
  it('sets the new password, signs the account out everywhere, and the link works once', async () => {
    const u = await buildUser(h.deps.db);
    const elsewhere = await signedIn(h, { as: u });
    const token = await requestReset(u.email);
    const c = h.client();
    const res = await c.post(`/api/v1/completePasswordReset${q(token)}`, { newPassword: 'a-new-secret' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect((await elsewhere.get('/api/v2/users/me')).status).toBe(401);
    expect((await h.client().login(u.email, u.password)).status).toBe(401);
    expect((await h.client().login(u.email, 'a-new-secret')).status).toBe(200);

    const again = await c.post(`/api/v1/completePasswordReset${q(token)}`, { newPassword: 'third-password' });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      code: 'INVALID_TOKEN',
      message: Messages.invalidLink,
      field: 'token',
    });
    expect((await h.client().login(u.email, 'third-password')).status).toBe(401);
  });

  it('a double submit of one link sets one password', async () => {
    const u = await buildUser(h.deps.db);
    const token = await requestReset(u.email);
    const passwords = ['reset-one-pass', 'reset-two-pass', 'reset-three-pass'];
    const results = await Promise.all(
      passwords.map((newPassword) =>
        h.client().post(`/api/v1/completePasswordReset${q(token)}`, { newPassword }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    const winner = passwords[statuses.indexOf(200)]!;
    for (const password of passwords)
      expect((await h.client().login(u.email, password)).status).toBe(password === winner ? 200 : 401);
  });

  it('refuses an expired link and leaves the password as it was', async () => {
    const u = await buildUser(h.deps.db);
    const token = await requestReset(u.email);
    clock.advance(60 * 60 * 1000); // links work for one hour
    const res = await h.client().post(`/api/v1/completePasswordReset${q(token)}`, {
      newPassword: 'too-late-now',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_TOKEN');
    expect((await h.client().login(u.email, u.password)).status).toBe(200);
  });

  it('a newer reset request makes the older link stop working', async () => {
    const u = await buildUser(h.deps.db);
    const first = await requestReset(u.email);
    const second = await requestReset(u.email);
    const c = h.client();
    expect(
      (await c.post(`/api/v1/completePasswordReset${q(first)}`, { newPassword: 'from-first' })).status,
    ).toBe(400);
    expect(
      (await c.post(`/api/v1/completePasswordReset${q(second)}`, { newPassword: 'from-second' })).status,
    ).toBe(200);
  });

  it('holds the new password to SPEC length (8 or more) and keeps the link usable after a refusal', async () => {
    const u = await buildUser(h.deps.db);
    const token = await requestReset(u.email);
    const c = h.client();
    const cases: Array<[unknown, string]> = [
      ['seven77', 'New password must be at least 8 characters'],
      ['p'.repeat(129), 'New password must be at most 128 characters'],
      [undefined, 'New password is required'],
      [12345678, 'New password is required'],
    ];
    for (const [newPassword, message] of cases) {
      const res = await c.post(`/api/v1/completePasswordReset${q(token)}`, { newPassword });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ field: 'newPassword', message });
    }
    expect(
      (await c.post(`/api/v1/completePasswordReset${q(token)}`, { newPassword: '8chars!!' })).status,
    ).toBe(200);
    expect((await h.client().login(u.email, '8chars!!')).status).toBe(200);
  });

  it('the older variant with emailAddress: it must be the account of the link', async () => {
    const u = await buildUser(h.deps.db);
    const other = await buildUser(h.deps.db);
    const token = await requestReset(u.email);
    const c = h.client();
    const wrong = await c.post(`/api/v1/completePasswordReset${q(token)}`, {
      newPassword: 'hijack-attempt',
      emailAddress: other.email,
    });
    expect(wrong.status).toBe(400);
    expect((await h.client().login(u.email, 'hijack-attempt')).status).toBe(401);
    const right = await c.post(`/api/v1/completePasswordReset${q(token)}`, {
      newPassword: 'variant-password',
      emailAddress: u.email.toUpperCase(),
    });
    expect(right.status).toBe(200);
    expect((await h.client().login(u.email, 'variant-password')).status).toBe(200);
  });

  it('a registration link is not a reset link, and a missing or unknown token is refused', async () => {
    const email = uniqueEmail('reg');
    await h.client().post('/api/v1/initiateRegistration', { firstName: 'R', lastName: 'S', username: email });
    const regToken = tokenFrom((await latestMail(h, email))!.text, '/userRegistration');
    const c = h.client();
    const cross = await c.post(`/api/v1/completePasswordReset${q(regToken)}`, {
      newPassword: 'sneaky-password',
    });
    expect(cross.status).toBe(400);
    expect(cross.body.code).toBe('INVALID_TOKEN');
    expect((await findUser(h.deps.db, email))!.passwordHash).toBeNull();
    const missing = await c.post('/api/v1/completePasswordReset', { newPassword: 'whatever-it-is' });
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('token');
    const unknown = await c.post('/api/v1/completePasswordReset?token=nope', {
      newPassword: 'whatever-it-is',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('INVALID_TOKEN');
  });
});

describe('initiatePasswordUpdate (signed in)', () => {
  it('checks the current password: a wrong one is refused and nothing changes', async () => {
    const u = await buildUser(h.deps.db);
    const c = await signedIn(h, { as: u });
    const res = await c.post('/api/v2/initiatePasswordUpdate', {
      currentPassword: 'not-my-password',
      newPassword: 'brand-new-password',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION',
      field: 'currentPassword',
      message: Messages.currentPasswordWrong,
    });
    // The caller stays signed in (a 401 would sign the client out).
    expect((await c.get('/api/v2/users/me')).status).toBe(200);
    expect((await h.client().login(u.email, u.password)).status).toBe(200);
    expect((await h.client().login(u.email, 'brand-new-password')).status).toBe(401);
    expect(await mailsTo(h, u.email)).toHaveLength(0);
  });

  it('changes the password, keeps this session, ends the others, and mails a notice', async () => {
    const u = await buildUser(h.deps.db);
    const c = await signedIn(h, { as: u });
    const other = await signedIn(h, { as: u });
    const res = await c.post('/api/v2/initiatePasswordUpdate', {
      currentPassword: u.password,
      newPassword: 'changed-password',
    });
    expect(res.status).toBe(200);
    expect((await c.get('/api/v2/users/me')).status).toBe(200);
    expect((await other.get('/api/v2/users/me')).status).toBe(401);
    expect((await h.client().login(u.email, u.password)).status).toBe(401);
    expect((await h.client().login(u.email, 'changed-password')).status).toBe(200);
    const notice = await latestMail(h, u.email);
    expect(notice!.subject).toBe('Your QBank Cloud password was changed');
    expect(notice!.text).not.toContain('changed-password');
  });

  it('holds the new password to SPEC length, naming the field', async () => {
    const u = await buildUser(h.deps.db);
    const c = await signedIn(h, { as: u });
    for (const [newPassword, message] of [
      ['seven77', 'New password must be at least 8 characters'],
      ['p'.repeat(129), 'New password must be at most 128 characters'],
    ] as const) {
      const res = await c.post('/api/v2/initiatePasswordUpdate', {
        currentPassword: u.password,
        newPassword,
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ field: 'newPassword', message });
    }
    const missing = await c.post('/api/v2/initiatePasswordUpdate', { newPassword: 'long-enough-1' });
    expect(missing.body).toMatchObject({ field: 'currentPassword', message: 'Current password is required' });
    expect((await h.client().login(u.email, u.password)).status).toBe(200);
  });

  it('needs a session and its CSRF token', async () => {
    const u = await buildUser(h.deps.db);
    const anon = await h.client().post('/api/v2/initiatePasswordUpdate', {
      currentPassword: u.password,
      newPassword: 'changed-password',
    });
    expect(anon.status).toBe(401);
    const c = await signedIn(h, { as: u });
    const wrongToken = await c.post(
      '/api/v2/initiatePasswordUpdate',
      { currentPassword: u.password, newPassword: 'changed-password' },
      { noCsrf: true, headers: { 'x-csrf-token': 'x'.repeat(43) } },
    );
    expect(wrongToken.status).toBe(403);
    expect(wrongToken.body.code).toBe('CSRF');
    expect((await h.client().login(u.email, u.password)).status).toBe(200);
  });

  it('rate-limits guessing the current password', async () => {
    const u = await buildUser(h.deps.db);
    const c = await signedIn(h, { as: u });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await c.post('/api/v2/initiatePasswordUpdate', {
        currentPassword: `guess-${i}`,
        newPassword: 'changed-password',
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
