import { randomUUID } from 'node:crypto';
import { rosterPage } from '@qbank/contract';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { testClock } from '../../lib/clock';
import type { TestClient } from '../client';
import { buildProduct, buildSubscription, buildUser, latestMail, mailsTo, signedIn } from '../factories';
import { appForFile, createTestApp } from '../test-app';

// Enrolment (docs/enrolment.md): invitations by e-mail, enrolment codes, seats and the cap; who may do what,
// what every refusal leaves unchanged, and what 20 of a write at once do.

const START = new Date('2026-10-01T12:00:00Z');
const clock = testClock(START);
const t = appForFile(() => createTestApp({ clock }));
beforeEach(() => clock.set(START));
const DAY = 24 * 60 * 60 * 1000;

const instructorOf = (productId: string) =>
  signedIn(t, { product: productId, subscription: { type: 'PRIVILEGED', student: false, instructor: true } });
const adminOf = (productId: string) => signedIn(t, { product: productId, roles: { admin: true } });

const invite = (c: TestClient, productId: string, json: Record<string, unknown>) =>
  c.req({ method: 'POST', url: `/api/v2/products/${productId}/invitations`, json });
const listStudents = async (c: TestClient, productId: string) =>
  rosterPage.parse((await c.req({ url: `/api/v2/products/${productId}/students?status=ALL` })).body).content;
const audit = async (productId: string, like: string) =>
  rowsOf(
    await t.deps.db.execute(
      sql`SELECT action FROM audit_log WHERE product_id = ${productId} AND action LIKE ${like} ORDER BY id`,
    ),
  ).map((r) => r.action);
const invitationCount = async (productId: string) =>
  rowsOf(
    await t.deps.db.execute(
      sql`SELECT count(*)::int AS n FROM enrolment_invitations WHERE product_id = ${productId}`,
    ),
  )[0]!.n as number;

/** The token of the invitation link in the newest invitation mail to the address. */
async function invitationToken(email: string) {
  const mail = await latestMail(t, email, 'You are invited');
  if (!mail) throw new Error(`no invitation mail to ${email}`);
  const m = mail.text.match(/\/invitation\/([^\s]+)/);
  if (!m) throw new Error(`no invitation link in:\n${mail.text}`);
  return decodeURIComponent(m[1]!);
}

const unique = (label: string) => `${label}.${randomUUID().slice(0, 8)}@example.com`;

