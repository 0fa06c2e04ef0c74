import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingPlans,
  localPaymentSessions,
  localPaymentSubscriptions,
  subscriptions,
} from '../../db/schema';
import type { LocalPayments } from '../../infra/payments-local';
import {
  buildPlan,
  buildProduct,
  buildSubscription,
  localSessionIdOf,
  openCheckout,
  payCheckout,
  signedIn,
} from '../factories';
import { createTestApp, type TestApp } from '../test-app';

let t: TestApp;
let local: LocalPayments;
beforeAll(async () => {
  t = await createTestApp();
  local = t.deps.payments as LocalPayments;
});
afterAll(() => t.close());

const DAY = 86_400_000;
const sessionIdOf = localSessionIdOf;
const subOf = async (userId: string) =>
  (await t.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0]!;

/** A learner who bought a one-time plan: access for `daysLeft` more days, no provider subscription. */
async function oneTimeBuyer(daysLeft = 20, frequencyType: 'MONTHLY' | 'INDEFINITE' = 'MONTHLY') {
  const c = await signedIn(t);
  const u = c.user;
  const product = await buildProduct(t.deps.db);
  const plan = await buildPlan(t.deps.db, product.id, { priceCents: 4900, frequencyType });
  const end = new Date(Date.now() + daysLeft * DAY);
  const sub = await buildSubscription(t.deps.db, u.id, product.id, {
    type: 'PREMIUM',
    billingPlanId: plan.id,
    currentPeriodEnd: frequencyType === 'INDEFINITE' ? null : end,
  });
  return { u, c, product, plan, sub, end };
}

describe('auto-renew turned on for a one-time purchase (SPEC §5 note)', () => {
  it('goes through checkout with a renewing price; nothing is charged until the paid access ends', async () => {
    const { u, c, plan, sub, end } = await oneTimeBuyer(20);
    const base = `/api/v2/users/${u.id}/subscriptions/${sub.id}`;
    const list = (await c.req({ url: `/api/v2/users/${u.id}/subscriptions` })).body;
    expect(list[0]).toMatchObject({ autoRenew: false, canAutoRenew: true });

    const res = await c.req({ method: 'PATCH', url: `${base}/reactivate` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ autoRenew: false, active: true });
    const id = sessionIdOf(res.body.redirectUrl);
    // A renewing price was made for the plan and kept; the store's price stays the one-time one.
    const [after] = await t.deps.db.select().from(billingPlans).where(eq(billingPlans.id, plan.id));
    expect(after!.renewalPriceId).toMatch(/^price_local_/);
    expect(after!.stripePriceId).toBe(plan.stripePriceId);
    const [session] = await t.deps.db
      .select()
      .from(localPaymentSessions)
      .where(eq(localPaymentSessions.id, id));
    expect(session).toMatchObject({ recurring: true, priceId: after!.renewalPriceId });
    expect(session!.cancelUrl).toMatch(/\/account$/);
    const page = (await c.req({ url: `/api/v2/localCheckout/${id}` })).body;
    expect(page).toMatchObject({ autoRenew: true, price: 49 });
    expect(new Date(page.firstChargeAt).getTime()).toBe(end.getTime());

    // Nothing changes until the provider's verified event arrives.
    expect((await subOf(u.id)).autoRenew).toBe(false);
    await c.req({ method: 'POST', url: `/api/v2/localCheckout/${id}/pay`, json: { outcome: 'success' } });
    await t.runJobs();
    const renewing = await subOf(u.id);
    expect(renewing).toMatchObject({ active: true, autoRenew: true, type: 'PREMIUM' });
    expect(renewing.providerSubscriptionId).toMatch(/^sub_local_/);
    // The access already paid for is neither cut short nor extended for free.
    expect(renewing.currentPeriodEnd!.getTime()).toBe(end.getTime());

    // At the end of the paid access the provider charges for the first time and access runs another month.
    await local.sweep(new Date(end.getTime() + 1000));
    await t.runJobs();
    const renewed = await subOf(u.id);
    expect(renewed.active).toBe(true);
    expect(renewed.currentPeriodEnd!.getTime()).toBeGreaterThan(end.getTime() + 27 * DAY);

    // It can now be cancelled like any renewing subscription.
    const canceled = await c.req({ method: 'DELETE', url: `${base}/cancel` });
    expect(canceled.body).toMatchObject({ autoRenew: false, canAutoRenew: true });
  });

  it('a second buyer of the same plan reuses its renewal price', async () => {
    const a = await oneTimeBuyer(20);
    await a.c.req({ method: 'PATCH', url: `/api/v2/users/${a.u.id}/subscriptions/${a.sub.id}/reactivate` });
    const [plan] = await t.deps.db.select().from(billingPlans).where(eq(billingPlans.id, a.plan.id));
    const c = await signedIn(t);
    const u = c.user;
    const sub = await buildSubscription(t.deps.db, u.id, a.product.id, {
      type: 'PREMIUM',
      billingPlanId: a.plan.id,
      currentPeriodEnd: new Date(Date.now() + 10 * DAY),
    });
    const res = await c.req({
      method: 'PATCH',
      url: `/api/v2/users/${u.id}/subscriptions/${sub.id}/reactivate`,
    });
    const [session] = await t.deps.db
      .select()
      .from(localPaymentSessions)
      .where(eq(localPaymentSessions.id, sessionIdOf(res.body.redirectUrl)));
    expect(session!.priceId).toBe(plan!.renewalPriceId);
  });

  it('unlimited (INDEFINITE) access has nothing to renew', async () => {
    const { u, c, sub } = await oneTimeBuyer(0, 'INDEFINITE');
    expect((await c.req({ url: `/api/v2/users/${u.id}/subscriptions` })).body[0].canAutoRenew).toBe(false);
    const res = await c.req({
      method: 'PATCH',
      url: `/api/v2/users/${u.id}/subscriptions/${sub.id}/reactivate`,
    });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('subId');
  });

  it('with less than two days left the renewing purchase starts now (the provider needs that much notice)', async () => {
    const { u, c, sub } = await oneTimeBuyer(1);
    const res = await c.req({
      method: 'PATCH',
      url: `/api/v2/users/${u.id}/subscriptions/${sub.id}/reactivate`,
    });
    const page = (await c.req({ url: `/api/v2/localCheckout/${sessionIdOf(res.body.redirectUrl)}` })).body;
    expect(page.firstChargeAt).toBeNull();
  });
});

