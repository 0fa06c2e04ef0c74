import { and, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, jobs, subscriptions, users, webhookEvents } from '../../db/schema';
import type { LocalPayments } from '../../infra/payments-local';
import { runningClock } from '../../lib/clock';
import { expireDue } from '../../modules/subscriptions/access';
import { buildPlan, buildProduct, buildUser, openCheckout, payCheckout, signedIn } from '../factories';
import { createTestApp, type TestApp } from '../test-app';

let t: TestApp;
// Real time, which a test jumps over a retry's wait.
const clock = runningClock();
let local: LocalPayments;
beforeAll(async () => {
  t = await createTestApp({ clock });
  local = t.deps.payments as LocalPayments;
});
afterAll(() => t.close());

async function paidProduct(over: Parameters<typeof buildPlan>[2] = {}) {
  const product = await buildProduct(t.deps.db);
  const plan = await buildPlan(t.deps.db, product.id, {
    priceCents: 4900,
    frequencyType: 'MONTHLY',
    ...over,
  });
  return { product, plan };
}

const sessionIdOf = (redirectUrl: string) => redirectUrl.split('/checkout/local/')[1]!;

async function mySubscription(userId: string, productId: string) {
  const rows = await t.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return rows.filter((r) => r.productId === productId);
}

describe('checkout on the embedded provider', () => {
  it('checkout → pay → signed webhook → subscription, with the referral token kept', async () => {
    const c = await signedIn(t);
    const u = c.user;
    const { product, plan } = await paidProduct({ autoRenewForSubscription: true });
    const res = await c.req({
      method: 'POST',
      url: '/api/v2/createCheckoutSession',
      json: { priceId: plan.stripePriceId, tokenId: 'partner-7' },
    });
    expect(res.status).toBe(200);
    const { redirectUrl } = res.body;
    expect(redirectUrl).toMatch(/^http:\/\/localhost:3000\/checkout\/local\/cs_local_/);
    const id = sessionIdOf(redirectUrl);
    const [record] = await t.deps.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
    expect(record).toMatchObject({ tokenId: 'partner-7', userId: u.id, status: 'open' });
    const [user] = await t.deps.db.select().from(users).where(eq(users.id, u.id));
    expect(user!.stripeCustomerId).toMatch(/^cus_local_/);

    const page = await c.req({ url: `/api/v2/localCheckout/${id}` });
    expect(page.body).toMatchObject({
      price: 49,
      planName: 'Monthly',
      status: 'open',
      customerEmail: u.email,
    });

    const paid = await c.req({
      method: 'POST',
      url: `/api/v2/localCheckout/${id}/pay`,
      json: { outcome: 'success' },
    });
    expect(paid.body.redirectUrl).toBe(`http://localhost:3000/checkout/success?session_id=${id}`);
    // Nothing is granted until the provider's event has been delivered and verified.
    expect(await mySubscription(u.id, product.id)).toHaveLength(0);
    expect((await c.req({ url: `/api/v2/checkoutSessions/${id}` })).body.subscriptionActive).toBe(false);
    await t.runJobs();
    const [sub] = await mySubscription(u.id, product.id);
    expect(sub).toMatchObject({
      active: true,
      type: 'PREMIUM',
      student: true,
      autoRenew: true,
      billingPlanId: plan.id,
    });
    expect(sub!.providerSubscriptionId).toMatch(/^sub_local_/);
    const days = (sub!.currentPeriodEnd!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    expect((await c.req({ url: `/api/v2/checkoutSessions/${id}` })).body).toMatchObject({
      status: 'complete',
      subscriptionActive: true,
      productName: product.name,
    });
    const me = (await c.req({ url: '/api/v2/users/me' })).body;
    expect(me.lastUsedProductUuid).toBe(product.id);
    expect(me.subscriptions.map((s: { product: { uuid: string } }) => s.product.uuid)).toContain(product.id);
    // Paying twice is refused: the checkout is no longer open.
    expect(
      (await c.req({ method: 'POST', url: `/api/v2/localCheckout/${id}/pay`, json: { outcome: 'success' } }))
        .status,
    ).toBe(409);
  });

  it('a declined payment goes to the paymentFailed page and grants nothing; cancel goes back to the product', async () => {
    const c = await signedIn(t);
    const u = c.user;
    const { product, plan } = await paidProduct();
    const first = sessionIdOf(
      (
        await c.req({
          method: 'POST',
          url: '/api/v2/createCheckoutSession',
          json: { priceId: plan.stripePriceId },
        })
      ).body.redirectUrl,
    );
    const declined = await c.req({
      method: 'POST',
      url: `/api/v2/localCheckout/${first}/pay`,
      json: { outcome: 'decline' },
    });
    expect(declined.body.redirectUrl).toBe('http://localhost:3000/error?msgId=paymentFailed');
    const canceled = await c.req({ method: 'POST', url: `/api/v2/localCheckout/${first}/cancel` });
    expect(canceled.body.redirectUrl).toBe(`http://localhost:3000/store/products/${product.id}`);
    await t.runJobs();
    expect(await mySubscription(u.id, product.id)).toHaveLength(0);
    const [record] = await t.deps.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, first));
    expect(record!.status).toBe('expired');
  });

  it('refuses unknown, free, inactive and private plans, and another customer id', async () => {
    const c = await signedIn(t);
    const post = (json: unknown) => c.req({ method: 'POST', url: '/api/v2/createCheckoutSession', json });
    expect((await post({ priceId: 'price_nothing' })).body.field).toBe('priceId');
    expect((await post({})).body.field).toBe('priceId');
    expect((await post({ priceId: 7 })).body.field).toBe('priceId');
    const inactive = await paidProduct({ active: false });
    expect((await post({ priceId: inactive.plan.stripePriceId })).status).toBe(400);
    const priv = await paidProduct({ billingPlanType: 'PRIVATE' });
    expect((await post({ priceId: priv.plan.stripePriceId })).status).toBe(400);
    const ok = await paidProduct();
    expect((await post({ priceId: ok.plan.stripePriceId })).status).toBe(200);
    expect((await post({ priceId: ok.plan.stripePriceId, customerId: 'cus_someone_else' })).status).toBe(403);
    expect((await post({ priceId: ok.plan.stripePriceId, tokenId: 'x'.repeat(101) })).body.field).toBe(
      'tokenId',
    );
  });

  it('needs a signed-in user with the CSRF token; a checkout is visible only to its buyer', async () => {
    const { plan } = await paidProduct();
    const anon = t.client();
    expect(
      (
        await anon.req({
          method: 'POST',
          url: '/api/v2/createCheckoutSession',
          json: { priceId: plan.stripePriceId },
        })
      ).status,
    ).toBe(401);
    const c = await signedIn(t);
    expect(
      (
        await c.req({
          method: 'POST',
          url: '/api/v2/createCheckoutSession',
          json: { priceId: plan.stripePriceId },
          noCsrf: true,
        })
      ).status,
    ).toBe(403);
    const id = sessionIdOf(
      (
        await c.req({
          method: 'POST',
          url: '/api/v2/createCheckoutSession',
          json: { priceId: plan.stripePriceId },
        })
      ).body.redirectUrl,
    );
    const other = await signedIn(t);
    expect((await other.req({ url: `/api/v2/localCheckout/${id}` })).status).toBe(404);
    expect((await other.req({ url: `/api/v2/checkoutSessions/${id}` })).status).toBe(404);
    expect(
      (
        await other.req({
          method: 'POST',
          url: `/api/v2/localCheckout/${id}/pay`,
          json: { outcome: 'success' },
        })
      ).status,
    ).toBe(404);
  });
});

