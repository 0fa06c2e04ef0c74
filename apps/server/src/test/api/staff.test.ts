import { randomUUID } from 'node:crypto';
import { LAST_ADMIN_MESSAGE } from '@qbank/contract';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { testClock } from '../../lib/clock';
import type { TestClient } from '../client';
import { buildProduct, buildSubscription, buildUser, latestMail, mailsTo, signedIn } from '../factories';
import { appForFile, createTestApp } from '../test-app';

// Staff (docs/staff.md): a product's admins grant and revoke writer, auditor, instructor and admin by e-mail;
// a new person is invited; the last admin stays; who may; what a refusal leaves unchanged; the audit log.

const START = new Date('2026-10-01T12:00:00Z');
const clock = testClock(START);
const t = appForFile(() => createTestApp({ clock }));
beforeEach(() => clock.set(START));
const DAY = 24 * 60 * 60 * 1000;

const unique = (label: string) => `${label}.${randomUUID().slice(0, 8)}@example.com`;
const adminOf = (productId: string) => signedIn(t, { product: productId, roles: { admin: true } });

const setRoles = (c: TestClient, productId: string, json: Record<string, unknown>) =>
  c.req({ method: 'PUT', url: `/api/v2/products/${productId}/staff`, json });
const staff = async (c: TestClient, productId: string) => {
  const res = await c.req({ url: `/api/v2/products/${productId}/staff` });
  expect(res.status, res.text).toBe(200);
  return res.body as Array<{ email: string; roles: string[]; student: boolean; since: string; name: string }>;
};
const subscription = async (productId: string, userId: string) =>
  rowsOf(
    await t.deps.db.execute(sql`
      SELECT type, active, student, question_writer, question_auditor, instructor, admin FROM subscriptions
      WHERE product_id = ${productId} AND user_id = ${userId}`),
  )[0];
const audit = async (productId: string) =>
  rowsOf(
    await t.deps.db.execute(
      sql`SELECT action, actor_id, details FROM audit_log WHERE product_id = ${productId} AND action LIKE 'staff%' ORDER BY id`,
    ),
  ) as Array<{ action: string; actor_id: string; details: Record<string, unknown> }>;

async function invitationToken(email: string) {
  const mail = await latestMail(t, email, 'You are invited to the staff');
  if (!mail) throw new Error(`no staff invitation mail to ${email}`);
  const m = mail.text.match(/\/staff-invitation\/([^\s]+)/);
  if (!m) throw new Error(`no staff invitation link in:\n${mail.text}`);
  return decodeURIComponent(m[1]!);
}

describe('granting and revoking', () => {
  it('gives an existing user roles at once, lists them, and revokes them, each change audited', async () => {
    const product = await buildProduct(t.deps.db, { name: 'Neuro Private' });
    const c = await adminOf(product.id);
    const kim = await buildUser(t.deps.db, { firstName: 'Kim', lastName: 'Lee', email: unique('kim') });

    const granted = await setRoles(c, product.id, {
      email: kim.email.toUpperCase(),
      roles: ['AUDITOR', 'WRITER'],
    });
    expect(granted.status, granted.text).toBe(200);
    expect(granted.body).toMatchObject({
      outcome: 'UPDATED',
      member: { email: kim.email, name: 'Kim Lee', roles: ['WRITER', 'AUDITOR'], student: false },
      invitation: null,
    });
    expect(await subscription(product.id, kim.id)).toMatchObject({
      type: 'PRIVILEGED',
      active: true,
      student: false,
      question_writer: true,
      question_auditor: true,
    });
    expect((await latestMail(t, kim.email, 'You are now'))?.subject).toBe(
      'You are now writer and auditor of Neuro Private',
    );
    const listed = await staff(c, product.id);
    expect(listed.map((m) => [m.email, m.roles])).toEqual(
      expect.arrayContaining([
        [c.user.email, ['ADMIN']],
        [kim.email, ['WRITER', 'AUDITOR']],
      ]),
    );
    expect(listed.find((m) => m.email === kim.email)!.since).toBe(START.toISOString());

    // The same again changes nothing and writes nothing.
    const same = await setRoles(c, product.id, { email: kim.email, roles: ['WRITER', 'AUDITOR'] });
    expect(same.body.outcome).toBe('UNCHANGED');

    const revoked = await setRoles(c, product.id, { email: kim.email, roles: [] });
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.body).toMatchObject({ outcome: 'REMOVED', member: null });
    expect((await subscription(product.id, kim.id))?.active).toBe(false);
    expect((await staff(c, product.id)).map((m) => m.email)).toEqual([c.user.email]);

    const entries = await audit(product.id);
    expect(entries.map((e) => [e.action, e.actor_id, e.details.before, e.details.after])).toEqual([
      ['staff.roles', c.user.id, [], ['WRITER', 'AUDITOR']],
      ['staff.roles', c.user.id, ['WRITER', 'AUDITOR'], []],
    ]);

    // Granted again later: the ended subscription opens again as a staff one.
    clock.set(new Date(START.getTime() + DAY));
    const back = await setRoles(c, product.id, { email: kim.email, roles: ['INSTRUCTOR'] });
    expect(back.body.member).toMatchObject({ roles: ['INSTRUCTOR'], since: clock.now().toISOString() });
  });

  it('adds roles to a student without touching their learning subscription, and takes them off again', async () => {
    const product = await buildProduct(t.deps.db);
    const c = await adminOf(product.id);
    const learner = await buildUser(t.deps.db, { email: unique('learner') });
    await buildSubscription(t.deps.db, learner.id, product.id, { type: 'PREMIUM', student: true });
    const res = await setRoles(c, product.id, { email: learner.email, roles: ['INSTRUCTOR'] });
    expect(res.body.member).toMatchObject({ roles: ['INSTRUCTOR'], student: true });
    expect(await subscription(product.id, learner.id)).toMatchObject({
      type: 'PREMIUM',
      active: true,
      student: true,
      instructor: true,
    });
    const off = await setRoles(c, product.id, { email: learner.email, roles: [] });
    expect(off.body.outcome).toBe('REMOVED');
    expect(await subscription(product.id, learner.id)).toMatchObject({
      type: 'PREMIUM',
      active: true,
      student: true,
      instructor: false,
    });
  });
});