describe('checkout over access the buyer already has', () => {
  it('a renewing plan bought over running one-time access first charges when that access ends', async () => {
    const { u, c, product, end } = await oneTimeBuyer(40);
    const renewing = await buildPlan(t.deps.db, product.id, { autoRenewForSubscription: true });
    await payCheckout(t, c, await openCheckout(c, renewing.stripePriceId!));
    const s = await subOf(u.id);
    expect(s).toMatchObject({ autoRenew: true, billingPlanId: renewing.id });
    expect(s.currentPeriodEnd!.getTime()).toBe(end.getTime());
  });

  it('refuses a second purchase while a renewing one runs, and any purchase by staff', async () => {
    const c = await signedIn(t);
    const u = c.user;
    const product = await buildProduct(t.deps.db);
    const plan = await buildPlan(t.deps.db, product.id);
    await buildSubscription(t.deps.db, u.id, product.id, {
      type: 'PREMIUM',
      autoRenew: true,
      providerSubscriptionId: 'sub_local_running',
      currentPeriodEnd: new Date(Date.now() + 10 * DAY),
    });
    const again = await c.req({
      method: 'POST',
      url: '/api/v2/createCheckoutSession',
      json: { priceId: plan.stripePriceId },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ field: 'priceId' });
    expect(again.body.message).toContain('already renews automatically');

    const staff = await signedIn(t);
    await buildSubscription(t.deps.db, staff.user.id, product.id, { type: 'PRIVILEGED', admin: true });
    const bought = await staff.req({
      method: 'POST',
      url: '/api/v2/createCheckoutSession',
      json: { priceId: plan.stripePriceId },
    });
    expect(bought.status).toBe(409);
    expect(bought.body.message).toBe(`You already have staff access to ${product.name}`);
  });

  it('an unpublished product cannot be bought', async () => {
    const c = await signedIn(t);
    const product = await buildProduct(t.deps.db, { published: false });
    const plan = await buildPlan(t.deps.db, product.id);
    const res = await c.req({
      method: 'POST',
      url: '/api/v2/createCheckoutSession',
      json: { priceId: plan.stripePriceId },
    });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('priceId');
  });

  it('a second checkout for the same QBank closes the first, so two tabs cannot both be paid', async () => {
    const c = await signedIn(t);
    const product = await buildProduct(t.deps.db);
    const plan = await buildPlan(t.deps.db, product.id, { autoRenewForSubscription: true });
    const first = await openCheckout(c, plan.stripePriceId!);
    const second = await openCheckout(c, plan.stripePriceId!);
    expect(second).not.toBe(first);
    const pay = (id: string) =>
      c.req({ method: 'POST', url: `/api/v2/localCheckout/${id}/pay`, json: { outcome: 'success' } });
    expect((await pay(first)).status).toBe(409);
    expect((await pay(second)).status).toBe(200);
  });
});

