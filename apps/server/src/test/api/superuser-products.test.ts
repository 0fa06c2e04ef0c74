import { randomBytes, randomUUID } from 'node:crypto';
import { PRODUCT_SUSPENDED_MESSAGE } from '@qbank/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { checkoutSessions, payments } from '../../db/schema';
import {
  buildPlan,
  buildProduct,
  buildSubscription,
  buildTest,
  buildUser,
  latestMail,
  questionBody,
  signedIn,
} from '../factories';
import { appForFile, createTestApp } from '../test-app';

// Super → Products (docs/superuser-products.md): every QBank with its admins and figures; creating one with its
// first admin; suspending (off the store, staff read-only, learners kept or held) and restoring; moving the
// admin role. Superusers only; each change one transaction with its audit entry.

const t = appForFile(() => createTestApp());

const base = '/api/v2/superuser/products';
const tag = () => randomBytes(4).toString('hex');
const superuser = () => signedIn(t, { user: { superuser: true } });
const email = (label: string) => `${label}.${tag()}@example.com`;

const audit = async (productId: string) =>
  rowsOf(
    await t.deps.db.execute(sql`
      SELECT action, actor_id, details FROM audit_log WHERE product_id = ${productId} AND action LIKE 'product.%'
      ORDER BY id`),
  ) as Array<{ action: string; actor_id: string; details: Record<string, unknown> }>;
const productsNamed = async (name: string) =>
  rowsOf(
    await t.deps.db.execute(sql`SELECT id, published FROM products WHERE lower(name) = lower(${name})`),
  ) as Array<{ id: string; published: boolean }>;
const subscriptionOf = async (productId: string, userId: string) =>
  (
    rowsOf(
      await t.deps.db.execute(sql`
        SELECT type, active, student, question_writer, question_auditor, instructor, admin FROM subscriptions
        WHERE product_id = ${productId} AND user_id = ${userId}`),
    ) as Array<Record<string, unknown>>
  )[0];
const adminEmails = async (productId: string) =>
  (
    rowsOf(
      await t.deps.db.execute(sql`
        SELECT u.email FROM subscriptions s JOIN users u ON u.id = s.user_id
        WHERE s.product_id = ${productId} AND s.active AND s.admin ORDER BY u.email`),
    ) as Array<{ email: string }>
  ).map((r) => r.email);

describe('Super → Products: who may call', () => {
  it('answers 403 to anyone signed in but a superuser (an admin included), 401 to a visitor; writes nothing', async () => {
    const product = await buildProduct(t.deps.db);
    const admin = await signedIn(t, { product: product.id, roles: { admin: true } });
    const plain = await signedIn(t);
    const name = `Nope ${tag()}`;
    for (const c of [admin, plain]) {
      const calls = [
        () => c.get(base),
        () => c.get(`${base}/${product.id}`),
        () => c.post(base, { name, category: 'NURSING', adminEmail: c.user.email }),
        () => c.post(`${base}/${product.id}/suspended`, { suspended: true, learnerAccess: 'HOLD' }),
        () => c.post(`${base}/${product.id}/transfer`, { toEmail: c.user.email }),
      ];
      for (const call of calls) {
        const res = await call();
        expect(res.status, res.text).toBe(403);
        expect(res.body.message).toBe('Only superusers can manage QBanks');
      }
    }
    expect((await t.client().get(base)).status).toBe(401);
    expect(await productsNamed(name)).toEqual([]);
    expect(await audit(product.id)).toEqual([]);
  });
});

