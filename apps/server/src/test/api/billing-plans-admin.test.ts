// Admin → Plans and prices (docs/billing-plans.md): plan names unique per QBank, price bounds, the last public
// plan of a published QBank, one transaction with its audit entry per change, a provider price made outside
// it, 20 concurrent updates of one plan, and subscribers who keep the price they bought.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../db/client';
import { localPaymentSubscriptions, subscriptions } from '../../db/schema';
import type { PriceSpec } from '../../infra/payments';
import type { LocalPayments } from '../../infra/payments-local';
import type { TestClient } from '../client';
import { buildPlan, buildProduct, openCheckout, payCheckout, signedIn } from '../factories';
import { appForFile, createTestApp } from '../test-app';

const t = appForFile(() => createTestApp());

const adminOf = (productId: string) => signedIn(t, { product: productId, roles: { admin: true } });

const plan = (over: Record<string, unknown> = {}) => ({
  planName: '1 month',
  price: 49,
  frequencyType: 'MONTHLY',
  autoRenewForSubscription: true,
  billingPlanType: 'PUBLIC',
  active: true,
  autoCreateStripePrice: true,
  ...over,
});

const plansUrl = (productId: string) => `/api/v2/products/${productId}/billingPlans`;
const allPlans = async (c: TestClient, productId: string) => {
  const res = await c.req({ url: `${plansUrl(productId)}?includeInactive=true` });
  expect(res.status, res.text).toBe(200);
  return res.body as Array<Record<string, unknown> & { uuid: string; planName: string; price: number }>;
};
const create = async (c: TestClient, productId: string, over: Record<string, unknown> = {}) => {
  const res = await c.req({ method: 'POST', url: plansUrl(productId), json: plan(over) });
  expect(res.status, res.text).toBe(201);
  return res.body as Record<string, unknown> & { uuid: string; stripePriceId: string | null; price: number };
};
const audit = async (productId: string) =>
  rowsOf(
    await t.deps.db.execute(
      sql`SELECT action, actor_id, details FROM audit_log WHERE product_id = ${productId} AND action LIKE 'billingPlan.%' ORDER BY id`,
    ),
  ) as Array<{ action: string; actor_id: string; details: Record<string, unknown> }>;

/** Records every provider price made (the real embedded provider still makes it), with what it charges. */
function recordPrices() {
  const made = new Map<string, PriceSpec>();
  const real = t.deps.payments.createPrice.bind(t.deps.payments);
  const spy = vi.spyOn(t.deps.payments, 'createPrice').mockImplementation(async (spec) => {
    const id = await real(spec);
    made.set(id, spec);
    return id;
  });
  return { made, restore: () => spy.mockRestore() };
}

