import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { billingPlans, productLogos, products } from '../../db/schema';
import type { TestClient } from '../client';
import { buildPlan, buildProduct, signedIn } from '../factories';
import { appForFile, createTestApp } from '../test-app';

const t = appForFile(() => createTestApp());

const search = (c: TestClient, searchTerm: unknown, sortOrder = 'ASC') =>
  c.req({
    method: 'POST',
    url: `/api/v2/products/productSearchContent?sortField=name&sortOrder=${sortOrder}`,
    json: { searchTerm },
  });

describe('store search', () => {
  let tag: string;
  beforeAll(async () => {
    tag = `zq${Date.now().toString(36)}`;
    const a = await buildProduct(t.deps.db, {
      name: `Alpha ${tag} Cardiology`,
      content: 'Heart questions for physicians',
    });
    const b = await buildProduct(t.deps.db, { name: `beta ${tag} Nursing`, content: 'Pharmacology drills' });
    const c = await buildProduct(t.deps.db, { name: `Gamma ${tag} hidden`, content: 'No public plan' });
    const d = await buildProduct(t.deps.db, { name: `Delta ${tag} private`, content: 'Private plan only' });
    const e = await buildProduct(t.deps.db, { name: `Epsilon ${tag} inactive`, content: 'Inactive plan' });
    await buildPlan(t.deps.db, a.id, { frequencyType: 'YEARLY', planName: 'Year', priceCents: 9900 });
    await buildPlan(t.deps.db, a.id, { frequencyType: 'MONTHLY', planName: 'Month', priceCents: 1999 });
    await buildPlan(t.deps.db, a.id, { planName: 'Old', active: false });
    await buildPlan(t.deps.db, b.id, { priceCents: 0, frequencyType: 'INDEFINITE', stripePriceId: null });
    void c;
    await buildPlan(t.deps.db, d.id, { billingPlanType: 'PRIVATE' });
    await buildPlan(t.deps.db, e.id, { active: false });
  });

  it('finds by name and by content, only products with an active public plan', async () => {
    const c = t.client();
    const byName = await search(c, tag);
    expect(byName.status).toBe(200);
    expect(byName.body.map((p: { name: string }) => p.name)).toEqual([
      `Alpha ${tag} Cardiology`,
      `beta ${tag} Nursing`,
    ]);
    const byContent = await search(c, `${tag} pharmacol`);
    expect(byContent.body.map((p: { name: string }) => p.name)).toEqual([`beta ${tag} Nursing`]);
    const prefix = await search(c, `cardio ${tag}`);
    expect(prefix.body).toHaveLength(1);
    expect((await search(c, `${tag} nothing-like-this`)).body).toEqual([]);
  });

  it('sorts by name ASC or DESC, case-insensitively', async () => {
    const c = t.client();
    const desc = await search(c, tag, 'DESC');
    expect(desc.body.map((p: { name: string }) => p.name)).toEqual([
      `beta ${tag} Nursing`,
      `Alpha ${tag} Cardiology`,
    ]);
  });

  it('a single space means every product, with its active public plans in frequency order', async () => {
    const c = t.client();
    const all = (await search(c, ' ')).body as Array<{
      name: string;
      billingPlans: Array<{ planName: string; price: number }>;
    }>;
    const alpha = all.find((p) => p.name === `Alpha ${tag} Cardiology`)!;
    expect(alpha.billingPlans.map((p) => [p.planName, p.price])).toEqual([
      ['Month', 19.99],
      ['Year', 99],
    ]);
    expect(all.some((p) => p.name.includes('hidden') || p.name.includes('private'))).toBe(false);
  });

  it('a term of only ignored words ("the of") finds every product; with a real word it still narrows', async () => {
    const c = t.client();
    const names = async (term: string) => (await search(c, term)).body.map((p: { name: string }) => p.name);
    const all = await names(' ');
    expect(all.length).toBeGreaterThan(1);
    expect(await names('the of')).toEqual(all);
    expect(await names(`the ${tag} of nursing`)).toEqual([`beta ${tag} Nursing`]);
  });

  it('punctuation alone is no query; bad input names the field', async () => {
    const c = t.client();
    expect((await search(c, "'&|!:*()")).status).toBe(200);
    expect((await search(c, 5)).body.field).toBe('searchTerm');
    expect((await search(c, 'x'.repeat(201))).body.field).toBe('searchTerm');
    expect((await search(c, 'a', 'SIDEWAYS')).body.field).toBe('sortOrder');
    const missing = await c.req({
      method: 'POST',
      url: '/api/v2/products/productSearchContent?sortField=name&sortOrder=ASC',
      json: {},
    });
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('searchTerm');
  });
});