describe('Super → Products: creating a QBank', () => {
  it('makes an unpublished QBank whose existing account is its admin at once, audited', async () => {
    const s = await superuser();
    const kim = await buildUser(t.deps.db, { firstName: 'Kim', lastName: 'Lee', email: email('kim') });
    const name = `Renal Review ${tag()}`;
    const res = await s.post(base, {
      name: `  ${name} `,
      category: 'NURSING',
      adminEmail: kim.email.toUpperCase(),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.message).toBe(`QBank created with ${kim.email} as its admin`);
    expect(res.body.product).toMatchObject({
      name,
      productCategory: 'NURSING',
      published: false,
      suspendedAt: null,
      admins: [{ userUuid: kim.id, name: 'Kim Lee', email: kim.email }],
      activeStudents: 0,
      revenue: 0,
      staffCount: 1,
      pendingAdminInvitations: [],
    });
    const id = res.body.product.uuid as string;
    expect(await subscriptionOf(id, kim.id)).toMatchObject({
      type: 'PRIVILEGED',
      active: true,
      student: false,
      admin: true,
    });
    expect(await audit(id)).toEqual([
      {
        action: 'product.create',
        actor_id: s.user.id,
        details: {
          productId: id,
          name,
          before: null,
          after: { name, category: 'NURSING', published: false, admin: kim.email, adminInvited: false },
        },
      },
    ]);
    // The new admin runs it: the staff list is theirs to read, the QBank is not on the store.
    const kimIn = await signedIn(t, { as: kim });
    expect((await kimIn.get(`/api/v2/products/${id}/staff`)).status).toBe(200);
    expect((await t.client().get(`/api/v2/products/${id}/fetchContent`)).status).toBe(404);
  });

  it('invites an address without an account as the admin; accepting the link makes them admin', async () => {
    const s = await superuser();
    const address = email('new.customer');
    const name = `Cardio Start ${tag()}`;
    const res = await s.post(base, { name, category: 'NURSING', adminEmail: address });
    expect(res.status, res.text).toBe(201);
    expect(res.body.message).toBe(
      `QBank created: ${address} has no account yet and was invited as its admin`,
    );
    expect(res.body.product.admins).toEqual([]);
    expect(res.body.product.pendingAdminInvitations).toEqual([expect.objectContaining({ email: address })]);
    const mail = await latestMail(t, address, 'You are invited to the staff');
    expect(mail?.subject).toContain(name);
    const token = decodeURIComponent(mail!.text.match(/\/staff-invitation\/([^\s]+)/)![1]!);
    const accepted = await t
      .client()
      .post(`/api/v2/staffInvitations/by-token/${encodeURIComponent(token)}/accept`, {
        firstName: 'New',
        lastName: 'Customer',
        password: 'correct-horse-battery',
      });
    expect(accepted.status, accepted.text).toBe(200);
    expect(await adminEmails(res.body.product.uuid)).toEqual([address]);
  });

  it('refuses a taken name in any case (409), an unknown category and a bad address (400), writing nothing', async () => {
    const s = await superuser();
    const name = `Unique Bank ${tag()}`;
    await buildProduct(t.deps.db, { name });
    const admin = email('a');
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ name: name.toUpperCase(), category: 'NURSING', adminEmail: admin }, 409, 'name'],
      [{ name: `${name} 2`, category: 'ASTROLOGY', adminEmail: admin }, 400, 'category'],
      [{ name: `${name} 2`, category: 'NURSING', adminEmail: 'not-an-address' }, 400, 'adminEmail'],
      [{ name: '   ', category: 'NURSING', adminEmail: admin }, 400, 'name'],
      [{ category: 'NURSING', adminEmail: admin }, 400, 'name'],
    ];
    for (const [body, status, field] of cases) {
      const res = await s.post(base, body);
      expect(res.status, res.text).toBe(status);
      expect(res.body.field).toBe(field);
    }
    expect(await productsNamed(`${name} 2`)).toEqual([]);
    expect(await productsNamed(name)).toHaveLength(1);
    expect(await latestMail(t, admin)).toBeFalsy();
  });

  it('makes exactly one QBank of 20 creations of the same name at once; the others get 409 naming name', async () => {
    const s = await superuser();
    const name = `Race Bank ${tag()}`;
    const admin = await buildUser(t.deps.db);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        s.post(base, {
          name: i % 2 ? name : name.toLowerCase(),
          category: 'NURSING',
          adminEmail: admin.email,
        }),
      ),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = answers.filter((r) => r.status !== 201);
    expect(refused.map((r) => [r.status, r.body.field])).toEqual(Array(19).fill([409, 'name']));
    const made = await productsNamed(name);
    expect(made).toHaveLength(1);
    expect(await audit(made[0]!.id)).toHaveLength(1);
  });
});