describe('plan rules', () => {
  it('refuses a plan name the QBank already has, whatever its case, on create and on rename; other QBanks may', async () => {
    const p = await buildProduct(t.deps.db);
    const admin = await adminOf(p.id);
    const first = await create(admin, p.id, { planName: 'Annual access' });
    const prices = recordPrices();
    try {
      const dup = await admin.req({
        method: 'POST',
        url: plansUrl(p.id),
        json: plan({ planName: ' ANNUAL access ' }),
      });
      expect(dup.status).toBe(409);
      expect(dup.body.field).toBe('planName');
      // Refused before a provider price was made for nothing.
      expect(prices.made.size).toBe(0);
    } finally {
      prices.restore();
    }
    const second = await create(admin, p.id, { planName: '6 months', frequencyType: 'HALF_YEARLY' });
    const rename = await admin.req({
      method: 'PATCH',
      url: `${plansUrl(p.id)}/${second.uuid}`,
      json: { ...second, planName: 'annual ACCESS' },
    });
    expect(rename.status).toBe(409);
    expect(rename.body.field).toBe('planName');
    // Its own name in another case is fine.
    const own = await admin.req({
      method: 'PATCH',
      url: `${plansUrl(p.id)}/${first.uuid}`,
      json: { ...first, planName: 'ANNUAL ACCESS' },
    });
    expect(own.status, own.text).toBe(200);
    const other = await buildProduct(t.deps.db);
    await create(await adminOf(other.id), other.id, { planName: 'Annual access' });
    expect((await allPlans(admin, p.id)).map((x) => x.planName).sort()).toEqual([
      '6 months',
      'ANNUAL ACCESS',
    ]);
  });

  it('names the field of a negative, absurd or over-precise price and of a frequency outside the list; nothing is written', async () => {
    const p = await buildProduct(t.deps.db);
    const admin = await adminOf(p.id);
    const existing = await create(admin, p.id);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ price: -0.01 }, 'price'],
      [{ price: 100_000.01 }, 'price'],
      [{ price: 1e12 }, 'price'],
      [{ price: 12.345 }, 'price'],
      [{ price: null }, 'price'],
      [{ price: 'NaN' }, 'price'],
      [{ frequencyType: 'WEEKLY' }, 'frequencyType'],
      [{ frequencyType: 'monthly' }, 'frequencyType'],
      [{ planName: '   ' }, 'planName'],
    ];
    for (const [over, field] of cases) {
      const created = await admin.req({
        method: 'POST',
        url: plansUrl(p.id),
        json: plan({ planName: 'New', ...over }),
      });
      expect(created.status, JSON.stringify(over)).toBe(400);
      expect(created.body.field, JSON.stringify(over)).toBe(field);
      const updated = await admin.req({
        method: 'PATCH',
        url: `${plansUrl(p.id)}/${existing.uuid}`,
        json: { ...existing, ...over, autoCreateStripePrice: true },
      });
      expect(updated.status, JSON.stringify(over)).toBe(400);
      expect(updated.body.field, JSON.stringify(over)).toBe(field);
    }
    // The bounds themselves are fine.
    await create(admin, p.id, { planName: 'Top', price: 100_000, frequencyType: 'YEARLY' });
    await create(admin, p.id, { planName: 'Cents', price: 0.01, frequencyType: 'QUARTERLY' });
    expect((await allPlans(admin, p.id)).map((x) => x.planName)).toEqual(['1 month', 'Cents', 'Top']);
    const [first] = await allPlans(admin, p.id);
    expect(first).toEqual(existing);
    expect((await audit(p.id)).map((e) => e.action)).toEqual([
      'billingPlan.create',
      'billingPlan.create',
      'billingPlan.create',
    ]);
  });
});

