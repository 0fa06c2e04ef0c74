import { NO_TEST_IN_PROGRESS } from '@qbank/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import type { TestClient } from '../client';
import { buildProduct, buildSubscription, buildTest, buildUser } from '../factories';
import { appForFile, createTestApp } from '../test-app';

const t = appForFile(() => createTestApp());

const notFound = { statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: NO_TEST_IN_PROGRESS };

/** A signed-in student of one product (the only, hence active, one). */
async function student() {
  const user = await buildUser(t.deps.db);
  const product = await buildProduct(t.deps.db);
  await buildSubscription(t.deps.db, user.id, product.id, { student: true });
  const c = t.client();
  expect((await c.login(user.email, user.password)).status).toBe(200);
  return { user, product, c };
}
const inProgress = (c: TestClient, query = '') => c.req({ url: `/api/v2/tests/inprogress${query}` });

describe('GET /api/v2/tests/inprogress (SPEC §7)', () => {
  it('needs a signed-in user', async () => {
    const res = await inProgress(t.client());
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
  });

  it('answers 404 NOT_FOUND "No test in progress" when there is none', async () => {
    const { c } = await student();
    const res = await inProgress(c);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(notFound);
  });

  it("answers the uuid of the user's running test in the active product", async () => {
    const { user, product, c } = await student();
    const test = await buildTest(t.deps.db, user.id, product.id);
    const res = await inProgress(c);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ uuid: test.id, status: 'IN_PROGRESS' });
  });

  it('a paused test is in progress too: answered with its state (DESIGN §5)', async () => {
    const { user, product, c } = await student();
    const paused = await buildTest(t.deps.db, user.id, product.id, { status: 'PAUSED', timeUsedMs: 120_000 });
    const res = await inProgress(c);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ uuid: paused.id, status: 'PAUSED' });
  });

  it('does not count a completed test', async () => {
    const { user, product, c } = await student();
    await buildTest(t.deps.db, user.id, product.id, {
      status: 'COMPLETED',
      finishedAt: new Date(),
      scorePercent: 70,
    });
    expect((await inProgress(c)).body).toEqual(notFound);
  });

  it('the database refuses a second open test for the same learner and product (tests_one_open_key)', async () => {
    const { user, product } = await student();
    await buildTest(t.deps.db, user.id, product.id);
    await expect(buildTest(t.deps.db, user.id, product.id, { status: 'PAUSED' })).rejects.toThrow();
  });

  it("never answers another user's test", async () => {
    const { product, c } = await student();
    const other = await buildUser(t.deps.db);
    await buildSubscription(t.deps.db, other.id, product.id, { student: true });
    await buildTest(t.deps.db, other.id, product.id);
    expect((await inProgress(c)).body).toEqual(notFound);
  });

  it('looks in the active product: the first active one until the user picks another', async () => {
    const user = await buildUser(t.deps.db);
    const first = await buildProduct(t.deps.db, { name: `A first ${user.id}` });
    const second = await buildProduct(t.deps.db, { name: `B second ${user.id}` });
    await buildSubscription(t.deps.db, user.id, first.id, { student: true });
    await buildSubscription(t.deps.db, user.id, second.id, { student: true });
    const inSecond = await buildTest(t.deps.db, user.id, second.id);
    const c = t.client();
    await c.login(user.email, user.password);

    // Never chosen: the first active subscription, by product name (as the client picks it).
    expect((await inProgress(c)).body).toEqual(notFound);
    const choose = (productUuid: string) =>
      c.req({ method: 'POST', url: '/api/v1/lastused', json: { userUuid: user.id, productUuid } });
    expect((await choose(second.id)).status).toBe(200);
    expect((await inProgress(c)).body).toEqual({ uuid: inSecond.id, status: 'IN_PROGRESS' });
    expect((await choose(first.id)).status).toBe(200);
    expect((await inProgress(c)).body).toEqual(notFound);
  });

  it('a last used product whose subscription ended falls back to the first active one', async () => {
    const user = await buildUser(t.deps.db);
    const ended = await buildProduct(t.deps.db, { name: `A ended ${user.id}` });
    const current = await buildProduct(t.deps.db, { name: `B current ${user.id}` });
    await buildSubscription(t.deps.db, user.id, ended.id, { student: true, active: false });
    await buildSubscription(t.deps.db, user.id, current.id, { student: true });
    // Chosen while that subscription was still active.
    await t.deps.db.update(users).set({ lastUsedProductId: ended.id }).where(eq(users.id, user.id));
    await buildTest(t.deps.db, user.id, ended.id);
    const inCurrent = await buildTest(t.deps.db, user.id, current.id);
    const c = t.client();
    await c.login(user.email, user.password);
    expect((await inProgress(c)).body).toEqual({ uuid: inCurrent.id, status: 'IN_PROGRESS' });
  });

  it("productUuid names the product: one of the caller's active subscriptions, else 404", async () => {
    const { user, product, c } = await student();
    const second = await buildProduct(t.deps.db);
    await buildSubscription(t.deps.db, user.id, second.id, { student: true });
    const a = await buildTest(t.deps.db, user.id, product.id);
    const b = await buildTest(t.deps.db, user.id, second.id);
    expect((await inProgress(c, `?productUuid=${product.id}`)).body).toEqual({
      uuid: a.id,
      status: 'IN_PROGRESS',
    });
    expect((await inProgress(c, `?productUuid=${second.id}`)).body).toEqual({
      uuid: b.id,
      status: 'IN_PROGRESS',
    });

    // A product the caller has no active subscription to: none, even with a running test in it.
    const lapsed = await buildProduct(t.deps.db);
    await buildSubscription(t.deps.db, user.id, lapsed.id, { student: true, active: false });
    await buildTest(t.deps.db, user.id, lapsed.id);
    const res = await inProgress(c, `?productUuid=${lapsed.id}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(notFound);
  });

  it('a malformed productUuid is a 400 naming the field', async () => {
    const { c } = await student();
    const res = await inProgress(c, '?productUuid=not-a-uuid');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION', field: 'productUuid' });
  });

  it('a user without any subscription has none', async () => {
    const user = await buildUser(t.deps.db);
    const c = t.client();
    await c.login(user.email, user.password);
    expect((await inProgress(c)).body).toEqual(notFound);
  });
});