describe('invitations', () => {
  it('enrols an existing account at once with a notice, and mails everyone else a link that registers and enrols them', async () => {
    const product = await buildProduct(t.deps.db, { name: 'Cardio Private' });
    const c = await instructorOf(product.id);
    const cohort = (
      await c.req({ method: 'POST', url: `/api/v2/products/${product.id}/cohorts`, json: { name: 'Year 1' } })
    ).body.uuid as string;
    const known = await buildUser(t.deps.db, { firstName: 'Kim', email: unique('kim') });
    const fresh = unique('new');
    const res = await invite(c, product.id, {
      emails: `${known.email.toUpperCase()}, ${fresh};\n ${fresh}`,
      cohortUuid: cohort,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      results: [
        { email: known.email, outcome: 'JOINED' },
        { email: fresh, outcome: 'INVITED' },
      ],
      joined: 1,
      invited: 1,
    });
    expect((await latestMail(t, known.email, 'You have been added to Cardio Private'))?.text).toContain(
      '/dashboard',
    );
    const listed = await listStudents(c, product.id);
    expect(listed.map((s) => [s.emailAddress, s.access, s.cohorts.map((x) => x.name)])).toEqual([
      [known.email, 'ACTIVE', ['Year 1']],
    ]);

    // The pending invitation, and its link.
    const pending = await c.req({ url: `/api/v2/products/${product.id}/invitations` });
    expect(pending.body).toMatchObject([{ email: fresh, status: 'PENDING', cohort: { name: 'Year 1' } }]);
    const token = await invitationToken(fresh);
    const preview = await t.client().req({ url: `/api/v2/invitations/by-token/${token}` });
    expect(preview.body).toEqual({ productName: 'Cardio Private', email: fresh, accountExists: false });

    // Accepting: a name and a password are needed (each named), then the person is signed in and enrolled.
    const guest = t.client();
    const accept = (json: Record<string, unknown>) =>
      guest.req({ method: 'POST', url: `/api/v2/invitations/by-token/${token}/accept`, json });
    const noName = await accept({ lastName: 'Lee', password: 'a-long-password-1' });
    expect([noName.status, noName.body.field]).toEqual([400, 'firstName']);
    const noPassword = await accept({ firstName: 'Ari', lastName: 'Lee' });
    expect([noPassword.status, noPassword.body.field]).toEqual([400, 'password']);
    const ok = await accept({ firstName: 'Ari', lastName: 'Lee', password: 'a-long-password-1' });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ productUuid: product.id, productName: 'Cardio Private' });
    expect(ok.body.accessToken).toEqual(expect.any(String));
    const me = await guest.req({ url: '/api/v2/users/me' });
    expect(me.status).toBe(200);
    expect(me.body.subscriptions.map((s: { product: { uuid: string } }) => s.product.uuid)).toEqual([
      product.id,
    ]);
    expect((await listStudents(c, product.id)).map((s) => s.emailAddress).sort()).toEqual(
      [known.email, fresh].sort(),
    );
    // The link works once; the invitation is no longer open.
    const again = await t.client().req({
      method: 'POST',
      url: `/api/v2/invitations/by-token/${token}/accept`,
      json: { firstName: 'X', lastName: 'Y', password: 'another-password-2' },
    });
    expect(again.status).toBe(400);
    expect((await c.req({ url: `/api/v2/products/${product.id}/invitations` })).body).toEqual([]);
    expect(await audit(product.id, 'student.enrol')).toEqual(['student.enrol', 'student.enrol']);
  });

  it('asks an invited address that has an account to sign in as it', async () => {
    const product = await buildProduct(t.deps.db);
    const c = await instructorOf(product.id);
    const email = unique('later');
    await invite(c, product.id, { emails: [email] });
    const token = await invitationToken(email);
    // The person registers on their own before accepting.
    const user = await buildUser(t.deps.db, { email });
    const preview = await t.client().req({ url: `/api/v2/invitations/by-token/${token}` });
    expect(preview.body.accountExists).toBe(true);
    const stranger = await signedIn(t, {});
    const refused = await stranger.req({
      method: 'POST',
      url: `/api/v2/invitations/by-token/${token}/accept`,
      json: {},
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `An account with ${email} exists: sign in as ${email} to accept the invitation`,
    );
    const owner = await signedIn(t, { as: user });
    const ok = await owner.req({
      method: 'POST',
      url: `/api/v2/invitations/by-token/${token}/accept`,
      json: {},
    });
    expect(ok.status, ok.text).toBe(200);
    expect((await listStudents(c, product.id)).map((s) => s.emailAddress)).toEqual([email]);
  });

  it('resends with a new link, revokes, and lets links expire', async () => {
    const product = await buildProduct(t.deps.db);
    const c = await instructorOf(product.id);
    const [a, b] = [unique('a'), unique('b')];
    await invite(c, product.id, { emails: [a, b] });
    const first = await invitationToken(a);
    const [ia, ib] = (
      (await c.req({ url: `/api/v2/products/${product.id}/invitations` })).body as Array<{
        uuid: string;
        email: string;
      }>
    ).sort((x, y) => (x.email === a ? -1 : y.email === a ? 1 : 0));
    clock.advance(1000);
    const resent = await c.req({ method: 'POST', url: `/api/v2/invitations/${ia!.uuid}/resend` });
    expect(resent.status, resent.text).toBe(200);
    const second = await invitationToken(a);
    expect(second).not.toBe(first);
    expect((await t.client().req({ url: `/api/v2/invitations/by-token/${first}` })).status).toBe(400);
    expect((await t.client().req({ url: `/api/v2/invitations/by-token/${second}` })).status).toBe(200);
    // Inviting the same address again renews it too.
    expect((await invite(c, product.id, { emails: [a] })).body.results).toEqual([
      { email: a, outcome: 'REINVITED' },
    ]);
    expect(await invitationCount(product.id)).toBe(2);

    const revoked = await c.req({ method: 'POST', url: `/api/v2/invitations/${ib!.uuid}/revoke` });
    expect(revoked.body.status).toBe('REVOKED');
    expect(
      (await t.client().req({ url: `/api/v2/invitations/by-token/${await invitationToken(b)}` })).status,
    ).toBe(400);
    const latest = await invitationToken(a);
    clock.advance(15 * DAY);
    // (A new session: the instructor's own has run out in a fortnight.)
    const later = await signedIn(t, { as: c.user });
    const open = (await later.req({ url: `/api/v2/products/${product.id}/invitations` })).body;
    expect(open.map((i: { status: string }) => i.status)).toEqual(['EXPIRED']);
    const expired = await t.client().req({ url: `/api/v2/invitations/by-token/${latest}` });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(
      'This invitation link no longer works. Ask your instructor to send a new one.',
    );
    expect(await audit(product.id, 'invitation.%')).toEqual([
      'invitation.send',
      'invitation.send',
      'invitation.resend',
      'invitation.resend',
      'invitation.revoke',
    ]);
  });

  it('refuses bad addresses naming the one, and callers who may not, writing nothing', async () => {
    const product = await buildProduct(t.deps.db);
    const c = await instructorOf(product.id);
    const good = unique('good');
    for (const [emails, field] of [
      [`${good}, not-an-address`, 'emails.1'],
      ['', 'emails'],
      [[], 'emails'],
      [42, 'emails'],
    ] as const) {
      const res = await invite(c, product.id, { emails });
      expect([res.status, res.body.field], JSON.stringify(emails)).toEqual([400, field]);
    }
    const bad = await invite(c, product.id, { emails: [good], cohortUuid: randomUUID() });
    expect([bad.status, bad.body.field]).toEqual([400, 'cohortUuid']);
    const learner = await signedIn(t, { product: product.id });
    expect((await invite(learner, product.id, { emails: [good] })).status).toBe(403);
    const writer = await signedIn(t, { product: product.id, roles: { questionWriter: true } });
    expect((await writer.req({ url: `/api/v2/products/${product.id}/invitations` })).status).toBe(403);
    expect(await invitationCount(product.id)).toBe(0);
    expect(await mailsTo(t, good)).toEqual([]);
  });
});