describe('one buyer is never billed twice for one QBank', () => {
  it('a purchase that replaces a renewing provider subscription turns that one off at the provider', async () => {
    const c = await signedIn(t);
    const u = c.user;
    const product = await buildProduct(t.deps.db);
    const plan = await buildPlan(t.deps.db, product.id, { autoRenewForSubscription: true });
    await payCheckout(t, c, await openCheckout(c, plan.stripePriceId!));
    const first = (await subOf(u.id)).providerSubscriptionId!;
    const [live] = await t.deps.db
      .select()
      .from(localPaymentSubscriptions)
      .where(eq(localPaymentSubscriptions.id, first));
    expect(live!.cancelAtPeriodEnd).toBe(false);

    // A second paid checkout (another tab, opened in the same instant) reaches us as the provider's event.
    const payload = JSON.stringify({
      id: `evt_second_${u.id}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: `cs_second_${u.id}`,
          payment_status: 'paid',
          subscription: `sub_local_second_${u.id}`,
          metadata: { userId: u.id, productId: product.id, billingPlanId: plan.id },
        },
      },
    });
    const secret = await local.webhookSecret();
    const signature = new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret });
    const res = await t.client().req({
      method: 'POST',
      url: '/api/v2/webhooks/stripe',
      raw: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(res.status).toBe(200);
    await t.runJobs();
    expect((await subOf(u.id)).providerSubscriptionId).toBe(`sub_local_second_${u.id}`);
    const [stopped] = await t.deps.db
      .select()
      .from(localPaymentSubscriptions)
      .where(eq(localPaymentSubscriptions.id, first));
    expect(stopped!.cancelAtPeriodEnd).toBe(true);
  });

  it('access paid more than two years ahead is told when renewal can be set up, and nothing is opened', async () => {
    const { u, c, sub } = await oneTimeBuyer(800);
    const res = await c.req({
      method: 'PATCH',
      url: `/api/v2/users/${u.id}/subscriptions/${sub.id}/reactivate`,
    });
    expect(res.status).toBe(409);
    expect(res.body.field).toBe('subId');
    expect(res.body.message).toMatch(
      /^Your access is paid for more than two years ahead\. Automatic renewal can be set up from \w+ \d{1,2}, \d{4}\.$/,
    );
    expect(
      await t.deps.db
        .select()
        .from(localPaymentSessions)
        .where(eq(localPaymentSessions.customerEmail, u.email)),
    ).toEqual([]);
  });

  it('a plan no longer sold offers no auto-renew; a changed plan forgets its renewal price', async () => {
    const a = await oneTimeBuyer(20);
    await a.c.req({ method: 'PATCH', url: `/api/v2/users/${a.u.id}/subscriptions/${a.sub.id}/reactivate` });
    const ac = await signedIn(t, { user: { superuser: true } });
    const planUrl = `/api/v2/products/${a.product.id}/billingPlans/${a.plan.id}`;
    const current: Record<string, unknown> = (
      await ac.req({ url: `/api/v2/products/${a.product.id}/billingPlans?includeInactive=true` })
    ).body[0];
    const changed = await ac.req({
      method: 'PATCH',
      url: planUrl,
      json: { ...current, price: 59, autoCreateStripePrice: true },
    });
    expect(changed.status).toBe(200);
    const [plan] = await t.deps.db.select().from(billingPlans).where(eq(billingPlans.id, a.plan.id));
    expect(plan!.renewalPriceId).toBeNull();

    // Its only public plan: turning it off takes the QBank out of the store, so it is confirmed.
    await ac.req({ method: 'PATCH', url: `${planUrl}/active?confirmLeaveStore=true` });
    const list = (await a.c.req({ url: `/api/v2/users/${a.u.id}/subscriptions` })).body;
    expect(list[0].canAutoRenew).toBe(false);
    const res = await a.c.req({
      method: 'PATCH',
      url: `/api/v2/users/${a.u.id}/subscriptions/${a.sub.id}/reactivate`,
    });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('subId');
  });
});
