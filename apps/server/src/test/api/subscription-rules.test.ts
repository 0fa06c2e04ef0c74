import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billingPlans, subscriptions } from '../../db/schema';
import { expireDue } from '../../modules/subscriptions/access';
import { buildPlan, buildProduct, buildSubscription, buildUser, signedIn } from '../factories';
import { appForFile, createTestApp } from '../test-app';

const t = appForFile(() => createTestApp());

async function freeProduct(frequencyType: 'MONTHLY' | 'INDEFINITE' = 'MONTHLY') {
  const product = await buildProduct(t.deps.db);
  const free = await buildPlan(t.deps.db, product.id, { priceCents: 0, frequencyType, stripePriceId: null });
  return { product, free };
}

const rows = (userId: string) =>
  t.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));

describe('free joins and membership rules', () => {
  it('two joins of a free plan at the same moment make one subscription, and both answer it', async () => {
    const c = await signedIn(t);
    const u = c.user;
    const { product, free } = await freeProduct();
    const join = () =>
      c.req({
        method: 'POST',
        url: `/api/v2/users/${u.id}/subscriptions`,
        json: { productUuid: product.id, billingPlanUuid: free.id },
      });
    const answers = await Promise.all([join(), join(), join()]);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.subscriptionUuid)).size).toBe(1);
    expect(await rows(u.id)).toHaveLength(1);
  });

  it('rejoining through a free plan revives no staff role and forgets the old provider subscription', async () => {
    const c = await signedIn(t);
    const u = c.user;
    const { product, free } = await freeProduct();
    await buildSubscription(t.deps.db, u.id, product.id, {
      type: 'PRIVILEGED',
      active: false,
      admin: true,
      questionWriter: true,
      instructor: true,
      student: false,
      providerSubscriptionId: 'sub_old_123',
    });
    const res = await c.req({
      method: 'POST',
      url: `/api/v2/users/${u.id}/subscriptions`,
      json: { productUuid: product.id, billingPlanUuid: free.id },
    });
    expect(res.body).toMatchObject({
      type: 'BASIC',
      active: true,
      student: true,
      admin: false,
      questionWriter: false,
      questionAuditor: false,
      instructor: false,
    });
    const [row] = await rows(u.id);
    expect(row!.providerSubscriptionId).toBeNull();
    // And the ex-admin cannot manage the product's plans any more.
    const plans = await c.req({ url: `/api/v2/products/${product.id}/billingPlans?includeInactive=true` });
    expect(plans.status).toBe(403);
  });

  it('reactivating a free subscription whose period ran out starts a new period that expiry leaves alone', async () => {
    const c = await signedIn(t);
    const u = c.user;
    const { product, free } = await freeProduct('MONTHLY');
    const sub = await buildSubscription(t.deps.db, u.id, product.id, {
      type: 'BASIC',
      active: false,
      billingPlanId: free.id,
      currentPeriodEnd: new Date(Date.now() - 86_400_000),
    });
    const res = await c.req({
      method: 'PATCH',
      url: `/api/v2/users/${u.id}/subscriptions/${sub.id}/reactivate`,
    });
    expect(res.status).toBe(200);
    expect(res.body.active).toBe(true);
    expect(new Date(res.body.currentPeriodEnd).getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    await expireDue(t.deps.db, t.deps.clock.now());
    const [row] = await rows(u.id);
    expect(row!.active).toBe(true);
  });

  it('a free plan that is no longer offered cannot be reactivated', async () => {
    const c = await signedIn(t);
    const u = c.user;
    const { product, free } = await freeProduct();
    const sub = await buildSubscription(t.deps.db, u.id, product.id, {
      type: 'BASIC',
      active: false,
      billingPlanId: free.id,
    });
    await t.deps.db.update(billingPlans).set({ active: false }).where(eq(billingPlans.id, free.id));
    const res = await c.req({
      method: 'PATCH',
      url: `/api/v2/users/${u.id}/subscriptions/${sub.id}/reactivate`,
    });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('subId');
    expect((await rows(u.id))[0]!.active).toBe(false);
  });

  it('expiry ends lapsed learner access but never staff access', async () => {
    const staff = await buildUser(t.deps.db);
    const learner = await buildUser(t.deps.db);
    const product = await buildProduct(t.deps.db);
    const past = new Date(Date.now() - 60_000);
    await buildSubscription(t.deps.db, staff.id, product.id, {
      type: 'PRIVILEGED',
      admin: true,
      currentPeriodEnd: past,
    });
    await buildSubscription(t.deps.db, learner.id, product.id, { type: 'PREMIUM', currentPeriodEnd: past });
    await expireDue(t.deps.db, t.deps.clock.now());
    expect((await rows(staff.id))[0]!.active).toBe(true);
    expect((await rows(learner.id))[0]!.active).toBe(false);
  });

  it('an unpublished product can be neither joined nor have its plans read by strangers', async () => {
    const c = await signedIn(t);
    const u = c.user;
    const product = await buildProduct(t.deps.db, { published: false });
    const free = await buildPlan(t.deps.db, product.id, { priceCents: 0, stripePriceId: null });
    const join = await c.req({
      method: 'POST',
      url: `/api/v2/users/${u.id}/subscriptions`,
      json: { productUuid: product.id, billingPlanUuid: free.id },
    });
    expect(join.status).toBe(400);
    expect(join.body.field).toBe('billingPlanUuid');
    expect(await rows(u.id)).toHaveLength(0);
    expect((await c.req({ url: `/api/v2/products/${product.id}/billingPlans` })).status).toBe(404);
    expect((await t.client().req({ url: `/api/v2/products/${product.id}/billingPlans` })).status).toBe(404);
    // Its members still see their plans (Account Settings, renewals).
    await buildSubscription(t.deps.db, u.id, product.id, { type: 'PREMIUM' });
    expect((await c.req({ url: `/api/v2/products/${product.id}/billingPlans` })).status).toBe(200);
  });
});