describe('the last public plan of a published QBank', () => {
  it('is not deactivated without confirmation (409 naming active); with it the QBank leaves the store', async () => {
    const p = await buildProduct(t.deps.db, { name: `Leaving ${Date.now()}` });
    const admin = await adminOf(p.id);
    const pub = await create(admin, p.id);
    const priv = await create(admin, p.id, { planName: 'Partners', billingPlanType: 'PRIVATE', price: 10 });
    const url = `${plansUrl(p.id)}/${pub.uuid}`;
    const refused = await admin.req({ method: 'PATCH', url: `${url}/active` });
    expect(refused.status).toBe(409);
    expect(refused.body.field).toBe('active');
    expect(refused.body.message).toMatch(/leaves the store/);
    // Through the update call too: turning it off, or making it private.
    const off = await admin.req({ method: 'PATCH', url, json: { ...pub, active: false } });
    expect(off.status).toBe(409);
    expect(off.body.field).toBe('active');
    const hidden = await admin.req({ method: 'PATCH', url, json: { ...pub, billingPlanType: 'PRIVATE' } });
    expect(hidden.status).toBe(409);
    expect(hidden.body.field).toBe('billingPlanType');
    expect((await allPlans(admin, p.id)).find((x) => x.uuid === pub.uuid)?.active).toBe(true);
    expect((await audit(p.id)).map((e) => e.action)).toEqual(['billingPlan.create', 'billingPlan.create']);
    // A private plan can go without asking.
    expect((await admin.req({ method: 'PATCH', url: `${plansUrl(p.id)}/${priv.uuid}/active` })).status).toBe(
      200,
    );

    const search = async () =>
      (
        await t
          .client()
          .req({ method: 'POST', url: '/api/v2/products/productSearchContent', json: { searchTerm: p.name } })
      ).body;
    const names = (body: unknown) =>
      (Array.isArray(body) ? body : (body as { content: Array<{ name: string }> }).content).map(
        (x: { name: string }) => x.name,
      );
    expect(names(await search())).toContain(p.name);
    const confirmed = await admin.req({ method: 'PATCH', url: `${url}/active?confirmLeaveStore=true` });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.active).toBe(false);
    expect(names(await search())).not.toContain(p.name);
    const entries = await audit(p.id);
    expect(entries.at(-1)).toMatchObject({
      action: 'billingPlan.deactivate',
      details: { planId: pub.uuid, before: { active: true }, after: { active: false }, leftStore: true },
    });
    // Turning it back on needs nothing.
    const on = await admin.req({ method: 'PATCH', url: `${url}/active` });
    expect(on.body.active).toBe(true);
    expect((await audit(p.id)).at(-1)?.action).toBe('billingPlan.activate');
  });

  it('asks nothing when another public plan stays, or when the QBank is not published', async () => {
    const p = await buildProduct(t.deps.db);
    const admin = await adminOf(p.id);
    const a = await create(admin, p.id);
    const b = await create(admin, p.id, { planName: '1 year', frequencyType: 'YEARLY', price: 149 });
    expect((await admin.req({ method: 'PATCH', url: `${plansUrl(p.id)}/${a.uuid}/active` })).status).toBe(
      200,
    );
    expect((await admin.req({ method: 'PATCH', url: `${plansUrl(p.id)}/${b.uuid}/active` })).status).toBe(
      409,
    );
    const draft = await buildProduct(t.deps.db, { published: false });
    const dAdmin = await adminOf(draft.id);
    const only = await create(dAdmin, draft.id);
    expect(
      (await dAdmin.req({ method: 'PATCH', url: `${plansUrl(draft.id)}/${only.uuid}/active` })).status,
    ).toBe(200);
  });

  it('two deactivations of the last two public plans at once: one passes, the other is asked to confirm', async () => {
    const p = await buildProduct(t.deps.db);
    const admin = await adminOf(p.id);
    const a = await create(admin, p.id);
    const b = await create(admin, p.id, { planName: '1 year', frequencyType: 'YEARLY', price: 149 });
    const res = await Promise.all(
      [a, b].map((x) => admin.req({ method: 'PATCH', url: `${plansUrl(p.id)}/${x.uuid}/active` })),
    );
    expect(res.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await allPlans(admin, p.id)).filter((x) => x.active)).toHaveLength(1);
  });
});

