import { describe, expect, it } from 'vitest';
import type { TestClient } from '../client';
import { buildPlan, buildProduct, signedIn } from '../factories';
import { appForFile, createTestApp } from '../test-app';

const t = appForFile(() => createTestApp());

const as = (kind: 'admin' | 'instructor' | 'student' | 'stranger' | 'superuser', productId: string) =>
  signedIn(t, {
    user: { superuser: kind === 'superuser' },
    product: kind === 'admin' || kind === 'instructor' || kind === 'student' ? productId : null,
    subscription:
      kind === 'admin'
        ? { type: 'PRIVILEGED', admin: true, student: false }
        : kind === 'instructor'
          ? { type: 'PRIVILEGED', instructor: true, student: false }
          : { type: 'PREMIUM' },
  });

const plan = (over: Record<string, unknown> = {}) => ({
  planName: '1 year',
  price: 149,
  frequencyType: 'YEARLY',
  autoRenewForSubscription: true,
  billingPlanType: 'PUBLIC',
  active: true,
  autoCreateStripePrice: true,
  ...over,
});

describe('billing plans', () => {
  it('lists active plans in frequency order; inactive ones only when asked, and only for admins', async () => {
    const p = await buildProduct(t.deps.db);
    await buildPlan(t.deps.db, p.id, { planName: 'Forever', frequencyType: 'INDEFINITE', priceCents: 30000 });
    await buildPlan(t.deps.db, p.id, { planName: 'Half', frequencyType: 'HALF_YEARLY' });
    await buildPlan(t.deps.db, p.id, { planName: 'Month', frequencyType: 'MONTHLY' });
    await buildPlan(t.deps.db, p.id, { planName: 'Quarter', frequencyType: 'QUARTERLY', active: false });
    await buildPlan(t.deps.db, p.id, { planName: 'Year', frequencyType: 'YEARLY' });
    await buildPlan(t.deps.db, p.id, { planName: 'Institution', billingPlanType: 'INSTITUTIONAL' });
    const anon = t.client();
    const names = async (c: TestClient, q = '') =>
      (await c.req({ url: `/api/v2/products/${p.id}/billingPlans${q}` })).body.map(
        (x: { planName: string }) => x.planName,
      );
    expect(await names(anon)).toEqual(['Month', 'Half', 'Year', 'Forever']);
    expect(
      (await anon.req({ url: `/api/v2/products/${p.id}/billingPlans?includeInactive=true` })).status,
    ).toBe(403);
    const admin = await as('admin', p.id);
    expect(await names(admin)).toEqual(['Month', 'Institution', 'Half', 'Year', 'Forever']);
    expect(await names(admin, '?includeInactive=true')).toEqual([
      'Month',
      'Institution',
      'Quarter',
      'Half',
      'Year',
      'Forever',
    ]);
    expect(
      (await admin.req({ url: `/api/v2/products/${p.id}/billingPlans?includeInactive=maybe` })).body.field,
    ).toBe('includeInactive');
  });

  it('creates a plan with a provider price made on request; only admins and superusers may', async () => {
    const p = await buildProduct(t.deps.db);
    const url = `/api/v2/products/${p.id}/billingPlans`;
    // An instructor runs students and tests, never the plans (issue 23's rules).
    for (const kind of ['instructor', 'student', 'stranger'] as const) {
      const c = await as(kind, p.id);
      expect((await c.req({ method: 'POST', url, json: plan() })).status).toBe(403);
    }
    expect((await t.client().req({ method: 'POST', url, json: plan() })).status).toBe(401);
    const admin = await as('admin', p.id);
    const res = await admin.req({ method: 'POST', url, json: plan({ price: 79.99 }) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ planName: '1 year', price: 79.99, productUuid: p.id, active: true });
    expect(res.body.stripePriceId).toMatch(/^price_local_/);
    const sup = await as('superuser', p.id);
    expect(
      // Another name: a QBank's plan names are unique (billing-plans-admin.test.ts).
      (
        await sup.req({
          method: 'POST',
          url,
          json: plan({ planName: 'Free', price: 0, autoRenewForSubscription: false }),
        })
      ).status,
    ).toBe(201);
  });

  it('names the field of every bad plan and saves nothing', async () => {
    const p = await buildProduct(t.deps.db);
    const url = `/api/v2/products/${p.id}/billingPlans`;
    const admin = await as('admin', p.id);
    const cases: Array<[Record<string, unknown>, string]> = [
      [plan({ planName: '' }), 'planName'],
      [plan({ planName: 'x'.repeat(101) }), 'planName'],
      [plan({ price: -1 }), 'price'],
      [plan({ price: '10' }), 'price'],
      [plan({ price: 1.234 }), 'price'],
      [plan({ frequencyType: 'WEEKLY' }), 'frequencyType'],
      [plan({ billingPlanType: 'SECRET' }), 'billingPlanType'],
      [plan({ frequencyType: 'INDEFINITE', autoRenewForSubscription: true }), 'autoRenewForSubscription'],
      [plan({ autoCreateStripePrice: false }), 'stripePriceId'],
    ];
    for (const [body, field] of cases) {
      const res = await admin.req({ method: 'POST', url, json: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field).toBe(field);
    }
    expect((await admin.req({ url: `${url}?includeInactive=true` })).body).toEqual([]);
  });

  it('updates a plan (a new provider price when the price changes) and toggles it active', async () => {
    const p = await buildProduct(t.deps.db);
    const admin = await as('admin', p.id);
    const created = (
      await admin.req({ method: 'POST', url: `/api/v2/products/${p.id}/billingPlans`, json: plan() })
    ).body;
    const url = `/api/v2/products/${p.id}/billingPlans/${created.uuid}`;
    const renamed = await admin.req({ method: 'PATCH', url, json: { ...created, planName: 'Annual' } });
    expect(renamed.body).toMatchObject({ planName: 'Annual', stripePriceId: created.stripePriceId });
    const repriced = await admin.req({
      method: 'PATCH',
      url,
      json: { ...created, price: 99, autoCreateStripePrice: true },
    });
    expect(repriced.body.price).toBe(99);
    expect(repriced.body.stripePriceId).not.toBe(created.stripePriceId);
    const noPrice = await admin.req({
      method: 'PATCH',
      url,
      json: { ...created, price: 89, stripePriceId: null },
    });
    expect(noPrice.body.field).toBe('stripePriceId');
    // The plan as read, with only the price changed: its old provider price cannot charge the new amount.
    const read: Record<string, unknown> = repriced.body;
    const stale = await admin.req({ method: 'PATCH', url, json: { ...read, price: 79 } });
    expect(stale.status).toBe(400);
    expect(stale.body.field).toBe('stripePriceId');
    const renewOff = await admin.req({
      method: 'PATCH',
      url,
      json: { ...read, autoRenewForSubscription: false, autoCreateStripePrice: true },
    });
    expect(renewOff.body.stripePriceId).not.toBe(read.stripePriceId);
    // Its only public plan: turning it off takes the QBank out of the store, so it is confirmed.
    const off = await admin.req({ method: 'PATCH', url: `${url}/active?confirmLeaveStore=true` });
    expect(off.body.active).toBe(false);
    expect((await admin.req({ method: 'PATCH', url: `${url}/active` })).body.active).toBe(true);
    const other = await buildProduct(t.deps.db);
    const foreign = await admin.req({
      method: 'PATCH',
      url: `/api/v2/products/${other.id}/billingPlans/${created.uuid}/active`,
    });
    expect(foreign.status).toBe(403);
    const student = await as('student', p.id);
    expect((await student.req({ method: 'PATCH', url: `${url}/active` })).status).toBe(403);
    expect(
      (await admin.req({ method: 'PATCH', url: `/api/v2/products/${p.id}/billingPlans/nope/active` })).body
        .field,
    ).toBe('uuid');
  });

  it('refuses a provider price that another plan already uses, so checkout cannot sell the wrong product', async () => {
    const a = await buildProduct(t.deps.db);
    const b = await buildProduct(t.deps.db);
    const bPlan = await buildPlan(t.deps.db, b.id);
    const admin = await as('admin', a.id);
    const url = `/api/v2/products/${a.id}/billingPlans`;
    const res = await admin.req({
      method: 'POST',
      url,
      json: plan({ autoCreateStripePrice: false, stripePriceId: bPlan.stripePriceId }),
    });
    expect(res.status).toBe(409);
    expect(res.body.field).toBe('stripePriceId');
    const mine = (await admin.req({ method: 'POST', url, json: plan() })).body;
    const update = await admin.req({
      method: 'PATCH',
      url: `${url}/${mine.uuid}`,
      json: { ...mine, stripePriceId: bPlan.stripePriceId },
    });
    expect(update.status).toBe(409);
    expect((await admin.req({ url })).body.map((p: { stripePriceId: string }) => p.stripePriceId)).toEqual([
      mine.stripePriceId,
    ]);
  });

  it('two toggles at the same moment are two flips, not one lost update', async () => {
    const p = await buildProduct(t.deps.db);
    const pl = await buildPlan(t.deps.db, p.id);
    const admin = await as('admin', p.id);
    const url = `/api/v2/products/${p.id}/billingPlans/${pl.id}/active`;
    await Promise.all([admin.req({ method: 'PATCH', url }), admin.req({ method: 'PATCH', url })]);
    const [after] = (await admin.req({ url: `/api/v2/products/${p.id}/billingPlans?includeInactive=true` }))
      .body;
    expect(after.active).toBe(true);
  });
});
