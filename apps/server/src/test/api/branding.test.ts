import fs from 'node:fs';
import path from 'node:path';
import { LOGO_MAX_BYTES } from '@qbank/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import type { TestClient } from '../client';
import { buildPlan, buildProduct, multipart, signedIn } from '../factories';
import { appForFile, createTestApp } from '../test-app';

const t = appForFile(() => createTestApp());

const fixture = (name: string) =>
  new Uint8Array(fs.readFileSync(path.join(__dirname, '../../lib/__fixtures__', name)));

describe('branding', () => {
  let productId: string;
  let otherProductId: string;
  let admin: TestClient;
  let superuser: TestClient;
  let outsiders: Record<string, TestClient>;
  const png = fixture('pixel.png');

  beforeAll(async () => {
    productId = (await buildProduct(t.deps.db)).id;
    otherProductId = (await buildProduct(t.deps.db)).id;
    admin = await signedIn(t, { product: productId, roles: { admin: true } });
    superuser = await signedIn(t, { user: { superuser: true } });
    outsiders = {
      writer: await signedIn(t, { product: productId, roles: { questionWriter: true } }),
      instructor: await signedIn(t, {
        product: productId,
        subscription: { type: 'PRIVILEGED', student: false, instructor: true },
      }),
      learner: await signedIn(t, { product: productId }),
      "another product's admin": await signedIn(t, { product: otherProductId, roles: { admin: true } }),
    };
  });

  const colors = (c: TestClient, json: unknown, id = productId) =>
    c.req({ method: 'PUT', url: `/api/v2/products/${id}/colorMap`, json });
  const upload = (
    c: TestClient,
    bytes: Uint8Array | string,
    logoType = 'HEADER_LOGO',
    name = 'logo.png',
    type = 'image/png',
  ) =>
    c.req({
      method: 'POST',
      url: `/api/v2/products/${productId}/logo?logoType=${logoType}`,
      ...multipart(name, bytes, 'logo', type),
    });
  const audit = async () =>
    rowsOf(
      await t.deps.db.execute(
        sql`SELECT action, details FROM audit_log WHERE product_id = ${productId} AND action LIKE 'branding.%' ORDER BY id`,
      ),
    ) as { action: string; details: Record<string, unknown> }[];
  const storedColors = async () =>
    rowsOf(await t.deps.db.execute(sql`SELECT color_map FROM products WHERE id = ${productId}`))[0]
      ?.color_map;

  it('an admin sets and reads the colour map, normalised; the change is audited with before and after', async () => {
    const set = await colors(admin, {
      HEADER_BACKGROUND: '#1A2B3C',
      HEADER_TEXT: '#fff',
      DROPDOWN_BUTTON: '#ffffff',
      DROPDOWN_BUTTON_TEXT: '#1a2b3c',
      USE_CUSTOM_QBANK_LOGO_COLOR: 'true',
    });
    expect(set.status).toBe(200);
    const expected = {
      HEADER_BACKGROUND: '#1a2b3c',
      HEADER_TEXT: '#ffffff',
      DROPDOWN_BUTTON: '#ffffff',
      DROPDOWN_BUTTON_TEXT: '#1a2b3c',
      USE_CUSTOM_QBANK_LOGO_COLOR: 'true',
    };
    expect(set.body.colorMap).toEqual(expected);
    const read = await admin.req({ url: `/api/v2/products/${productId}/branding` });
    expect(read.body).toEqual({
      productUuid: productId,
      colorMap: expected,
      logos: { HEADER_LOGO: null, PRODUCT_LOGO: null },
    });
    // The product's content (the store, the shell's subscription) carries it.
    const content = await admin.req({ url: `/api/v2/products/${productId}/fetchContent` });
    expect(content.body.colorMap).toEqual(expected);
    const me = await admin.req({ url: '/api/v2/users/me' });
    expect(
      me.body.subscriptions.find((s: { product: { uuid: string } }) => s.product.uuid === productId).product
        .colorMap,
    ).toEqual(expected);

    // A key left out is removed; the flag 'false' is stored as no flag. A superuser may change any product.
    const cut = await colors(superuser, {
      HEADER_BACKGROUND: '#000000',
      USE_CUSTOM_QBANK_LOGO_COLOR: 'false',
    });
    expect(cut.status).toBe(200);
    expect(cut.body.colorMap).toEqual({ HEADER_BACKGROUND: '#000000' });
    const entries = (await audit()).filter((e) => e.action === 'branding.colors.set');
    expect(entries.at(-2)?.details).toEqual({ before: {}, after: expected });
    expect(entries.at(-1)?.details).toEqual({ before: expected, after: { HEADER_BACKGROUND: '#000000' } });
  });

  it('refuses malformed colours and unknown keys, naming the field, and writes nothing', async () => {
    const before = await storedColors();
    const auditBefore = (await audit()).length;
    for (const [json, field] of [
      [{ HEADER_TEXT: 'red' }, 'HEADER_TEXT'],
      [{ HEADER_BACKGROUND: '#12345' }, 'HEADER_BACKGROUND'],
      [{ DROPDOWN_BUTTON: '#11223344' }, 'DROPDOWN_BUTTON'],
      [{ DROPDOWN_BUTTON_TEXT: 12 }, 'DROPDOWN_BUTTON_TEXT'],
      [{ USE_CUSTOM_QBANK_LOGO_COLOR: 'yes' }, 'USE_CUSTOM_QBANK_LOGO_COLOR'],
    ] as const) {
      const res = await colors(admin, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.field).toBe(field);
      expect(res.body.message).toContain(field);
    }
    const unknown = await colors(admin, { FOOTER: '#000000' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('FOOTER');
    expect(await storedColors()).toEqual(before);
    expect((await audit()).length).toBe(auditBefore);
  });

  it('a PNG header logo is stored, listed and served with its type and caching headers', async () => {
    const res = await upload(admin, png);
    expect(res.status).toBe(201);
    const url: string = res.body.logos.HEADER_LOGO;
    expect(url).toMatch(new RegExp(`^/api/v2/products/${productId}/logo/[0-9a-f]{64}$`));
    const listed = await t.client().req({ url: `/api/v2/products/${productId}/logo?logoType=HEADER_LOGO` });
    expect(listed.body).toEqual([expect.objectContaining({ url, logoType: 'HEADER_LOGO' })]);

    // Served to anyone (the store shows logos to visitors), as the bytes uploaded.
    const file = await t.client().req({ url });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('cache-control')).toContain('immutable');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = file.headers.get('etag')!;
    expect(etag).toBe(`"${url.split('/').at(-1)}"`);
    expect(Buffer.compare(file.bytes, Buffer.from(png))).toBe(0);
    expect((await t.client().req({ url, headers: { 'if-none-match': etag } })).status).toBe(304);

    const entry = (await audit()).filter((e) => e.action === 'branding.logo.set').at(-1);
    expect(entry?.details).toMatchObject({ logoType: 'HEADER_LOGO', before: null, after: url });
  });

  it('a new logo replaces the old one, whose URL is no longer served; other formats are recognised too', async () => {
    const first = (await upload(admin, fixture('pixel.jpg'), 'PRODUCT_LOGO')).body.logos.PRODUCT_LOGO;
    const second = await upload(superuser, fixture('pixel.webp'), 'PRODUCT_LOGO', 'logo.png', 'image/png');
    expect(second.status).toBe(201);
    const url = second.body.logos.PRODUCT_LOGO;
    expect(url).not.toBe(first);
    expect((await t.client().req({ url })).headers.get('content-type')).toBe('image/webp');
    expect((await t.client().req({ url: first })).status).toBe(404);
    // A file stored for another reason is not reachable through a logo URL.
    const other = (await upload(admin, fixture('pixel.gif'), 'HEADER_LOGO')).body.logos.HEADER_LOGO as string;
    const hash = other.split('/').at(-1);
    expect((await t.client().req({ url: `/api/v2/products/${otherProductId}/logo/${hash}` })).status).toBe(
      404,
    );
  });

  it('refuses SVG, PDF, text and video logos, naming the field; oversized is 413; nothing is written', async () => {
    const before = await admin.req({ url: `/api/v2/products/${productId}/branding` });
    const auditBefore = (await audit()).length;
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    for (const [bytes, name, type] of [
      [svg, 'logo.svg', 'image/svg+xml'],
      ['%PDF-1.4\n1 0 obj\n<<>>\nendobj\n', 'logo.pdf', 'application/pdf'],
      ['just some words', 'logo.png', 'image/png'],
      [fixture('clip.mp4'), 'logo.mp4', 'video/mp4'],
    ] as const) {
      const res = await upload(admin, bytes, 'HEADER_LOGO', name, type);
      expect(res.status, name).toBe(415);
      expect(res.body.field).toBe('logo');
      expect(res.body.message).toContain('SVG is not accepted');
    }
    const empty = await upload(admin, '');
    expect(empty.status).toBe(400);
    expect(empty.body.field).toBe('logo');
    const big = new Uint8Array(LOGO_MAX_BYTES + 1);
    big.set(png);
    const tooLarge = await upload(admin, big);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.field).toBe('logo');
    const wrongField = await admin.req({
      method: 'POST',
      url: `/api/v2/products/${productId}/logo?logoType=HEADER_LOGO`,
      ...multipart('logo.png', png, 'media', 'image/png'),
    });
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.field).toBe('logo');
    const badType = await upload(admin, png, 'FOOTER_LOGO');
    expect(badType.status).toBe(400);
    expect(badType.body.field).toBe('logoType');

    expect((await admin.req({ url: `/api/v2/products/${productId}/branding` })).body).toEqual(before.body);
    expect((await audit()).length).toBe(auditBefore);
  });

  it('removing a logo empties its list and is audited; removing none changes nothing', async () => {
    await upload(admin, png, 'HEADER_LOGO');
    const removed = await admin.req({
      method: 'DELETE',
      url: `/api/v2/products/${productId}/logo?logoType=HEADER_LOGO`,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.logos.HEADER_LOGO).toBeNull();
    expect(
      (await t.client().req({ url: `/api/v2/products/${productId}/logo?logoType=HEADER_LOGO` })).body,
    ).toEqual([]);
    const entry = (await audit()).at(-1);
    expect(entry).toMatchObject({
      action: 'branding.logo.remove',
      details: { logoType: 'HEADER_LOGO', after: null },
    });
    const count = (await audit()).length;
    await admin.req({ method: 'DELETE', url: `/api/v2/products/${productId}/logo?logoType=HEADER_LOGO` });
    expect((await audit()).length).toBe(count);
  });

  it("the store's cards carry a product's logo, and lose it when it is removed", async () => {
    const name = `Branded ${productId.slice(0, 8)}`;
    await t.deps.db.execute(sql`UPDATE products SET name = ${name} WHERE id = ${productId}`);
    await buildPlan(t.deps.db, productId);
    const card = async () => {
      const res = await t.client().req({
        method: 'POST',
        url: '/api/v2/products/productSearchContent?sortField=name&sortOrder=ASC&page=0&size=24',
        json: { searchTerm: name },
      });
      expect(res.status).toBe(200);
      return res.body.content.find((c: { uuid: string }) => c.uuid === productId);
    };
    const url = (await upload(admin, fixture('pixel.jpg'), 'PRODUCT_LOGO')).body.logos.PRODUCT_LOGO;
    expect((await card()).logoUrl).toBe(url);
    await admin.req({ method: 'DELETE', url: `/api/v2/products/${productId}/logo?logoType=PRODUCT_LOGO` });
    expect((await card()).logoUrl).toBeUndefined();
  });

  it('only the product admins and superusers may read or change its branding', async () => {
    const before = await storedColors();
    for (const [who, c] of Object.entries(outsiders)) {
      expect((await c.req({ url: `/api/v2/products/${productId}/branding` })).status, who).toBe(403);
      expect((await colors(c, { HEADER_TEXT: '#000000' })).status, who).toBe(403);
      expect((await upload(c, png)).status, who).toBe(403);
      const del = await c.req({
        method: 'DELETE',
        url: `/api/v2/products/${productId}/logo?logoType=PRODUCT_LOGO`,
      });
      expect(del.status, who).toBe(403);
    }
    expect(await storedColors()).toEqual(before);
    // Signed out: 401; an unpublished product a visitor may not see: 404.
    expect((await colors(t.client(), { HEADER_TEXT: '#000000' })).status).toBe(401);
    const hidden = (await buildProduct(t.deps.db, { published: false })).id;
    expect((await colors(outsiders.writer!, { HEADER_TEXT: '#000000' }, hidden)).status).toBe(404);
    expect((await colors(superuser, { HEADER_TEXT: '#000000' }, hidden)).status).toBe(200);
  });
});