describe('one transaction per change, with its audit entry', () => {
  it('create, update, deactivate and activate are each audited with before and after; a no-op writes nothing', async () => {
    const p = await buildProduct(t.deps.db);
    const admin = await adminOf(p.id);
    const spare = await create(admin, p.id, {
      planName: 'Free sample',
      price: 0,
      autoRenewForSubscription: false,
      frequencyType: 'INDEFINITE',
    });
    const made = await create(admin, p.id, {
      planName: '3 months',
      frequencyType: 'QUARTERLY',
      price: 79.99,
    });
    const url = `${plansUrl(p.id)}/${made.uuid}`;
    const repriced = await admin.req({
      method: 'PATCH',
      url,
      json: { ...made, price: 89.5, autoCreateStripePrice: true },
    });
    expect(repriced.status, repriced.text).toBe(200);
    expect(repriced.body.stripePriceId).not.toBe(made.stripePriceId);
    expect((await admin.req({ method: 'PATCH', url, json: repriced.body })).body).toEqual(repriced.body);
    await admin.req({ method: 'PATCH', url: `${url}/active` });
    await admin.req({ method: 'PATCH', url: `${url}/active` });
    const entries = await audit(p.id);
    expect(entries.map((e) => e.action)).toEqual([
      'billingPlan.create',
      'billingPlan.create',
      'billingPlan.update',
      'billingPlan.deactivate',
      'billingPlan.activate',
    ]);
    expect(entries.every((e) => e.actor_id === admin.user.id)).toBe(true);
    expect(entries[0]!.details).toMatchObject({ planId: spare.uuid, before: null, after: { price: 0 } });
    expect(entries[2]!.details).toMatchObject({
      planId: made.uuid,
      before: { price: 79.99, stripePriceId: made.stripePriceId },
      after: { price: 89.5, stripePriceId: repriced.body.stripePriceId },
      newProviderPrice: true,
    });
  });

  it('a failure after the provider price leaves nothing written: the plan, its change and its audit entry go together', async () => {
    const p = await buildProduct(t.deps.db);
    const admin = await adminOf(p.id);
    // Another admin takes the name while this request's provider price is being made.
    const real = t.deps.payments.createPrice.bind(t.deps.payments);
    const spy = vi.spyOn(t.deps.payments, 'createPrice').mockImplementationOnce(async (spec) => {
      await buildPlan(t.deps.db, p.id, { planName: 'RACE', priceCents: 0, stripePriceId: null });
      return real(spec);
    });
    try {
      const res = await admin.req({ method: 'POST', url: plansUrl(p.id), json: plan({ planName: 'Race' }) });
      expect(res.status).toBe(409);
      expect(res.body.field).toBe('planName');
    } finally {
      spy.mockRestore();
    }
    expect((await allPlans(admin, p.id)).map((x) => x.planName)).toEqual(['RACE']);
    expect(await audit(p.id)).toEqual([]);

    // The audit entry cannot be written: the plan's change is rolled back with it.
    const made = await create(admin, p.id);
    await t.deps.db.execute(sql`
      CREATE FUNCTION plans_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.action = 'billingPlan.update' OR NEW.action = 'billingPlan.deactivate' THEN
          RAISE EXCEPTION 'audit refused for the test';
        END IF;
        RETURN NEW;
      END $$`);
    await t.deps.db.execute(sql`
      CREATE TRIGGER plans_test_refuse BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION plans_test_refuse()`);
    try {
      const url = `${plansUrl(p.id)}/${made.uuid}`;
      expect(
        (await admin.req({ method: 'PATCH', url, json: { ...made, price: 55, autoCreateStripePrice: true } }))
          .status,
      ).toBe(500);
      expect((await admin.req({ method: 'PATCH', url: `${url}/active` })).status).toBe(500);
    } finally {
      await t.deps.db.execute(sql`DROP TRIGGER plans_test_refuse ON audit_log`);
      await t.deps.db.execute(sql`DROP FUNCTION plans_test_refuse()`);
    }
    expect((await allPlans(admin, p.id)).find((x) => x.uuid === made.uuid)).toEqual(made);
    expect((await audit(p.id)).map((e) => e.action)).toEqual(['billingPlan.create']);
  });

  it('20 concurrent updates of one plan end consistent: applied one after another, its price charging what it says', async () => {
    const p = await buildProduct(t.deps.db);
    const admin = await adminOf(p.id);
    const made = await create(admin, p.id);
    const prices = recordPrices();
    prices.made.set(made.stripePriceId!, {
      productName: p.name,
      planName: '1 month',
      amountCents: 4900,
      frequencyType: 'MONTHLY',
      recurring: true,
    });
    const url = `${plansUrl(p.id)}/${made.uuid}`;
    let res: Array<{ status: number; text: string }>;
    try {
      res = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          admin.req({
            method: 'PATCH',
            url,
            // Half change the price, half only the name (their body still says the price they read).
            json: {
              ...made,
              autoCreateStripePrice: true,
              ...(i % 2 ? { price: 50 + i, planName: `Price ${i}` } : { planName: `Name ${i}` }),
            },
          }),
        ),
      );
    } finally {
      prices.restore();
    }
    for (const r of res) expect(r.status, r.text).toBe(200);
    const [final] = await allPlans(admin, p.id);
    const charges = prices.made.get(final!.stripePriceId as string);
    expect(charges?.amountCents).toBe(Math.round(final!.price * 100));
    expect(charges).toMatchObject({ frequencyType: 'MONTHLY', recurring: true });
    // The audit entries chain: each one's before is the one before's after, the last one's after is the plan.
    const entries = await audit(p.id);
    const updates = entries.filter((e) => e.action === 'billingPlan.update');
    // Every one changes the name, so every one writes.
    expect(updates).toHaveLength(20);
    for (let i = 1; i < updates.length; i++)
      expect(updates[i]!.details.before).toEqual(updates[i - 1]!.details.after);
    expect(updates.at(-1)!.details.after).toEqual(final);
  });
});

