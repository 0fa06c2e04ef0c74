import { Messages } from '@qbank/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { jobs, oneTimeTokens, users } from '../../db/schema';
import { runningClock } from '../../lib/clock';
import {
  buildPlan,
  buildProduct,
  buildUser,
  findUser,
  latestMail,
  mailsTo,
  tokenFrom,
  uniqueEmail,
} from '../factories';
import { resettableLimiter, startHttpApp } from '../http-client';
import { appForFile } from '../test-app';

const limiter = resettableLimiter();
// Real time, which a test may jump forward (a link's lifetime) and back.
const clock = runningClock();
const h = appForFile(() => startHttpApp({ limiter, clock }));
beforeEach(() => limiter.reset());

const person = (username = uniqueEmail('reg')) => ({ firstName: 'Ada', lastName: 'Lovelace', username });

/** Starts a registration and returns the token of the link mailed for it. */
async function initiate(body = person()) {
  const res = await h.client().post('/api/v1/initiateRegistration', body);
  expect(res.status).toBe(201);
  const mail = await latestMail(h, body.username.trim().toLowerCase(), 'Verify your email');
  return { body, token: tokenFrom(mail!.text, '/userRegistration') };
}

async function streamlinedPlan() {
  const product = await buildProduct(h.deps.db);
  return buildPlan(h.deps.db, product.id, { priceCents: 2900 });
}

async function countJobs() {
  const [row] = await h.deps.db.select({ n: sql<number>`count(*)::int` }).from(jobs);
  return row!.n;
}

const q = (token: string) => `?token=${encodeURIComponent(token)}`;

describe('one account per mailbox', () => {
  async function accountsLike(local: string) {
    const rows = await h.deps.db.select({ email: users.email }).from(users);
    return rows.filter(
      (r) => r.email.normalize('NFKC').replace(/[\u200b-\u200d\u2060\ufeff]/g, '') === local,
    );
  }

  it('a full-width or zero-width copy of a registered address does not make a second account', async () => {
    const email = uniqueEmail('learner');
    const { token } = await initiate(person(email));
    const done = await h.client().post(`/api/v1/completeRegistration${q(token)}`, {
      firstName: 'Ada',
      lastName: 'L',
      password: 'a-long-password-1',
    });
    expect(done.status).toBe(200);
    const fullWidth = await h
      .client()
      .post('/api/v1/initiateRegistration', person(`\uff4c${email.slice(1)}`));
    expect(fullWidth.status).toBe(409);
    expect(fullWidth.body).toMatchObject({ code: 'USER_EXISTS', field: 'username' });
    const zeroWidth = await h
      .client()
      .post('/api/v1/initiateRegistration', person(`${email.slice(0, 3)}\u200b${email.slice(3)}`));
    expect(zeroWidth.status).toBe(400);
    expect(zeroWidth.body).toMatchObject({ code: 'VALIDATION', field: 'username' });
    expect(zeroWidth.body.message).toMatch(/invisible/);
    expect(await accountsLike(email)).toHaveLength(1);
    // The full-width form signs in to the one account.
    expect((await h.client().login(`\uff4c${email.slice(1)}`, 'a-long-password-1')).status).toBe(200);
  });

  it('refuses mixed alphabets, malformed domains, blank names and a password of spaces, naming the field', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [person('l\u0435arner@example.com'), 'username'],
      [person('foo@example..com'), 'username'],
      [person('foo.@example.com'), 'username'],
      [person('foo@-example.com'), 'username'],
      [{ ...person(), firstName: '\u200b\u200c' }, 'firstName'],
      [{ ...person(), lastName: ' \u3164 ' }, 'lastName'],
    ];
    for (const [body, field] of cases) {
      const res = await h.client().post('/api/v1/initiateRegistration', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field).toBe(field);
    }
    const { token } = await initiate();
    const spaces = await h.client().post(`/api/v1/completeRegistration${q(token)}`, {
      firstName: 'Ada',
      lastName: 'L',
      password: ' '.repeat(12),
    });
    expect(spaces.status).toBe(400);
    expect(spaces.body.field).toBe('password');
  });
});