describe('store search: % and _ are characters, not wildcards', () => {
  it('a term with % or _ matches only text holding it literally', async () => {
    const c = t.client();
    const tag = `zw${Date.now().toString(36)}`;
    for (const [name, content] of [
      [`Evidence and ${tag} practice`, 'Evidence based answers'],
      [`Snake e_a ${tag} case`, 'Files named like e_a'],
      [`Pass rate 100% ${tag}`, 'Scored 100% of the time'],
      [`Thousand 1000 ${tag}`, 'One thousand, or 1000 questions'],
    ]) {
      const p = await buildProduct(t.deps.db, { name, content });
      await buildPlan(t.deps.db, p.id);
    }
    const names = async (term: string) => (await search(c, term)).body.map((p: { name: string }) => p.name);
    expect(await names(`e_a ${tag}`)).toEqual([`Snake e_a ${tag} case`]);
    expect(await names(`${tag} 100%`)).toEqual([`Pass rate 100% ${tag}`]);
    expect(await names(`${tag} %`)).toEqual([`Pass rate 100% ${tag}`]);
    expect(await names(`${tag} _`)).toEqual([`Snake e_a ${tag} case`]);
    expect(await names(`${tag} \\`)).toEqual([]);
    // Words still match by prefix through the text search.
    expect(await names(`evid ${tag}`)).toEqual([`Evidence and ${tag} practice`]);
  });
});

describe('store search answers kept between calls', () => {
  it('a repeated search gives the same answer, and any write to a product or plan shows at once', async () => {
    const c = t.client();
    const tag = `zk${Date.now().toString(36)}`;
    const names = async (term = tag) => (await search(c, term)).body.map((p: { name: string }) => p.name);
    const prices = async () =>
      (await search(c, tag)).body.flatMap((p: { billingPlans: Array<{ price: number }> }) =>
        p.billingPlans.map((b) => b.price),
      );
    const a = await buildProduct(t.deps.db, { name: `Alpha ${tag}` });
    const plan = await buildPlan(t.deps.db, a.id, { priceCents: 1000 });
    const first = await search(c, tag);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(first.body.map((p: { name: string }) => p.name)).toEqual([`Alpha ${tag}`]);
    expect((await search(c, tag)).text).toBe(first.text);
    expect(await names(' ')).toContain(`Alpha ${tag}`);

    // Written straight to the database, as another server process would.
    await t.deps.db
      .update(products)
      .set({ name: `Alpha ${tag} renamed` })
      .where(eq(products.id, a.id));
    expect(await names()).toEqual([`Alpha ${tag} renamed`]);
    expect(await names(' ')).toContain(`Alpha ${tag} renamed`);
    await t.deps.db.update(billingPlans).set({ priceCents: 2500 }).where(eq(billingPlans.id, plan.id));
    expect(await prices()).toEqual([25]);
    const b = await buildProduct(t.deps.db, { name: `Beta ${tag}` });
    await buildPlan(t.deps.db, b.id, { priceCents: 0, frequencyType: 'INDEFINITE', stripePriceId: null });
    expect(await names()).toEqual([`Alpha ${tag} renamed`, `Beta ${tag}`]);
    await t.deps.db.delete(billingPlans).where(eq(billingPlans.id, plan.id));
    expect(await names()).toEqual([`Beta ${tag}`]);
    await t.deps.db.delete(products).where(eq(products.id, b.id));
    expect(await names()).toEqual([]);
    expect(await names(' ')).not.toContain(`Beta ${tag}`);
  });
});

describe('compression', () => {
  it('compresses a large answer for a client that accepts it, and only then', async () => {
    for (let i = 0; i < 30; i++) {
      const p = await buildProduct(t.deps.db, {
        name: `Compressible ${i}`,
        content: 'Long text '.repeat(20),
      });
      await buildPlan(t.deps.db, p.id);
    }
    const ask = (encoding?: string) =>
      t.client().req({
        method: 'POST',
        url: '/api/v2/products/productSearchContent?sortField=name&sortOrder=ASC',
        json: { searchTerm: 'compressible' },
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const plain = await ask();
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.body).toHaveLength(30);
    const br = await ask('br, gzip');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.bytes.length).toBeLessThan(plain.bytes.length / 4);
    expect(zlib.brotliDecompressSync(br.bytes).toString()).toBe(plain.text);
    const gzip = await ask('gzip');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(gzip.bytes).toString()).toBe(plain.text);
  });
});