describe('enrolment codes', () => {
  const join = (c: TestClient, code: string) => c.req({ method: 'POST', url: `/api/v2/join/${code}` });

  it('lets signed-in learners join with a code, into its cohort, up to its seat limit, until revoked', async () => {
    const product = await buildProduct(t.deps.db, { name: 'Pharm Private' });
    const c = await instructorOf(product.id);
    const cohort = (
      await c.req({
        method: 'POST',
        url: `/api/v2/products/${product.id}/cohorts`,
        json: { name: 'Evening' },
      })
    ).body.uuid as string;
    const made = await c.req({
      method: 'POST',
      url: `/api/v2/products/${product.id}/enrolmentCodes`,
      json: { cohortUuid: cohort, seatLimit: 3 },
    });
    expect(made.status, made.text).toBe(201);
    const code = made.body.code as string;
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect((await t.client().req({ url: `/api/v2/join/${code.toLowerCase()}` })).body).toEqual({
      productName: 'Pharm Private',
      problem: null,
    });
    expect((await t.client().req({ url: '/api/v2/join/NOSUCHCODE' })).status).toBe(404);
    expect((await join(t.client(), code)).status).toBe(401);

    // 20 learners at once, 3 seats: three join, the others are told why.
    const learners = await Promise.all(Array.from({ length: 20 }, () => signedIn(t, {})));
    const answers = await Promise.all(learners.map((l) => join(l, code.toLowerCase())));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    const refused = answers.filter((a) => a.status !== 200);
    expect(new Set(refused.map((a) => a.status))).toEqual(new Set([409]));
    expect(refused[0]!.body.message).toBe(
      'This code has been used by as many learners as it was for. Ask your instructor for a new one.',
    );
    const students = await listStudents(c, product.id);
    expect(students).toHaveLength(3);
    expect(students.every((s) => s.cohorts.some((x) => x.name === 'Evening'))).toBe(true);
    // Joining again uses no seat.
    const joinedOne = learners[answers.findIndex((a) => a.status === 200)]!;
    expect((await join(joinedOne, code)).status).toBe(409);

    clock.advance(1000); // the list is newest first
    const other = await c.req({
      method: 'POST',
      url: `/api/v2/products/${product.id}/enrolmentCodes`,
      json: {},
    });
    const revoked = await c.req({ method: 'POST', url: `/api/v2/enrolmentCodes/${other.body.uuid}/revoke` });
    expect(revoked.body.status).toBe('REVOKED');
    const late = await join(await signedIn(t, {}), other.body.code);
    expect([late.status, late.body.message]).toEqual([
      409,
      'This code has been revoked. Ask your instructor for a new one.',
    ]);
    const listed = (await c.req({ url: `/api/v2/products/${product.id}/enrolmentCodes` })).body;
    expect(listed.map((x: { status: string; uses: number }) => [x.status, x.uses])).toEqual([
      ['REVOKED', 0],
      ['FULL', 3],
    ]);
  });

  it('refuses codes that expired, bad input, and a student the instructors hold', async () => {
    const product = await buildProduct(t.deps.db);
    const c = await instructorOf(product.id);
    const past = await c.req({
      method: 'POST',
      url: `/api/v2/products/${product.id}/enrolmentCodes`,
      json: { expiresAt: '2026-09-01T00:00:00Z' },
    });
    expect([past.status, past.body.field]).toEqual([400, 'expiresAt']);
    for (const [json, field] of [
      [{ seatLimit: 0 }, 'seatLimit'],
      [{ expiresAt: 'soon' }, 'expiresAt'],
      [{ cohortUuid: 'x' }, 'cohortUuid'],
    ] as const) {
      const res = await c.req({ method: 'POST', url: `/api/v2/products/${product.id}/enrolmentCodes`, json });
      expect([res.status, res.body.field], JSON.stringify(json)).toEqual([400, field]);
    }
    const made = await c.req({
      method: 'POST',
      url: `/api/v2/products/${product.id}/enrolmentCodes`,
      json: { expiresAt: '2026-10-08T00:00:00Z' },
    });
    const code = made.body.code as string;
    // A removed student cannot come back through a code.
    const user = await buildUser(t.deps.db);
    await buildSubscription(t.deps.db, user.id, product.id, { type: 'PREMIUM', student: true });
    await c.req({
      method: 'POST',
      url: `/api/v2/products/${product.id}/students/access`,
      json: { action: 'REMOVE', userUuids: [user.id] },
    });
    const held = await join(await signedIn(t, { as: user }), code);
    expect([held.status, held.body.message]).toEqual([
      403,
      'Your access to this QBank has been suspended by its instructors',
    ]);
    clock.advance(8 * DAY);
    const late = await join(await signedIn(t, {}), code);
    expect([late.status, late.body.message]).toEqual([
      409,
      'This code has expired. Ask your instructor for a new one.',
    ]);
    const learner = await signedIn(t, { product: product.id });
    expect(
      (await learner.req({ method: 'POST', url: `/api/v2/products/${product.id}/enrolmentCodes`, json: {} }))
        .status,
    ).toBe(403);
  });
});