describe('the webhook endpoint', () => {
  const signer = new Stripe('sk_test_signer');
  const deliver = (payload: string, signature?: string) =>
    t.client().req({
      method: 'POST',
      url: '/api/v2/webhooks/stripe',
      raw: payload,
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
    });

  async function completedEvent(created = Math.floor(Date.now() / 1000)) {
    const u = await buildUser(t.deps.db);
    const { product, plan } = await paidProduct({ frequencyType: 'QUARTERLY' });
    const event = {
      id: `evt_test_${Math.random().toString(36).slice(2)}`,
      object: 'event',
      type: 'checkout.session.completed',
      created,
      data: {
        object: {
          id: `cs_test_${Math.random().toString(36).slice(2)}`,
          object: 'checkout.session',
          mode: 'payment',
          payment_status: 'paid',
          customer: 'cus_test_1',
          subscription: null,
          metadata: { userId: u.id, productId: product.id, billingPlanId: plan.id },
        },
      },
    };
    return { u, product, plan, payload: JSON.stringify(event) };
  }

  it('applies an event signed with the provider secret', async () => {
    const { u, product, payload } = await completedEvent();
    const secret = await local.webhookSecret();
    const res = await deliver(payload, signer.webhooks.generateTestHeaderString({ payload, secret }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, duplicate: false });
    const [sub] = await mySubscription(u.id, product.id);
    expect(sub).toMatchObject({ active: true, type: 'PREMIUM', autoRenew: false });
    const months = (sub!.currentPeriodEnd!.getTime() - Date.now()) / (30 * 86_400_000);
    expect(months).toBeGreaterThan(2.8);
    expect(months).toBeLessThan(3.2);
  });

  it('refuses a bad or missing signature and a tampered body, changing nothing', async () => {
    const { u, product, payload } = await completedEvent();
    const wrong = await deliver(
      payload,
      signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe('Stripe-Signature');
    expect((await deliver(payload)).status).toBe(400);
    const secret = await local.webhookSecret();
    const header = signer.webhooks.generateTestHeaderString({ payload, secret });
    expect((await deliver(payload.replace('"paid"', '"PAID"'), header)).status).toBe(400);
    expect(await mySubscription(u.id, product.id)).toHaveLength(0);
  });

  it('a replayed event changes nothing; two concurrent deliveries grant one subscription', async () => {
    const { u, product, payload } = await completedEvent();
    const secret = await local.webhookSecret();
    const header = signer.webhooks.generateTestHeaderString({ payload, secret });
    const [a, b] = await Promise.all([deliver(payload, header), deliver(payload, header)]);
    expect([a.body.duplicate, b.body.duplicate].sort()).toEqual([false, true]);
    const [first] = await mySubscription(u.id, product.id);
    const again = await deliver(payload, header);
    expect(again.body).toEqual({ received: true, duplicate: true });
    const after = await mySubscription(u.id, product.id);
    expect(after).toHaveLength(1);
    expect(after[0]!.currentPeriodEnd).toEqual(first!.currentPeriodEnd);
    const events = await t.deps.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.id, JSON.parse(payload).id));
    expect(events).toHaveLength(1);
  });

  it('a second one-time purchase extends from the end of the running period', async () => {
    const { u, product, plan } = await completedEvent();
    const secret = await local.webhookSecret();
    const send = async (id: string) => {
      const payload = JSON.stringify({
        id,
        object: 'event',
        type: 'checkout.session.completed',
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: `cs_${id}`,
            payment_status: 'paid',
            metadata: { userId: u.id, productId: product.id, billingPlanId: plan.id },
          },
        },
      });
      await deliver(payload, signer.webhooks.generateTestHeaderString({ payload, secret }));
    };
    await send(`evt_a_${u.id}`);
    const [one] = await mySubscription(u.id, product.id);
    await send(`evt_b_${u.id}`);
    const [two] = await mySubscription(u.id, product.id);
    const months = (two!.currentPeriodEnd!.getTime() - one!.currentPeriodEnd!.getTime()) / (30 * 86_400_000);
    expect(months).toBeGreaterThan(2.8);
    expect(months).toBeLessThan(3.2);
  });

  it('a checkout session is fulfilled once, whatever events report it (two event ids, completed then async success)', async () => {
    const { u, product, plan } = await completedEvent();
    const secret = await local.webhookSecret();
    const sessionId = `cs_once_${u.id}`;
    const send = async (id: string, type: string, subscription: string | null = null) => {
      const payload = JSON.stringify({
        id,
        object: 'event',
        type,
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: sessionId,
            payment_status: 'paid',
            subscription,
            metadata: { userId: u.id, productId: product.id, billingPlanId: plan.id },
          },
        },
      });
      const res = await deliver(payload, signer.webhooks.generateTestHeaderString({ payload, secret }));
      expect(res.status).toBe(200);
    };
    await send(`evt_once_a_${u.id}`, 'checkout.session.completed');
    const [one] = await mySubscription(u.id, product.id);
    await send(`evt_once_b_${u.id}`, 'checkout.session.completed');
    await send(`evt_once_c_${u.id}`, 'checkout.session.async_payment_succeeded');
    const after = await mySubscription(u.id, product.id);
    expect(after).toHaveLength(1);
    expect(after[0]!.currentPeriodEnd).toEqual(one!.currentPeriodEnd);
  });

  it('a renewing checkout reported twice does not grant again: a renewal cancelled in between stays cancelled', async () => {
    const { u, product, plan } = await completedEvent();
    const secret = await local.webhookSecret();
    const send = async (id: string) => {
      const payload = JSON.stringify({
        id,
        object: 'event',
        type: 'checkout.session.completed',
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: `cs_renewing_${u.id}`,
            payment_status: 'paid',
            subscription: `sub_renewing_${u.id}`,
            metadata: { userId: u.id, productId: product.id, billingPlanId: plan.id },
          },
        },
      });
      await deliver(payload, signer.webhooks.generateTestHeaderString({ payload, secret }));
    };
    await send(`evt_renewing_a_${u.id}`);
    const [one] = await mySubscription(u.id, product.id);
    expect(one).toMatchObject({ active: true, autoRenew: true });
    await t.deps.db.update(subscriptions).set({ autoRenew: false }).where(eq(subscriptions.id, one!.id));
    await send(`evt_renewing_b_${u.id}`);
    const [two] = await mySubscription(u.id, product.id);
    expect(two).toMatchObject({ active: true, autoRenew: false });
    expect(two!.currentPeriodEnd).toEqual(one!.currentPeriodEnd);
  });
});