describe('the last admin', () => {
  it('cannot be removed, by themselves or anyone; another admin can be', async () => {
    const product = await buildProduct(t.deps.db);
    const c = await adminOf(product.id);
    const refused = await setRoles(c, product.id, { email: c.user.email, roles: ['WRITER'] });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ field: 'roles', message: LAST_ADMIN_MESSAGE });
    const su = await signedIn(t, { user: { superuser: true } });
    expect((await setRoles(su, product.id, { email: c.user.email, roles: [] })).status).toBe(409);
    expect(await audit(product.id)).toEqual([]);

    const other = await buildUser(t.deps.db, { email: unique('other') });
    expect((await setRoles(c, product.id, { email: other.email, roles: ['ADMIN'] })).status).toBe(200);
    const self = await setRoles(c, product.id, { email: c.user.email, roles: ['WRITER'] });
    expect(self.status, self.text).toBe(200);
    expect((await staff(su, product.id)).map((m) => [m.email, m.roles])).toEqual(
      expect.arrayContaining([
        [c.user.email, ['WRITER']],
        [other.email, ['ADMIN']],
      ]),
    );
  });

  it('survives 20 revocations of the last two admins at once', async () => {
    const product = await buildProduct(t.deps.db);
    const a = await adminOf(product.id);
    const b = await adminOf(product.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        setRoles(i % 2 ? a : b, product.id, { email: (i % 2 ? b : a).user.email, roles: [] }),
      ),
    );
    expect(answers.filter((r) => r.status === 200 && r.body.outcome === 'REMOVED')).toHaveLength(1);
    expect(
      answers.every(
        (r) =>
          (r.status === 200 && ['REMOVED', 'UNCHANGED'].includes(r.body.outcome)) ||
          r.status === 409 ||
          // the admin just removed is no admin any more
          r.status === 403,
      ),
    ).toBe(true);
    const admins = rowsOf(
      await t.deps.db.execute(
        sql`SELECT count(*)::int AS n FROM subscriptions WHERE product_id = ${product.id} AND active AND admin`,
      ),
    )[0]!.n;
    expect(admins).toBe(1);
    expect((await audit(product.id)).map((e) => e.action)).toEqual(['staff.roles']);
  });
});