describe('subscribers keep the price they bought', () => {
  it('a price change makes a new provider price: a subscriber bought at the old one still renews at it; new buyers pay the new one', async () => {
    const p = await buildProduct(t.deps.db);
    const admin = await adminOf(p.id);
    const made = await create(admin, p.id, { price: 49 });
    const early = await signedIn(t);
    await payCheckout(t, early, await openCheckout(early, made.stripePriceId!));

    const repriced = await admin.req({
      method: 'PATCH',
      url: `${plansUrl(p.id)}/${made.uuid}`,
      json: { ...made, price: 59, autoCreateStripePrice: true },
    });
    expect(repriced.status, repriced.text).toBe(200);
    const newPrice = repriced.body.stripePriceId as string;
    expect(newPrice).not.toBe(made.stripePriceId);

    // The old price is no longer for sale; the new one is.
    const stale = await (await signedIn(t)).req({
      method: 'POST',
      url: '/api/v2/createCheckoutSession',
      json: { priceId: made.stripePriceId },
    });
    expect(stale.status).toBeGreaterThanOrEqual(400);
    expect(stale.status).toBeLessThan(500);
    const late = await signedIn(t);
    await payCheckout(t, late, await openCheckout(late, newPrice));

    const providerSub = async (userId: string) => {
      const [s] = await t.deps.db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), eq(subscriptions.productId, p.id)));
      const [ps] = await t.deps.db
        .select()
        .from(localPaymentSubscriptions)
        .where(eq(localPaymentSubscriptions.id, s!.providerSubscriptionId!));
      return { s: s!, ps: ps! };
    };
    const before = await providerSub(early.user.id);
    expect(before.ps).toMatchObject({ priceId: made.stripePriceId, amountCents: 4900 });
    expect((await providerSub(late.user.id)).ps).toMatchObject({ priceId: newPrice, amountCents: 5900 });

    // The period ends: the provider renews each at the price it was sold.
    await (t.deps.payments as LocalPayments).sweep(new Date(before.ps.currentPeriodEnd.getTime() + 60_000));
    await t.runJobs();
    const invoices = rowsOf(
      await t.deps.db.execute(sql`
        SELECT payload -> 'data' -> 'object' ->> 'subscription' AS sub,
               (payload -> 'data' -> 'object' ->> 'amount_paid')::int AS paid
        FROM webhook_events WHERE type = 'invoice.paid'`),
    ) as Array<{ sub: string; paid: number }>;
    const paid = (id: string) => invoices.filter((i) => i.sub === id).map((i) => i.paid);
    expect(paid(before.ps.id)).toEqual([4900]);
    expect(paid((await providerSub(late.user.id)).ps.id)).toEqual([5900]);
    const after = await providerSub(early.user.id);
    expect(after.s.active).toBe(true);
    expect(after.s.currentPeriodEnd!.getTime()).toBeGreaterThan(before.s.currentPeriodEnd!.getTime());
    expect(after.ps).toMatchObject({ priceId: made.stripePriceId, amountCents: 4900 });
  });

  it("counts each plan's active subscribers for its admins only", async () => {
    const p = await buildProduct(t.deps.db);
    const admin = await adminOf(p.id);
    const made = await create(admin, p.id);
    const buyer = await signedIn(t);
    await payCheckout(t, buyer, await openCheckout(buyer, made.stripePriceId!));
    const url = `/api/v2/products/${p.id}/billingPlanSubscribers`;
    expect((await admin.req({ url })).body).toEqual([{ uuid: made.uuid, activeSubscribers: 1 }]);
    expect((await buyer.req({ url })).status).toBe(403);
    expect((await t.client().req({ url })).status).toBe(401);
  });
});