describe('renewal, cancel, reactivate and expiry', () => {
  async function boughtRenewing() {
    const c = await signedIn(t);
    const u = c.user;
    const { product, plan } = await paidProduct({ autoRenewForSubscription: true });
    await payCheckout(t, c, await openCheckout(c, plan.stripePriceId!));
    const [sub] = await mySubscription(u.id, product.id);
    return { u, c, product, sub: sub! };
  }

  it('cancel turns auto-renew off at the provider; reactivate turns it on; the provider renews or ends it', async () => {
    const { u, c, product, sub } = await boughtRenewing();
    const base = `/api/v2/users/${u.id}/subscriptions/${sub.id}`;
    const canceled = await c.req({ method: 'DELETE', url: `${base}/cancel` });
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ autoRenew: false, active: true, canAutoRenew: true });
    await t.runJobs();
    const re = await c.req({ method: 'PATCH', url: `${base}/reactivate` });
    expect(re.body).toMatchObject({ autoRenew: true, active: true });
    await t.runJobs();
    expect((await mySubscription(u.id, product.id))[0]!.autoRenew).toBe(true);

    // The period ends while auto-renew is on: the provider renews and says so with invoice.paid.
    const end = sub.currentPeriodEnd!;
    await local.sweep(new Date(end.getTime() + 1000));
    await t.runJobs();
    const renewed = (await mySubscription(u.id, product.id))[0]!;
    expect(renewed.active).toBe(true);
    expect(renewed.currentPeriodEnd!.getTime()).toBeGreaterThan(end.getTime() + 27 * 86_400_000);

    // Auto-renew off, then the period ends: the provider deletes the subscription and access ends.
    await c.req({ method: 'DELETE', url: `${base}/cancel` });
    await t.runJobs();
    await local.sweep(new Date(renewed.currentPeriodEnd!.getTime() + 1000));
    await t.runJobs();
    const ended = (await mySubscription(u.id, product.id))[0]!;
    expect(ended).toMatchObject({ active: false, autoRenew: false });
    const list = (await c.req({ url: `/api/v2/users/${u.id}/subscriptions` })).body;
    expect(list[0]).toMatchObject({
      active: false,
      planName: 'Monthly',
      price: 49,
      frequencyType: 'MONTHLY',
    });
    expect((await c.req({ method: 'PATCH', url: `${base}/reactivate` })).status).toBe(400);
  });

  it('one-time plans end after their period; INDEFINITE never', async () => {
    const u = await buildUser(t.deps.db);
    const p1 = await buildProduct(t.deps.db);
    const p2 = await buildProduct(t.deps.db);
    const past = new Date(Date.now() - 1000);
    await t.deps.db.insert(subscriptions).values([
      { userId: u.id, productId: p1.id, type: 'PREMIUM', currentPeriodEnd: past },
      { userId: u.id, productId: p2.id, type: 'PREMIUM', currentPeriodEnd: null },
    ]);
    await expireDue(t.deps.db, t.deps.clock.now());
    const rows = await t.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, u.id));
    expect(rows.find((r) => r.productId === p1.id)!.active).toBe(false);
    expect(rows.find((r) => r.productId === p2.id)!.active).toBe(true);
  });

  it('a webhook delivery that fails midway applies nothing (kept as failed), is retried by the job runner, nothing lost', async () => {
    const c = await signedIn(t);
    const u = c.user;
    const { product, plan } = await paidProduct();
    const id = sessionIdOf(
      (
        await c.req({
          method: 'POST',
          url: '/api/v2/createCheckoutSession',
          json: { priceId: plan.stripePriceId },
        })
      ).body.redirectUrl,
    );
    await c.req({ method: 'POST', url: `/api/v2/localCheckout/${id}/pay`, json: { outcome: 'success' } });
    // The grant fails after the event row was written in the same transaction (a crash between two writes).
    await t.deps.db.execute(sql`CREATE FUNCTION qbank_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'simulated failure'; END $$`);
    await t.deps.db.execute(
      sql`CREATE TRIGGER qbank_test_fail BEFORE INSERT ON subscriptions FOR EACH ROW EXECUTE FUNCTION qbank_test_fail()`,
    );
    try {
      await t.runJobs();
    } finally {
      await t.deps.db.execute(sql`DROP TRIGGER qbank_test_fail ON subscriptions`);
      await t.deps.db.execute(sql`DROP FUNCTION qbank_test_fail()`);
    }
    expect(await mySubscription(u.id, product.id)).toHaveLength(0);
    const [job] = await t.deps.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'payments.local.webhook'), sql`payload::text LIKE ${`%${id}%`}`));
    expect(job).toMatchObject({ attempts: 1, doneAt: null, failedAt: null });
    expect(job!.lastError).toMatch(/500/);
    expect(job!.runAt.getTime()).toBeGreaterThan(clock.nowMs());
    const eventId = (job!.payload as { event: { id: string } }).event.id;
    // Nothing applied: the event is kept only as failed, with its error (Platform health shows and replays it).
    const failed = await t.deps.db.select().from(webhookEvents).where(eq(webhookEvents.id, eventId));
    expect(failed).toMatchObject([{ processedAt: null, attempts: 1 }]);
    expect(failed[0]!.lastError).toContain('simulated failure');

    expect(await t.runJobs()).toBe(0); // not due yet
    clock.set(job!.runAt);
    try {
      await t.runJobs();
    } finally {
      clock.set(Date.now());
    }
    expect((await mySubscription(u.id, product.id))[0]).toMatchObject({ active: true, type: 'PREMIUM' });
    const [record] = await t.deps.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
    expect(record!.status).toBe('complete');
    const [processed] = await t.deps.db.select().from(webhookEvents).where(eq(webhookEvents.id, eventId));
    expect(processed).toMatchObject({ attempts: 2, lastError: null, failedAt: null });
    expect(processed!.processedAt).not.toBeNull();
  });
});