describe('what a price sells', () => {
  it('answers the product and plan of a price on sale, and 404 naming priceId for any other', async () => {
    const c = t.client();
    const product = await buildProduct(t.deps.db, { name: 'Priced QBank' });
    const plan = await buildPlan(t.deps.db, product.id, {
      planName: '1 year',
      priceCents: 14900,
      frequencyType: 'YEARLY',
      autoRenewForSubscription: true,
    });
    const res = await c.req({ url: `/api/v2/prices/${plan.stripePriceId}` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      productUuid: product.id,
      productName: 'Priced QBank',
      plan: {
        uuid: plan.id,
        planName: '1 year',
        price: 149,
        frequencyType: 'YEARLY',
        autoRenewForSubscription: true,
      },
    });
    const inactive = await buildPlan(t.deps.db, product.id, { active: false });
    const privatePlan = await buildPlan(t.deps.db, product.id, { billingPlanType: 'PRIVATE' });
    const hidden = await buildPlan(t.deps.db, (await buildProduct(t.deps.db, { published: false })).id);
    for (const priceId of [
      'price_nope',
      inactive.stripePriceId,
      privatePlan.stripePriceId,
      hidden.stripePriceId,
    ]) {
      const r = await c.req({ url: `/api/v2/prices/${priceId}` });
      expect(r.status, String(priceId)).toBe(404);
      expect(r.body.field).toBe('priceId');
    }
    // Longer than any price id: Fastify's path parameters stop at 100 characters (414 URI Too Long).
    expect((await c.req({ url: `/api/v2/prices/${'x'.repeat(201)}` })).status).toBe(414);
  });
});

describe('product content and logos', () => {
  it('merges additionalContent and falls back to nothing when it does not parse', async () => {
    const p = await buildProduct(t.deps.db, {
      additionalContent: JSON.stringify({ shortDescription: 'Short', demoVideo: '/v.webm' }),
      colorMap: { HEADER_BACKGROUND: '#123456' },
    });
    const bad = await buildProduct(t.deps.db, { additionalContent: '{not json' });
    const c = t.client();
    const res = await c.req({ url: `/api/v2/products/${p.id}/fetchContent` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      uuid: p.id,
      shortDescription: 'Short',
      demoVideo: '/v.webm',
      colorMap: { HEADER_BACKGROUND: '#123456' },
      learnersCount: 0,
      questionCount: 0,
    });
    const b = (await c.req({ url: `/api/v2/products/${bad.id}/fetchContent` })).body;
    expect(b.shortDescription).toBeUndefined();
    expect(b.additionalContent).toBe('{not json');
    expect((await c.req({ url: '/api/v2/products/not-a-uuid/fetchContent' })).body.field).toBe('id');
    expect(
      (await c.req({ url: '/api/v2/products/00000000-0000-4000-8000-000000000000/fetchContent' })).status,
    ).toBe(404);
  });

  it('hides an unpublished product from strangers but not from its members', async () => {
    const p = await buildProduct(t.deps.db, { published: false });
    const c = await signedIn(t, {
      product: p.id,
      subscription: { type: 'PRIVILEGED', admin: true, student: false },
    });
    expect((await t.client().req({ url: `/api/v2/products/${p.id}/fetchContent` })).status).toBe(404);
    expect((await c.req({ url: `/api/v2/products/${p.id}/fetchContent` })).status).toBe(200);
  });

  it('answers the logos of a type, newest first', async () => {
    const p = await buildProduct(t.deps.db);
    await t.deps.db.insert(productLogos).values([
      { productId: p.id, logoType: 'HEADER_LOGO', url: '/old.png', createdAt: new Date(Date.now() - 1000) },
      { productId: p.id, logoType: 'HEADER_LOGO', url: '/new.png' },
      { productId: p.id, logoType: 'PRODUCT_LOGO', url: '/product.png' },
    ]);
    const c = t.client();
    const res = await c.req({ url: `/api/v2/products/${p.id}/logo?logoType=HEADER_LOGO` });
    expect(res.body.map((l: { url: string }) => l.url)).toEqual(['/new.png', '/old.png']);
    expect((await c.req({ url: `/api/v2/products/${p.id}/logo?logoType=OTHER` })).body.field).toBe(
      'logoType',
    );
  });

  it('counts learners: active student subscriptions, recounted when one changes', async () => {
    const p = await buildProduct(t.deps.db);
    const free = await buildPlan(t.deps.db, p.id, {
      priceCents: 0,
      frequencyType: 'INDEFINITE',
      stripePriceId: null,
    });
    const c = await signedIn(t);
    const u = c.user;
    const sub = await c.req({
      method: 'POST',
      url: `/api/v2/users/${u.id}/subscriptions`,
      json: { productUuid: p.id, billingPlanUuid: free.id },
    });
    expect(sub.status).toBe(201);
    const content = async () =>
      (await c.req({ url: `/api/v2/products/${p.id}/fetchContent` })).body.learnersCount;
    expect(await content()).toBe(1);
    await c.req({
      method: 'DELETE',
      url: `/api/v2/users/${u.id}/subscriptions/${sub.body.subscriptionUuid}/cancel`,
    });
    expect(await content()).toBe(0);
  });
});