describe('seats and the cap', () => {
  it('counts seats against the 50 included, lets only admins cap them, and refuses enrolment past the cap by name', async () => {
    const product = await buildProduct(t.deps.db);
    const admin = await adminOf(product.id);
    const c = await instructorOf(product.id);
    const seats = await c.req({ url: `/api/v2/products/${product.id}/seats` });
    expect(seats.body).toMatchObject({ used: 0, included: 50, extra: 0, cap: null });
    const byInstructor = await c.req({
      method: 'PUT',
      url: `/api/v2/products/${product.id}/seats/cap`,
      json: { cap: 2 },
    });
    expect(byInstructor.status).toBe(403);
    for (const cap of [0, 1.5, '2']) {
      const res = await admin.req({
        method: 'PUT',
        url: `/api/v2/products/${product.id}/seats/cap`,
        json: { cap },
      });
      expect([res.status, res.body.field]).toEqual([400, 'cap']);
    }
    const set = await admin.req({
      method: 'PUT',
      url: `/api/v2/products/${product.id}/seats/cap`,
      json: { cap: 2 },
    });
    expect(set.body).toMatchObject({ cap: 2 });

    const people = await Promise.all(
      Array.from({ length: 3 }, (_, i) => buildUser(t.deps.db, { email: unique(`seat${i}`) })),
    );
    const over = await invite(c, product.id, { emails: people.map((p) => p.email) });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({
      field: 'cap',
      message:
        'This QBank is capped at 2 students and has 2 seats left: these 3 students cannot join. An admin can raise the cap.',
    });
    expect(await listStudents(c, product.id)).toEqual([]);
    expect(await mailsTo(t, people[0]!.email)).toEqual([]);

    // 20 joins at once through an unlimited code: the cap lets two in.
    const code = (
      await c.req({ method: 'POST', url: `/api/v2/products/${product.id}/enrolmentCodes`, json: {} })
    ).body.code as string;
    const learners = await Promise.all(Array.from({ length: 20 }, () => signedIn(t, {})));
    const answers = await Promise.all(
      learners.map((l) => l.req({ method: 'POST', url: `/api/v2/join/${code}` })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(answers.find((a) => a.status === 409)!.body.message).toBe(
      'This QBank is capped at 2 students and has no seat left: this student cannot join. An admin can raise the cap.',
    );
    const after = (await c.req({ url: `/api/v2/products/${product.id}/seats` })).body;
    expect(after).toMatchObject({
      used: 2,
      cap: 2,
      extra: 0,
      months: [{ month: '2026-10', peak: 2, extra: 0 }],
    });
    await admin.req({ method: 'PUT', url: `/api/v2/products/${product.id}/seats/cap`, json: { cap: null } });
    expect(await audit(product.id, 'seats.%')).toEqual(['seats.cap', 'seats.cap']);
  });
});