describe('free plans and subscriptions API', () => {
  it('subscribes to a free plan, reactivates instead of duplicating, and refuses paid or foreign plans', async () => {
    const c = await signedIn(t);
    const u = c.user;
    const product = await buildProduct(t.deps.db);
    const free = await buildPlan(t.deps.db, product.id, {
      priceCents: 0,
      frequencyType: 'INDEFINITE',
      stripePriceId: null,
    });
    const paid = await buildPlan(t.deps.db, product.id);
    const other = await buildProduct(t.deps.db);
    const url = `/api/v2/users/${u.id}/subscriptions`;
    const first = await c.req({
      method: 'POST',
      url,
      json: { productUuid: product.id, billingPlanUuid: free.id },
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ type: 'BASIC', active: true, price: 0, planName: 'Monthly' });
    const twice = await c.req({
      method: 'POST',
      url,
      json: { productUuid: product.id, billingPlanUuid: free.id },
    });
    expect(twice.body.subscriptionUuid).toBe(first.body.subscriptionUuid);
    const subId = first.body.subscriptionUuid;
    expect((await c.req({ method: 'DELETE', url: `${url}/${subId}/cancel` })).body.active).toBe(false);
    const again = await c.req({
      method: 'POST',
      url,
      json: { productUuid: product.id, billingPlanUuid: free.id },
    });
    expect(again.body).toMatchObject({ subscriptionUuid: subId, active: true });
    expect((await mySubscription(u.id, product.id)).length).toBe(1);
    const paidRes = await c.req({
      method: 'POST',
      url,
      json: { productUuid: product.id, billingPlanUuid: paid.id },
    });
    expect(paidRes.status).toBe(400);
    expect(paidRes.body.field).toBe('billingPlanUuid');
    const foreign = await c.req({
      method: 'POST',
      url,
      json: { productUuid: other.id, billingPlanUuid: free.id },
    });
    expect(foreign.status).toBe(400);
    expect(
      (await c.req({ method: 'POST', url, json: { productUuid: 'x', billingPlanUuid: free.id } })).body.field,
    ).toBe('productUuid');
  });

  it("another user's subscriptions are out of reach", async () => {
    const a = await signedIn(t);
    const b = await signedIn(t);
    const product = await buildProduct(t.deps.db);
    const free = await buildPlan(t.deps.db, product.id, { priceCents: 0, stripePriceId: null });
    const sub = (
      await a.req({
        method: 'POST',
        url: `/api/v2/users/${a.user.id}/subscriptions`,
        json: { productUuid: product.id, billingPlanUuid: free.id },
      })
    ).body;
    expect((await b.req({ url: `/api/v2/users/${a.user.id}/subscriptions` })).status).toBe(403);
    expect(
      (
        await b.req({
          method: 'DELETE',
          url: `/api/v2/users/${a.user.id}/subscriptions/${sub.subscriptionUuid}/cancel`,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await b.req({
          method: 'DELETE',
          url: `/api/v2/users/${b.user.id}/subscriptions/${sub.subscriptionUuid}/cancel`,
        })
      ).status,
    ).toBe(404);
  });
});