describe('Super → Products: the list', () => {
  it('lists every QBank with its admins, active students and revenue, searched by name and paged', async () => {
    const s = await superuser();
    const k = tag();
    const a = await buildProduct(t.deps.db, { name: `Zlist ${k} Alpha`, learnersCount: 2 });
    const b = await buildProduct(t.deps.db, { name: `zlist ${k} beta`, published: false });
    const admin = await buildUser(t.deps.db, {
      firstName: 'Ann',
      lastName: 'Admin',
      email: `ann.${k}@example.com`,
    });
    await buildSubscription(t.deps.db, admin.id, a.id, { type: 'PRIVILEGED', admin: true, student: false });
    const plan = await buildPlan(t.deps.db, a.id, { priceCents: 4900 });
    const buyer = await buildUser(t.deps.db);
    await t.deps.db.insert(checkoutSessions).values([
      {
        id: `cs_${k}_1`,
        provider: 'local',
        userId: buyer.id,
        productId: a.id,
        billingPlanId: plan.id,
        status: 'complete',
      },
      {
        id: `cs_${k}_2`,
        provider: 'local',
        userId: buyer.id,
        productId: a.id,
        billingPlanId: plan.id,
        status: 'complete',
      },
      {
        id: `cs_${k}_3`,
        provider: 'local',
        userId: buyer.id,
        productId: a.id,
        billingPlanId: plan.id,
        status: 'open',
      },
    ]);
    // The money received is the payments ledger's (a purchase and a renewal), not the checkouts' plan prices.
    await t.deps.db.insert(payments).values([
      {
        productId: a.id,
        billingPlanId: plan.id,
        userId: buyer.id,
        kind: 'PURCHASE',
        amountCents: 4900,
        currency: 'usd',
        providerRef: `cs_${k}_1`,
        paidAt: new Date(),
      },
      {
        productId: a.id,
        billingPlanId: plan.id,
        userId: buyer.id,
        kind: 'RENEWAL',
        amountCents: 2500,
        currency: 'usd',
        providerRef: `in_${k}_1`,
        paidAt: new Date(),
      },
    ]);
    const res = await s.get(`${base}?search=${encodeURIComponent(`ZLIST ${k}`)}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ page: 0, pageSize: 20, hasMore: false });
    expect(res.body.products).toEqual([
      expect.objectContaining({
        uuid: a.id,
        published: true,
        admins: [{ userUuid: admin.id, name: 'Ann Admin', email: admin.email }],
        activeStudents: 2,
        revenue: 74,
        completedCheckouts: 2,
      }),
      expect.objectContaining({
        uuid: b.id,
        published: false,
        admins: [],
        revenue: 0,
        completedCheckouts: 0,
      }),
    ]);
    // % and _ are characters, not wildcards; a bad page names its field.
    expect((await s.get(`${base}?search=${encodeURIComponent(`zlist_${k}`)}`)).body.products).toEqual([]);
    const bad = await s.get(`${base}?page=-1`);
    expect([bad.status, bad.body.field]).toEqual([400, 'page']);
    // Pages of 20 by name; one more says so.
    for (let i = 0; i < 21; i++)
      await buildProduct(t.deps.db, { name: `Zpage ${k} ${String(i).padStart(2, '0')}` });
    const first = await s.get(`${base}?search=${encodeURIComponent(`zpage ${k}`)}&page=0`);
    expect(first.body.products).toHaveLength(20);
    expect(first.body.hasMore).toBe(true);
    const second = await s.get(`${base}?search=${encodeURIComponent(`zpage ${k}`)}&page=1`);
    expect(second.body.products.map((p: { name: string }) => p.name)).toEqual([`Zpage ${k} 20`]);
    expect(second.body.hasMore).toBe(false);
    expect((await s.get(`${base}/${randomUUID()}`)).status).toBe(404);
  });
});

describe('Super → Products: suspending and restoring', () => {
  async function bank() {
    const k = tag();
    const product = await buildProduct(t.deps.db, { name: `Suspense ${k}` });
    const plan = await buildPlan(t.deps.db, product.id, { planName: 'Year', frequencyType: 'YEARLY' });
    const admin = await signedIn(t, { product: product.id, roles: { admin: true, questionWriter: true } });
    const student = await signedIn(t, { product: product.id });
    const question = questionBody(product.id);
    const created = await admin.req({ method: 'POST', url: '/api/v2/questions', json: question });
    expect(created.status, created.text).toBe(200);
    return { k, product, plan, admin, student, question };
  }
  const onStore = async (k: string) =>
    (
      await t.client().req({
        method: 'POST',
        url: '/api/v2/products/productSearchContent?sortField=name&sortOrder=ASC',
        json: { searchTerm: `Suspense ${k}` },
      })
    ).body.map((p: { name: string }) => p.name);

  it('KEEP: off the store and checkout, staff read-only (questions, plans, staff), learners keep access; restore undoes it', async () => {
    const s = await superuser();
    const { k, product, plan, admin, student, question } = await bank();
    expect(await onStore(k)).toEqual([`Suspense ${k}`]);

    const res = await s.post(`${base}/${product.id}/suspended`, { suspended: true, learnerAccess: 'KEEP' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe('QBank suspended: its learners keep their access');
    expect(res.body.product).toMatchObject({
      published: false,
      learnerAccess: 'KEEP',
      publishedBeforeSuspension: true,
    });
    expect(res.body.product.suspendedAt).not.toBeNull();

    // Off the store: not listed, its page and its checkout refused as an unpublished QBank's are.
    expect(await onStore(k)).toEqual([]);
    expect((await t.client().get(`/api/v2/products/${product.id}/fetchContent`)).status).toBe(404);
    const buyer = await signedIn(t);
    const checkout = await buyer.req({
      method: 'POST',
      url: '/api/v2/createCheckoutSession',
      json: { priceId: plan.stripePriceId },
    });
    expect(checkout.status).toBeGreaterThanOrEqual(400);
    expect(checkout.status).toBeLessThan(500);

    // Staff read-only: every write refused with the suspension's message; reads work.
    const save = await admin.req({
      method: 'PUT',
      url: `/api/v2/questions/${question.uuid}`,
      json: { ...question, questionStem: '<p>Changed?</p>' },
    });
    expect([save.status, save.body.message]).toEqual([403, PRODUCT_SUSPENDED_MESSAGE]);
    const planUrl = `/api/v2/products/${product.id}/billingPlans/${plan.id}`;
    const plans = await admin.req({
      url: `/api/v2/products/${product.id}/billingPlans?includeInactive=true`,
    });
    expect(plans.status, plans.text).toBe(200);
    const current = plans.body.find((p: { uuid: string }) => p.uuid === plan.id);
    const planPatch = await admin.req({
      method: 'PATCH',
      url: planUrl,
      json: { ...current, planName: 'Renamed' },
    });
    expect([planPatch.status, planPatch.body.message]).toEqual([403, PRODUCT_SUSPENDED_MESSAGE]);
    const staffPut = await admin.req({
      method: 'PUT',
      url: `/api/v2/products/${product.id}/staff`,
      json: { email: email('writer'), roles: ['WRITER'] },
    });
    expect([staffPut.status, staffPut.body.message]).toEqual([403, PRODUCT_SUSPENDED_MESSAGE]);
    // Nor can its admins put it back on the store themselves, or connect a course platform.
    const publish = await admin.req({
      method: 'POST',
      url: `/api/v2/products/${product.id}/published`,
      json: { published: true },
    });
    expect([publish.status, publish.body.message]).toEqual([403, PRODUCT_SUSPENDED_MESSAGE]);
    const lti = await admin.req({
      method: 'POST',
      url: `/api/v2/products/${product.id}/lti/platforms`,
      json: {
        issuer: 'https://lms.example.com',
        clientId: 'suspended-client',
        deploymentIds: ['1'],
        authLoginUrl: 'https://lms.example.com/auth',
        authTokenUrl: 'https://lms.example.com/token',
        keySetUrl: 'https://lms.example.com/jwks',
      },
    });
    expect([lti.status, lti.body.message]).toEqual([403, PRODUCT_SUSPENDED_MESSAGE]);
    expect((await admin.get(`/api/v2/questions/${question.uuid}`)).status).toBe(200);
    expect((await admin.get(`/api/v2/products/${product.id}/staff`)).status).toBe(200);
    const unchanged = rowsOf(
      await t.deps.db.execute(sql`SELECT plan_name FROM billing_plans WHERE id = ${plan.id}`),
    ) as Array<{ plan_name: string }>;
    expect(unchanged[0]!.plan_name).toBe('Year');

    // Learners keep their access.
    expect((await student.get(`/api/v1/questions/products/${product.id}`)).status).toBe(200);

    // Suspending again with the same choice changes nothing.
    const again = await s.post(`${base}/${product.id}/suspended`, { suspended: true, learnerAccess: 'KEEP' });
    expect(again.body.message).toBe('Already suspended');

    const restored = await s.post(`${base}/${product.id}/suspended`, { suspended: false });
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body.product).toMatchObject({
      published: true,
      suspendedAt: null,
      learnerAccess: null,
      publishedBeforeSuspension: null,
    });
    expect(await onStore(k)).toEqual([`Suspense ${k}`]);
    const saved = await admin.req({
      method: 'PUT',
      url: `/api/v2/questions/${question.uuid}`,
      json: { ...question, questionStem: '<p>Changed?</p>' },
    });
    expect(saved.status, saved.text).toBe(200);
    const log = await audit(product.id);
    expect(log.map((e) => e.action)).toEqual(['product.suspend', 'product.restore']);
    expect(log[0]!.details).toMatchObject({
      before: { suspended: false, learnerAccess: null, published: true },
      after: { suspended: true, learnerAccess: 'KEEP', published: false },
    });
    expect(log[1]!.details).toMatchObject({
      before: { suspended: true, learnerAccess: 'KEEP', published: false },
      after: { suspended: false, learnerAccess: null, published: true },
    });
  });

  it('HOLD: learners lose access until restored; staff still read; an unpublished QBank stays unpublished', async () => {
    const s = await superuser();
    const { product, admin, student } = await bank();
    await t.deps.db.execute(sql`UPDATE products SET published = false WHERE id = ${product.id}`);
    const running = await buildTest(t.deps.db, student.user.id, product.id);
    const res = await s.post(`${base}/${product.id}/suspended`, { suspended: true, learnerAccess: 'HOLD' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe('QBank suspended: its learners have no access until it is restored');

    expect((await student.get(`/api/v1/questions/products/${product.id}`)).status).toBe(403);
    const tests = await student.req({
      method: 'POST',
      url: '/api/v2/tests',
      json: {
        uuid: randomUUID(),
        productUuid: product.id,
        mode: 'TUTOR',
        pools: ['ALL'],
        subcategoryUuids: [randomUUID()],
        numQuestions: 1,
      },
    });
    expect(tests.status, tests.text).toBe(403);
    // A test they had running is paused, as an instructor's hold pauses it, and cannot be resumed.
    const paused = rowsOf(
      await t.deps.db.execute(sql`SELECT status FROM tests WHERE id = ${running.id}`),
    ) as Array<{ status: string }>;
    expect(paused[0]!.status).toBe('PAUSED');
    expect(
      (await student.req({ method: 'PATCH', url: `/api/v2/tests/${running.id}/start`, json: {} })).status,
    ).toBe(403);
    const me = (await student.get('/api/v2/users/me')).body;
    const mine = (list: Array<{ product: { uuid: string }; active: boolean }>) =>
      list.filter((x) => x.product.uuid === product.id).map((x) => x.active);
    expect([mine(me.subscriptions), mine(me.allSubscriptions)]).toEqual([[], [false]]);
    expect((await admin.get(`/api/v1/questions/products/${product.id}`)).status).toBe(200);

    const restored = await s.post(`${base}/${product.id}/suspended`, {
      suspended: false,
      learnerAccess: 'KEEP',
    });
    expect(restored.body.product.published).toBe(false);
    expect((await student.get(`/api/v1/questions/products/${product.id}`)).status).toBe(200);
    const log = await audit(product.id);
    expect(log.map((e) => e.action)).toEqual(['product.suspend', 'product.restore']);
    expect(log[0]!.details).toMatchObject({ after: { learnerAccess: 'HOLD' } });
  });

  it('refuses a bad learnerAccess and an unknown QBank, writing nothing', async () => {
    const s = await superuser();
    const product = await buildProduct(t.deps.db);
    const bad = await s.post(`${base}/${product.id}/suspended`, { suspended: true, learnerAccess: 'MAYBE' });
    expect([bad.status, bad.body.field]).toEqual([400, 'learnerAccess']);
    const noFlag = await s.post(`${base}/${product.id}/suspended`, { learnerAccess: 'KEEP' });
    expect([noFlag.status, noFlag.body.field]).toEqual([400, 'suspended']);
    const missing = await s.post(`${base}/${randomUUID()}/suspended`, {
      suspended: true,
      learnerAccess: 'KEEP',
    });
    expect([missing.status, missing.body.field]).toEqual([404, 'id']);
    const notUuid = await s.post(`${base}/nope/suspended`, { suspended: true, learnerAccess: 'KEEP' });
    expect([notUuid.status, notUuid.body.field]).toEqual([400, 'id']);
    expect(await audit(product.id)).toEqual([]);
  });
});

describe('Super → Products: transferring', () => {
  it('moves the admin role: the new one is admin, the previous ones keep only their other roles', async () => {
    const s = await superuser();
    const product = await buildProduct(t.deps.db);
    const old1 = await buildUser(t.deps.db, { email: email('old1') });
    const old2 = await buildUser(t.deps.db, { email: email('old2') });
    await buildSubscription(t.deps.db, old1.id, product.id, {
      type: 'PRIVILEGED',
      student: false,
      admin: true,
      questionWriter: true,
    });
    await buildSubscription(t.deps.db, old2.id, product.id, {
      type: 'PRIVILEGED',
      student: false,
      admin: true,
    });
    const next = await buildUser(t.deps.db, { email: email('next') });

    const unknown = await s.post(`${base}/${product.id}/transfer`, { toEmail: email('nobody') });
    expect([unknown.status, unknown.body.field]).toEqual([400, 'toEmail']);
    const badAddress = await s.post(`${base}/${product.id}/transfer`, { toEmail: 'nope' });
    expect([badAddress.status, badAddress.body.field]).toEqual([400, 'toEmail']);
    expect(await adminEmails(product.id)).toEqual([old1.email, old2.email].sort());

    const res = await s.post(`${base}/${product.id}/transfer`, { toEmail: next.email });
    expect(res.status, res.text).toBe(200);
    expect(res.body.product.admins.map((a: { email: string }) => a.email)).toEqual([next.email]);
    expect(await adminEmails(product.id)).toEqual([next.email]);
    expect(await subscriptionOf(product.id, old1.id)).toMatchObject({
      active: true,
      admin: false,
      question_writer: true,
    });
    expect(await subscriptionOf(product.id, old2.id)).toMatchObject({ active: false, admin: false });
    const log = await audit(product.id);
    expect(log.map((e) => e.action)).toEqual(['product.transfer']);
    expect(log[0]!.details).toMatchObject({
      before: { admins: [old1.email, old2.email].sort() },
      after: { admins: [next.email] },
    });
    const again = await s.post(`${base}/${product.id}/transfer`, { toEmail: next.email });
    expect(again.body.message).toBe(`${next.email} is already its only admin`);
    expect(await audit(product.id)).toHaveLength(1);
  });

  it('a suspension and transfers racing each other leave one admin, a suspended bank, and every entry', async () => {
    const s = await superuser();
    const product = await buildProduct(t.deps.db);
    const old = await buildUser(t.deps.db);
    await buildSubscription(t.deps.db, old.id, product.id, {
      type: 'PRIVILEGED',
      student: false,
      admin: true,
    });
    const a = await buildUser(t.deps.db);
    const b = await buildUser(t.deps.db);
    const answers = await Promise.all([
      s.post(`${base}/${product.id}/transfer`, { toEmail: a.email }),
      s.post(`${base}/${product.id}/suspended`, { suspended: true, learnerAccess: 'HOLD' }),
      s.post(`${base}/${product.id}/transfer`, { toEmail: b.email }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const admins = await adminEmails(product.id);
    expect(admins).toHaveLength(1);
    expect([a.email, b.email]).toContain(admins[0]);
    const detail = await s.get(`${base}/${product.id}`);
    expect(detail.body).toMatchObject({ learnerAccess: 'HOLD', published: false });
    expect(detail.body.admins.map((x: { email: string }) => x.email)).toEqual(admins);
    expect((await audit(product.id)).map((e) => e.action).sort()).toEqual([
      'product.suspend',
      'product.transfer',
      'product.transfer',
    ]);
  });
});