describe('initiateRegistration', () => {
  it('answers 201 and mails a verification link to /userRegistration?token=', async () => {
    const body = person(uniqueEmail('Mixed.Case').replace('mixed', 'MiXeD'));
    const res = await h.client().post('/api/v1/initiateRegistration', { ...body, firstName: '  Ada ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ ok: true });
    const email = body.username.toLowerCase();
    const mail = await latestMail(h, email);
    expect(mail).toMatchObject({ to: email, subject: 'Verify your email for QBank Cloud' });
    expect(mail!.text).toMatch(/^Hi Ada,/);
    expect(mail!.text).toContain('http://localhost:3000/userRegistration?token=');
    expect(mail!.html).toContain('/userRegistration?token=');
    expect(tokenFrom(mail!.text, '/userRegistration')).toMatch(/^[\w-]{40,}$/);
    // The account exists but is not verified: it cannot sign in yet.
    const user = await findUser(h.deps.db, email);
    expect(user).toMatchObject({ firstName: 'Ada', emailVerifiedAt: null, passwordHash: null });
  });

  it('refuses an e-mail address that already has an account with 409 "user exists", and changes nothing', async () => {
    const existing = await buildUser(h.deps.db, { firstName: 'Grace' });
    for (const username of [existing.email, existing.email.toUpperCase()]) {
      const res = await h.client().post('/api/v1/initiateRegistration', person(username));
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ statusCode: 409, code: 'USER_EXISTS', field: 'username' });
      expect(res.body.message).toMatch(/user exists/i);
    }
    expect(await mailsTo(h, existing.email)).toHaveLength(0);
    expect((await findUser(h.deps.db, existing.email))!.firstName).toBe('Grace');
  });

  it('resending makes a new link and the old one stops working', async () => {
    const first = await initiate();
    const second = await initiate(first.body);
    expect(second.token).not.toBe(first.token);
    expect(await mailsTo(h, first.body.username)).toHaveLength(2);
    const c = h.client();
    const old = await c.get(`/api/v1/fetchRegistration${q(first.token)}`);
    expect(old.status).toBe(400);
    expect(old.body).toMatchObject({ code: 'INVALID_TOKEN', message: Messages.invalidLink });
    const oldComplete = await c.post(`/api/v1/completeRegistration${q(first.token)}`, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      password: 'difference-engine',
    });
    expect(oldComplete.status).toBe(400);
    expect((await c.get(`/api/v1/fetchRegistration${q(second.token)}`)).status).toBe(200);
  });

  it('limits repeated registrations of one address with 429 and Retry-After', async () => {
    const body = person();
    const c = h.client();
    const statuses: number[] = [];
    let last = await c.post('/api/v1/initiateRegistration', body);
    statuses.push(last.status);
    for (let i = 0; i < 5; i++) {
      last = await c.post('/api/v1/initiateRegistration', body);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect(last.body.code).toBe('RATE_LIMITED');
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await mailsTo(h, body.username)).toHaveLength(5);
  });

  it('refuses a cross-site post by its Origin', async () => {
    const body = person();
    const res = await h.client().post('/api/v1/initiateRegistration', body, {
      origin: 'https://evil.example',
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN_ORIGIN');
    expect(await findUser(h.deps.db, body.username)).toBeNull();
  });
});

describe('bad input: 400 naming the field, nothing saved', () => {
  const long = (n: number) => 'x'.repeat(n);
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['missing first name', { firstName: undefined }, 'firstName'],
    ['missing last name', { lastName: undefined }, 'lastName'],
    ['missing e-mail', { username: undefined }, 'username'],
    ['first name a number', { firstName: 42 }, 'firstName'],
    ['last name an array', { lastName: ['L'] }, 'lastName'],
    ['e-mail an object', { username: { email: 'a@b.co' } }, 'username'],
    ['blank first name', { firstName: '   ' }, 'firstName'],
    ['first name too long', { firstName: long(101) }, 'firstName'],
    ['last name too long', { lastName: long(101) }, 'lastName'],
    ['e-mail too long', { username: `${long(250)}@example.com` }, 'username'],
    ['e-mail without a domain', { username: 'ada@localhost' }, 'username'],
  ];
  it.each(cases)('initiateRegistration: %s', async (_name, over, field) => {
    const username = uniqueEmail('bad');
    const body = { firstName: 'Ada', lastName: 'Lovelace', username, ...over };
    const before = await countJobs();
    const res = await h.client().post('/api/v1/initiateRegistration', JSON.parse(JSON.stringify(body)));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION', field });
    expect(res.body.message).toBeTruthy();
    expect(await findUser(h.deps.db, username)).toBeNull();
    expect(await countJobs()).toBe(before);
  });

  it('names the field in its message for a too-long value', async () => {
    const res = await h.client().post('/api/v1/initiateRegistration', {
      ...person(),
      firstName: 'x'.repeat(101),
    });
    expect(res.body.message).toBe('First name must be at most 100 characters');
  });

  it('refuses a body that is not JSON or not an object', async () => {
    const c = h.client();
    const broken = await c.post('/api/v1/initiateRegistration', '{"firstName":');
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe('VALIDATION');
    const array = await c.post('/api/v1/initiateRegistration', [person()]);
    expect(array.status).toBe(400);
  });

  it('completeRegistration: a short, missing or too-long password is refused and the link still works', async () => {
    const { token } = await initiate();
    const c = h.client();
    const bad: Array<[Record<string, unknown>, string, string]> = [
      [{ password: 'seven77' }, 'password', 'Password must be at least 8 characters'],
      [{ password: 'p'.repeat(129) }, 'password', 'Password must be at most 128 characters'],
      [{ password: undefined }, 'password', 'Password is required'],
      [{ firstName: 7 }, 'firstName', 'First name is required'],
      [{ lastName: 'l'.repeat(101) }, 'lastName', 'Last name must be at most 100 characters'],
    ];
    for (const [over, field, message] of bad) {
      const res = await c.post(`/api/v1/completeRegistration${q(token)}`, {
        firstName: 'Ada',
        lastName: 'Lovelace',
        password: 'analytical-engine',
        ...over,
      });
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body).toMatchObject({ field, message });
    }
    expect(c.cookies.has('qbank_session')).toBe(false);
    expect((await c.get(`/api/v1/fetchRegistration${q(token)}`)).status).toBe(200);
  });

  it('a missing or unknown token is refused', async () => {
    const c = h.client();
    const missing = await c.get('/api/v1/fetchRegistration');
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('token');
    const unknown = await c.get('/api/v1/fetchRegistration?token=not-a-real-token');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'INVALID_TOKEN', field: 'token' });
    const tooLong = await c.get(`/api/v1/fetchRegistration?token=${'t'.repeat(201)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.field).toBe('token');
  });
});

describe('fetchRegistration and completeRegistration', () => {
  it('the link shows the registration, completes it, signs in, and then works no more', async () => {
    const { body, token } = await initiate();
    const c = h.client();
    const fetched = await c.get(`/api/v1/fetchRegistration${q(token)}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: body.username,
      customerId: null,
      stripePriceId: null,
    });
    // Fetching does not use the link up.
    expect((await c.get(`/api/v1/fetchRegistration${q(token)}`)).status).toBe(200);

    const done = await c.post(`/api/v1/completeRegistration${q(token)}`, {
      firstName: 'Augusta Ada',
      lastName: 'King',
      password: '8chars!!',
    });
    expect(done.status).toBe(200);
    expect(done.body.accessToken).toMatch(/^[\w-]{40,}$/);
    expect(c.cookies.has('qbank_session')).toBe(true);
    const session = await c.get('/api/v1/session');
    expect(session.status).toBe(200);
    expect(session.body.accessToken).toBe(done.body.accessToken);
    expect(session.body.user).toMatchObject({
      username: body.username,
      firstName: 'Augusta Ada',
      lastName: 'King',
    });
    expect((await h.client().login(body.username, '8chars!!')).status).toBe(200);

    // Used: the link is refused, and a second completion cannot change the password.
    const again = await h.client().get(`/api/v1/fetchRegistration${q(token)}`);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(Messages.invalidLink);
    const reuse = await h.client().post(`/api/v1/completeRegistration${q(token)}`, {
      firstName: 'Mallory',
      lastName: 'X',
      password: 'attacker-password',
    });
    expect(reuse.status).toBe(400);
    expect(reuse.body.code).toBe('INVALID_TOKEN');
    expect((await h.client().login(body.username, 'attacker-password')).status).toBe(401);
    expect((await findUser(h.deps.db, body.username))!.firstName).toBe('Augusta Ada');

    // Now the address is in use.
    const dup = await h.client().post('/api/v1/initiateRegistration', person(body.username));
    expect(dup.status).toBe(409);
  });

  it('a spent link opened again while signed in says the e-mail is verified; signed out it stays Invalid Link', async () => {
    const { token } = await initiate();
    const owner = h.client();
    const done = await owner.post(`/api/v1/completeRegistration${q(token)}`, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      password: 'violet-harbour-42',
    });
    expect(done.status).toBe(200);

    const again = await owner.get(`/api/v1/fetchRegistration${q(token)}`);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'ALREADY_VERIFIED',
      message: Messages.alreadyVerified,
      field: 'token',
    });
    expect((await h.client().get(`/api/v1/fetchRegistration${q(token)}`)).body).toMatchObject({
      code: 'INVALID_TOKEN',
      message: Messages.invalidLink,
    });

    // A link that never was, or one whose account is still unverified, is invalid to a signed-in caller too.
    expect((await owner.get(`/api/v1/fetchRegistration${q('no-such-token')}`)).body.code).toBe(
      'INVALID_TOKEN',
    );
    const pending = await initiate();
    await initiate(pending.body); // replaces the first link, the account still unverified
    const replaced = await owner.get(`/api/v1/fetchRegistration${q(pending.token)}`);
    expect(replaced.status).toBe(400);
    expect(replaced.body.code).toBe('INVALID_TOKEN');
  });

  it('a double submit of the completion completes once: one sign-in, the other refused', async () => {
    const { body, token } = await initiate();
    const passwords = ['first-password', 'second-password', 'third-password'];
    const results = await Promise.all(
      passwords.map((password) =>
        h.client().post(`/api/v1/completeRegistration${q(token)}`, { ...person(), password }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(2);
    const winner = passwords[statuses.indexOf(200)]!;
    for (const password of passwords)
      expect((await h.client().login(body.username, password)).status).toBe(password === winner ? 200 : 401);
  });

  it('a double submit of the registration makes one account', async () => {
    const body = person();
    const results = await Promise.all(
      [1, 2, 3].map(() => h.client().post('/api/v1/initiateRegistration', body)),
    );
    for (const r of results) expect([201, 409]).toContain(r.status);
    expect(results.some((r) => r.status === 201)).toBe(true);
    const rows = await h.deps.db.select().from(users).where(eq(users.email, body.username));
    expect(rows).toHaveLength(1);
    const mail = await latestMail(h, body.username);
    const token = tokenFrom(mail!.text, '/userRegistration');
    expect((await h.client().get(`/api/v1/fetchRegistration${q(token)}`)).status).toBe(200);
  });

  it('an expired link is refused and the account stays unverified', async () => {
    const { body, token } = await initiate();
    const user = await findUser(h.deps.db, body.username);
    clock.advance(61 * 60_000);
    try {
      const c = h.client();
      const fetched = await c.get(`/api/v1/fetchRegistration${q(token)}`);
      expect(fetched.status).toBe(400);
      expect(fetched.body).toMatchObject({ code: 'INVALID_TOKEN', message: Messages.invalidLink });
      const done = await c.post(`/api/v1/completeRegistration${q(token)}`, {
        ...person(),
        password: 'too-late-password',
      });
      expect(done.status).toBe(400);
      expect(c.cookies.has('qbank_session')).toBe(false);
      const [after] = await h.deps.db.select().from(users).where(eq(users.id, user!.id));
      expect(after!.emailVerifiedAt).toBeNull();
      expect((await h.client().login(body.username, 'too-late-password')).status).toBe(401);
    } finally {
      clock.advance(-61 * 60_000);
    }
  });

  it('the link lasts one hour: one about to expire still works', async () => {
    const { body, token } = await initiate();
    const where = eq(oneTimeTokens.userId, (await findUser(h.deps.db, body.username))!.id);
    const [row] = await h.deps.db
      .select({ createdAt: oneTimeTokens.createdAt, expiresAt: oneTimeTokens.expiresAt })
      .from(oneTimeTokens)
      .where(where);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(60 * 60 * 1000);
    // 59 minutes on, the link still works.
    clock.set(row!.expiresAt.getTime() - 60_000);
    try {
      const done = await h.client().post(`/api/v1/completeRegistration${q(token)}`, {
        ...person(),
        password: 'just-in-time',
      });
      expect(done.status).toBe(200);
    } finally {
      clock.set(Date.now());
    }
  });
});

describe('streamlined registration', () => {
  it.each([
    ['left out', undefined],
    ['null', null],
    ['empty', ''],
  ])('with the password %s it fails with the SPEC message, and nothing is saved', async (_name, password) => {
    const plan = await streamlinedPlan();
    const body = person();
    const res = await h.client().post('/api/v1/initiateStreamlinedRegistration', {
      ...body,
      password,
      stripePriceId: plan.stripePriceId,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION',
      field: 'password',
      message: 'Expected a password for the streamlined flow',
    });
    expect(await findUser(h.deps.db, body.username)).toBeNull();
    expect(await mailsTo(h, body.username)).toHaveLength(0);
  });

  it('a short password, a missing price or an unknown price is refused by field, nothing saved', async () => {
    const plan = await streamlinedPlan();
    const inactive = await buildPlan(h.deps.db, plan.productId, { active: false });
    const privatePlan = await buildPlan(h.deps.db, plan.productId, { billingPlanType: 'PRIVATE' });
    const hidden = await buildProduct(h.deps.db, { published: false });
    const hiddenPlan = await buildPlan(h.deps.db, hidden.id);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ password: 'short', stripePriceId: plan.stripePriceId }, 'password'],
      [{ password: 'long-enough-pass' }, 'stripePriceId'],
      [{ password: 'long-enough-pass', stripePriceId: 42 }, 'stripePriceId'],
      [{ password: 'long-enough-pass', stripePriceId: 'price_nope' }, 'stripePriceId'],
      [{ password: 'long-enough-pass', stripePriceId: inactive.stripePriceId }, 'stripePriceId'],
      // Checkout's own rule: a private plan, or any plan of an unpublished product, is not on sale.
      [{ password: 'long-enough-pass', stripePriceId: privatePlan.stripePriceId }, 'stripePriceId'],
      [{ password: 'long-enough-pass', stripePriceId: hiddenPlan.stripePriceId }, 'stripePriceId'],
    ];
    for (const [over, field] of cases) {
      const body = person();
      const res = await h.client().post('/api/v1/initiateStreamlinedRegistration', { ...body, ...over });
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.field).toBe(field);
      expect(res.body.message, JSON.stringify(over)).not.toMatch(/^Invalid input|received undefined/);
      expect(await findUser(h.deps.db, body.username)).toBeNull();
      expect(await mailsTo(h, body.username)).toHaveLength(0);
    }
    const missing = await h.client().post('/api/v1/initiateStreamlinedRegistration', {
      ...person(),
      password: 'long-enough-pass',
    });
    expect(missing.body.message).toBe('stripePriceId is required');
  });

  it('mails a link whose data leads to checkout; completing signs in with the password given first', async () => {
    const plan = await streamlinedPlan();
    const body = person();
    const c = h.client();
    const res = await c.post('/api/v1/initiateStreamlinedRegistration', {
      ...body,
      password: 'streamlined-pass',
      stripePriceId: plan.stripePriceId,
    });
    expect(res.status).toBe(201);
    const mail = await latestMail(h, body.username);
    expect(mail!.text).toContain('continue to checkout');
    const token = tokenFrom(mail!.text, '/userRegistration');
    // Not verified yet: the password does not sign in.
    expect((await h.client().login(body.username, 'streamlined-pass')).status).toBe(401);

    const fetched = await c.get(`/api/v1/fetchRegistration${q(token)}`);
    expect(fetched.body).toMatchObject({ username: body.username, stripePriceId: plan.stripePriceId });
    expect(fetched.body.customerId).toMatch(/^cus_local_/);

    // The plain completion is not for this link, and does not use it up.
    const wrongKind = await c.post(`/api/v1/completeRegistration${q(token)}`, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      password: 'another-password',
    });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.field).toBe('token');

    const done = await c.post(`/api/v1/completeStreamlinedRegistration${q(token)}`);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({
      accessToken: expect.stringMatching(/^[\w-]{40,}$/),
      customerId: fetched.body.customerId,
      stripePriceId: plan.stripePriceId,
    });
    const me = await c.get('/api/v2/users/me');
    expect(me.status).toBe(200);
    expect(me.body.stripeCustomerId).toBe(fetched.body.customerId);
    // Signed in with the CSRF token it was handed: it can go on to checkout.
    const checkout = await c.post('/api/v2/createCheckoutSession', {
      priceId: done.body.stripePriceId,
      customerId: done.body.customerId,
    });
    expect(checkout.status).toBe(200);
    expect(checkout.body.redirectUrl).toMatch(/\/checkout\/local\/cs_local_/);
    expect((await h.client().login(body.username, 'streamlined-pass')).status).toBe(200);
    expect((await h.client().login(body.username, 'another-password')).status).toBe(401);

    const reuse = await h.client().post(`/api/v1/completeStreamlinedRegistration${q(token)}`);
    expect(reuse.status).toBe(400);
    expect(reuse.body.code).toBe('INVALID_TOKEN');
  });

  /** Starts a streamlined registration from `c` and answers the token of the link it mails. */
  async function startStreamlined(
    c: ReturnType<typeof h.client>,
    body: ReturnType<typeof person>,
    password: string,
  ) {
    const plan = await streamlinedPlan();
    const res = await c.post('/api/v1/initiateStreamlinedRegistration', {
      ...body,
      password,
      stripePriceId: plan.stripePriceId,
    });
    expect(res.status).toBe(201);
    return { plan, token: tokenFrom((await latestMail(h, body.username))!.text, '/userRegistration') };
  }

  it('opened on another device the link leads to checkout with the password chosen first, never asking again', async () => {
    const body = person();
    const { plan, token } = await startStreamlined(h.client(), body, 'first-browser-pass');
    const phone = h.client(); // no cookie of the browser that started it
    const fetched = await phone.get(`/api/v1/fetchRegistration${q(token)}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: body.username,
      customerId: expect.stringMatching(/^cus_local_/),
      stripePriceId: plan.stripePriceId,
    });
    // Asking for a password again is refused, and does not use the link up.
    const second = await phone.post(`/api/v1/completeRegistration${q(token)}`, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      password: 'phone-chosen-pass',
    });
    expect(second.status).toBe(400);
    expect(second.body).toMatchObject({ code: 'INVALID_TOKEN', field: 'token' });
    expect((await findUser(h.deps.db, body.username))!.emailVerifiedAt).toBeNull();

    const done = await phone.post(`/api/v1/completeStreamlinedRegistration${q(token)}`);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      customerId: fetched.body.customerId,
      stripePriceId: plan.stripePriceId,
    });
    const checkout = await phone.post('/api/v2/createCheckoutSession', {
      priceId: done.body.stripePriceId,
      customerId: done.body.customerId,
    });
    expect(checkout.status).toBe(200);
    expect((await h.client().login(body.username, 'first-browser-pass')).status).toBe(200);
    expect((await h.client().login(body.username, 'phone-chosen-pass')).status).toBe(401);
  });

  it('a streamlined start cannot plant a password on a registration another browser is waiting on', async () => {
    const body = person();
    const owner = h.client();
    const { token } = await startStreamlined(owner, body, 'owner-chosen-pass');
    const attacker = h.client();
    const plan = await streamlinedPlan();
    const refused = await attacker.post('/api/v1/initiateStreamlinedRegistration', {
      ...body,
      password: 'attacker-pass-123',
      stripePriceId: plan.stripePriceId,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'CONFLICT', field: 'username' });
    expect(refused.body.message).toMatch(/already sent .* Open the link in it/);
    expect(await mailsTo(h, body.username)).toHaveLength(1);
    // The owner's link still works, with the owner's password, opened anywhere.
    expect((await h.client().post(`/api/v1/completeStreamlinedRegistration${q(token)}`)).status).toBe(200);
    expect((await h.client().login(body.username, 'attacker-pass-123')).status).toBe(401);
    expect((await h.client().login(body.username, 'owner-chosen-pass')).status).toBe(200);
  });

  it('the browser that started it may start it again (resend), and so may anyone once its link expired', async () => {
    const body = person();
    const owner = h.client();
    await startStreamlined(owner, body, 'owner-chosen-pass');
    const { token } = await startStreamlined(owner, body, 'owner-second-pass');
    expect(await mailsTo(h, body.username)).toHaveLength(2);
    clock.advance(61 * 60_000);
    try {
      const later = await startStreamlined(h.client(), body, 'someone-later-1');
      expect(later.token).not.toBe(token);
    } finally {
      clock.advance(-61 * 60_000);
    }
  });

  it('20 completions of one link at once: one signs in, the rest are refused', async () => {
    const body = person();
    const { token } = await startStreamlined(h.client(), body, 'streamlined-pass');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => h.client().post(`/api/v1/completeStreamlinedRegistration${q(token)}`)),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(19);
    const [user] = await h.deps.db.select().from(users).where(eq(users.email, body.username));
    expect(user!.emailVerifiedAt).not.toBeNull();
  });

  it('20 streamlined starts of one new address from 20 browsers at once: one link, the rest refused', async () => {
    const body = person();
    const plan = await streamlinedPlan();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        h.client().post('/api/v1/initiateStreamlinedRegistration', {
          ...body,
          password: `password-number-${i}`,
          stripePriceId: plan.stripePriceId,
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    // The address's rate limit answers some 429; of the rest, one starts it and the others are refused.
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 409 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 409).length).toBeGreaterThan(0);
    expect(await mailsTo(h, body.username)).toHaveLength(1);
  });

  it('completeStreamlinedRegistration refuses a link of the plain flow', async () => {
    const { body, token } = await initiate();
    const res = await h.client().post(`/api/v1/completeStreamlinedRegistration${q(token)}`);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('token');
    expect((await findUser(h.deps.db, body.username))!.emailVerifiedAt).toBeNull();
    expect((await h.client().get(`/api/v1/fetchRegistration${q(token)}`)).status).toBe(200);
  });
});

describe('registrationStatus: the first tab learns the e-mail was verified elsewhere', () => {
  it('is false until the link is completed on another device, then true for the browser that started it', async () => {
    const body = person();
    const started = h.client();
    expect((await started.get('/api/v1/registrationStatus')).body).toEqual({ verified: false });
    const res = await started.post('/api/v1/initiateRegistration', body);
    expect(res.status).toBe(201);
    expect(started.cookies.get('qbank_registration')).toMatch(/^[0-9a-f-]{36}\.[\w-]+$/);
    const token = tokenFrom((await latestMail(h, body.username))!.text, '/userRegistration');
    const pending = await started.get('/api/v1/registrationStatus');
    expect(pending.status).toBe(200);
    expect(pending.body).toEqual({ verified: false });

    const phone = h.client();
    const done = await phone.post(`/api/v1/completeRegistration${q(token)}`, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      password: 'phone-chosen-pass',
    });
    expect(done.status).toBe(200);
    expect((await started.get('/api/v1/registrationStatus')).body).toEqual({ verified: true });
    // Only that browser learns it: another, or a forged cookie naming the user, does not.
    expect((await phone.get('/api/v1/registrationStatus')).body).toEqual({ verified: false });
    const userId = started.cookies.get('qbank_registration')!.split('.')[0]!;
    const forged = h.client();
    forged.cookies.set('qbank_registration', `${userId}.${'x'.repeat(32)}`);
    expect((await forged.get('/api/v1/registrationStatus')).body).toEqual({ verified: false });
    for (const junk of ['', 'nonsense', `${userId}.`, `not-a-uuid.${'x'.repeat(32)}`]) {
      forged.cookies.set('qbank_registration', junk);
      const r = await forged.get('/api/v1/registrationStatus');
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ verified: false });
    }
  });

  it('a streamlined registration completed on the phone is verified for the first browser', async () => {
    const body = person();
    const started = h.client();
    const plan = await streamlinedPlan();
    await started.post('/api/v1/initiateStreamlinedRegistration', {
      ...body,
      password: 'first-browser-pass',
      stripePriceId: plan.stripePriceId,
    });
    const token = tokenFrom((await latestMail(h, body.username))!.text, '/userRegistration');
    expect((await started.get('/api/v1/registrationStatus')).body).toEqual({ verified: false });
    expect((await h.client().post(`/api/v1/completeStreamlinedRegistration${q(token)}`)).status).toBe(200);
    const polls = await Promise.all(
      Array.from({ length: 20 }, () => started.get('/api/v1/registrationStatus')),
    );
    for (const p of polls) expect(p.body).toEqual({ verified: true });
  });
});
