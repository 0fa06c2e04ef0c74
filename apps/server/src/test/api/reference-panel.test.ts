import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import type { TestClient } from '../client';
import { buildProduct, signedIn } from '../factories';
import { appForFile, createTestApp } from '../test-app';

const t = appForFile(() => createTestApp());

const url = (id: string) => `/api/v2/products/${id}/reference`;
const put = (c: TestClient, id: string, json: unknown) => c.req({ method: 'PUT', url: url(id), json });
const storedHtml = async (id: string) =>
  (await t.deps.db.select({ html: products.referencePanel }).from(products).where(eq(products.id, id)))[0]
    ?.html;

const TABLE = '<h2>Serum</h2><table><tbody><tr><th>Sodium</th><td>135–145 mEq/L</td></tr></tbody></table>';

describe('a product reference panel', () => {
  it('is empty until an admin writes it; learners then read it, sanitised', async () => {
    const product = await buildProduct(t.deps.db);
    const learner = await signedIn(t, { product: product.id });
    const admin = await signedIn(t, { product: product.id, roles: { admin: true } });

    const before = await learner.get(url(product.id));
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ productUuid: product.id, html: '' });

    const saved = await put(admin, product.id, {
      html: `${TABLE}<script>alert(1)</script><p onclick="x()">Ranges are for adults.</p>`,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.html).toContain('<td>135–145 mEq/L</td>');
    expect(saved.body.html).not.toMatch(/script|onclick/);
    expect(await storedHtml(product.id)).toBe(saved.body.html);

    const after = await learner.get(url(product.id));
    expect(after.body).toEqual({ productUuid: product.id, html: saved.body.html });
    // A published product's panel is public, like its subject tree.
    const anonymous = await t.client().get(url(product.id));
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.html).toBe(saved.body.html);
  });

  it('stores a panel that shows nothing as none', async () => {
    const product = await buildProduct(t.deps.db, { referencePanel: TABLE });
    const admin = await signedIn(t, { product: product.id, roles: { admin: true } });
    const res = await put(admin, product.id, { html: '<p> </p><p><br></p>' });
    expect(res.status).toBe(200);
    expect(res.body.html).toBe('');
    expect(await storedHtml(product.id)).toBe('');
  });

  it('lets only the product’s admins and superusers write it: others 403, unseen products 404', async () => {
    const product = await buildProduct(t.deps.db, { referencePanel: TABLE });
    for (const roles of [{}, { questionWriter: true }, { questionAuditor: true }]) {
      const c = await signedIn(t, { product: product.id, roles });
      const res = await put(c, product.id, { html: '<p>Mine now</p>' });
      expect(res.status, JSON.stringify(roles)).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
    const otherAdmin = await signedIn(t, {
      product: (await buildProduct(t.deps.db)).id,
      roles: { admin: true },
    });
    expect((await put(otherAdmin, product.id, { html: '<p>x</p>' })).status).toBe(403);
    const superuser = await signedIn(t, { user: { superuser: true } });
    expect((await put(superuser, product.id, { html: '<p>By a superuser</p>' })).status).toBe(200);
    expect(await storedHtml(product.id)).toBe('<p>By a superuser</p>');

    const hidden = await buildProduct(t.deps.db, { published: false });
    const stranger = await signedIn(t);
    expect((await stranger.get(url(hidden.id))).status).toBe(404);
    expect((await put(stranger, hidden.id, { html: '<p>x</p>' })).status).toBe(404);
    expect((await t.client().req({ method: 'PUT', url: url(product.id), json: { html: '' } })).status).toBe(
      401,
    );
  });

  it('refuses bad bodies with 400 naming html, and changes nothing', async () => {
    const product = await buildProduct(t.deps.db, { referencePanel: TABLE });
    const admin = await signedIn(t, { product: product.id, roles: { admin: true } });
    const bad: Array<[unknown, RegExp]> = [
      [{}, /html/],
      [{ html: 12 }, /html/],
      [{ html: 'x'.repeat(100_001) }, /^html must be at most 100000 characters$/],
      [{ html: '<img src="https://tracker.example/p.gif">' }, /another site/],
    ];
    for (const [json, message] of bad) {
      const res = await put(admin, product.id, json);
      expect(res.status, JSON.stringify(json).slice(0, 60)).toBe(400);
      expect(res.body.field).toBe('html');
      expect(res.body.message).toMatch(message);
    }
    expect(await storedHtml(product.id)).toBe(TABLE);
    expect((await admin.get(url('not-a-uuid'))).status).toBe(400);
  });
});