describe('invitations', () => {
  it('invites an address without an account; the link makes the account with the roles', async () => {
    const product = await buildProduct(t.deps.db, { name: 'Renal Private' });
    const c = await adminOf(product.id);
    const fresh = unique('fresh');
    const res = await setRoles(c, product.id, { email: fresh, roles: ['WRITER', 'ADMIN'] });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      outcome: 'INVITED',
      member: null,
      invitation: { email: fresh, roles: ['WRITER', 'ADMIN'], status: 'PENDING' },
    });
    const list = (await c.req({ url: `/api/v2/products/${product.id}/staff/invitations` })).body;
    expect(list.map((i: { email: string }) => i.email)).toEqual([fresh]);

    // Resent: the first link stops working.
    const first = await invitationToken(fresh);
    clock.set(new Date(START.getTime() + 1000));
    const resent = await c.req({ method: 'POST', url: `/api/v2/staffInvitations/${list[0].uuid}/resend` });
    expect(resent.status, resent.text).toBe(200);
    const second = await invitationToken(fresh);
    expect(second).not.toBe(first);
    expect((await t.client().req({ url: `/api/v2/staffInvitations/by-token/${first}` })).status).toBe(400);
    const preview = await t.client().req({ url: `/api/v2/staffInvitations/by-token/${second}` });
    expect(preview.body).toEqual({
      productName: 'Renal Private',
      email: fresh,
      roles: ['WRITER', 'ADMIN'],
      accountExists: false,
    });

    const visitor = t.client();
    const missing = await visitor.req({
      method: 'POST',
      url: `/api/v2/staffInvitations/by-token/${second}/accept`,
      json: { firstName: 'Noor' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('lastName');
    const accepted = await visitor.req({
      method: 'POST',
      url: `/api/v2/staffInvitations/by-token/${second}/accept`,
      json: { firstName: 'Noor', lastName: 'Haddad', password: 'a-long-enough-password' },
    });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body).toMatchObject({ productUuid: product.id, productName: 'Renal Private' });
    expect(accepted.body.accessToken).toEqual(expect.any(String));
    const me = await visitor.req({ url: '/api/v2/users/me' });
    expect(me.status, me.text).toBe(200);
    expect((await staff(c, product.id)).find((m) => m.email === fresh)).toMatchObject({
      name: 'Noor Haddad',
      roles: ['WRITER', 'ADMIN'],
      student: false,
    });
    expect((await c.req({ url: `/api/v2/products/${product.id}/staff/invitations` })).body).toEqual([]);
    // The link works once.
    expect(
      (
        await t.client().req({
          method: 'POST',
          url: `/api/v2/staffInvitations/by-token/${second}/accept`,
          json: { firstName: 'X', lastName: 'Y', password: 'a-long-enough-password' },
        })
      ).status,
    ).toBe(400);
    expect((await audit(product.id)).map((e) => e.action)).toEqual([
      'staffInvitation.send',
      'staffInvitation.resend',
      'staff.roles',
    ]);
  });

  it('revokes an invitation: its link stops working; an address without an account needs a role', async () => {
    const product = await buildProduct(t.deps.db);
    const c = await adminOf(product.id);
    const fresh = unique('gone');
    const noRole = await setRoles(c, product.id, { email: fresh, roles: [] });
    expect(noRole.status).toBe(400);
    expect(noRole.body.field).toBe('roles');
    const inv = (await setRoles(c, product.id, { email: fresh, roles: ['AUDITOR'] })).body.invitation;
    const token = await invitationToken(fresh);
    const revoked = await c.req({ method: 'POST', url: `/api/v2/staffInvitations/${inv.uuid}/revoke` });
    expect(revoked.body.status).toBe('REVOKED');
    expect((await t.client().req({ url: `/api/v2/staffInvitations/by-token/${token}` })).status).toBe(400);
    expect((await c.req({ method: 'POST', url: `/api/v2/staffInvitations/${inv.uuid}/resend` })).status).toBe(
      409,
    );
    expect((await audit(product.id)).map((e) => e.action)).toEqual([
      'staffInvitation.send',
      'staffInvitation.revoke',
    ]);
  });
});

describe('who may', () => {
  it('lets the product’s admins and superusers in; instructors 403; another product’s admin 403, its invitations 404', async () => {
    const product = await buildProduct(t.deps.db);
    const c = await adminOf(product.id);
    const inv = (await setRoles(c, product.id, { email: unique('x'), roles: ['WRITER'] })).body.invitation;
    const su = await signedIn(t, { user: { superuser: true } });
    expect((await su.req({ url: `/api/v2/products/${product.id}/staff` })).status).toBe(200);
    expect(
      (await setRoles(su, product.id, { email: (await buildUser(t.deps.db)).email, roles: ['WRITER'] }))
        .status,
    ).toBe(200);
    expect((await su.req({ url: `/api/v2/products/${randomUUID()}/staff` })).status).toBe(404);

    const instructor = await signedIn(t, {
      product: product.id,
      subscription: { type: 'PRIVILEGED', student: false, instructor: true },
    });
    const target = await buildUser(t.deps.db);
    const i403 = await setRoles(instructor, product.id, { email: target.email, roles: ['ADMIN'] });
    expect(i403.status).toBe(403);
    expect((await instructor.req({ url: `/api/v2/products/${product.id}/staff` })).status).toBe(403);

    const elsewhere = await adminOf((await buildProduct(t.deps.db)).id);
    expect((await setRoles(elsewhere, product.id, { email: target.email, roles: ['ADMIN'] })).status).toBe(
      403,
    );
    expect(
      (await elsewhere.req({ method: 'POST', url: `/api/v2/staffInvitations/${inv.uuid}/revoke` })).status,
    ).toBe(404);
    expect((await t.client().req({ url: `/api/v2/products/${product.id}/staff` })).status).toBe(401);
    expect(await subscription(product.id, target.id)).toBeUndefined();
  });

  it('refuses bad input naming the field, writing nothing', async () => {
    const product = await buildProduct(t.deps.db);
    const c = await adminOf(product.id);
    const target = await buildUser(t.deps.db);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ roles: ['WRITER'] }, 'email'],
      [{ email: 'not-an-address', roles: ['WRITER'] }, 'email'],
      [{ email: target.email, roles: ['OWNER'] }, 'roles.0'],
      [{ email: target.email, roles: 'WRITER' }, 'roles'],
      [{ email: target.email }, 'roles'],
    ];
    for (const [json, field] of cases) {
      const res = await setRoles(c, product.id, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.field, JSON.stringify(json)).toBe(field);
    }
    expect((await c.req({ url: `/api/v2/products/not-a-uuid/staff` })).body.field).toBe('id');
    expect(await subscription(product.id, target.id)).toBeUndefined();
    expect(await mailsTo(t, target.email)).toEqual([]);
    expect(await audit(product.id)).toEqual([]);
  });
});
