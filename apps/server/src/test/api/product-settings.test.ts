import { type ProductSettings, PUBLISH_NEEDS_PLAN_MESSAGE, SETTINGS_CHANGED_MESSAGE } from '@qbank/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import type { TestClient } from '../client';
import { buildPlan, buildProduct, signedIn } from '../factories';
import { appForFile, createTestApp } from '../test-app';

const t = appForFile(() => createTestApp());

const settingsUrl = (id: string) => `/api/v2/products/${id}/settings`;
const read = (c: TestClient, id: string) => c.req({ url: settingsUrl(id) });
const save = (c: TestClient, id: string, json: unknown) =>
  c.req({ method: 'PUT', url: settingsUrl(id), json });
const publish = (c: TestClient, id: string, published: unknown) =>
  c.req({ method: 'POST', url: `/api/v2/products/${id}/published`, json: { published } });

/** The PUT body of a read answer, with some fields changed. */
const bodyOf = (s: ProductSettings, over: Record<string, unknown> = {}) => ({
  name: s.name,
  productCategory: s.productCategory,
  content: s.content,
  targetAudience: s.targetAudience,
  questionFormat: s.questionFormat,
  authors: s.authors,
  shortDescription: s.shortDescription,
  shortAuthors: s.shortAuthors,
  exampleQuestions: s.exampleQuestions,
  demoVideo: s.demoVideo,
  expectedVersion: s.version,
  ...over,
});

const auditOf = async (productId: string) =>
  rowsOf(
    await t.deps.db.execute(
      sql`SELECT action, actor_id, details FROM audit_log WHERE product_id = ${productId}
          AND action LIKE 'product.%' ORDER BY id`,
    ),
  ) as { action: string; actor_id: string; details: Record<string, unknown> }[];

const storedRow = async (productId: string) =>
  rowsOf(
    await t.deps.db.execute(
      sql`SELECT name, product_category, content, target_audience, question_format, authors,
            additional_content, published, updated_at FROM products WHERE id = ${productId}`,
    ),
  )[0];

const storeList = (c: TestClient) =>
  c.req({
    method: 'POST',
    url: '/api/v2/products/productSearchContent?sortField=name&sortOrder=ASC',
    json: { searchTerm: ' ' },
  });
const storeCards = (c: TestClient) =>
  c.req({
    method: 'POST',
    url: '/api/v2/products/productSearchContent?sortField=name&sortOrder=ASC&page=0&size=100',
    json: { searchTerm: ' ' },
  });

describe('product settings', () => {
  let productId: string;
  let otherProductId: string;
  let admin: TestClient & { user: { id: string } };
  let superuser: TestClient;
  let outsiders: Record<string, TestClient>;

  beforeAll(async () => {
    const tag = Date.now().toString(36);
    productId = (
      await buildProduct(t.deps.db, {
        name: `Settings ${tag}`,
        content: 'Old content',
        productCategory: 'NURSING',
        additionalContent: JSON.stringify({ shortDescription: 'Old short', keptKey: 42 }),
      })
    ).id;
    await buildPlan(t.deps.db, productId);
    otherProductId = (await buildProduct(t.deps.db, { name: `Other settings ${tag}` })).id;
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

  it('an admin reads the settings, additionalContent merged in', async () => {
    const res = await read(admin, productId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      productUuid: productId,
      content: 'Old content',
      productCategory: 'NURSING',
      shortDescription: 'Old short',
      shortAuthors: '',
      exampleQuestions: [],
      demoVideo: '',
      published: true,
      hasPublicPlan: true,
      listed: true,
    });
    expect(res.body.version).toMatch(/^[\w-]{22}$/);
  });

  it('saves the whole settings in one audited change; the store shows them at once', async () => {
    // The store's answers are made (and kept) before the change.
    const anon = t.client();
    expect((await storeList(anon)).body.some((p: { uuid: string }) => p.uuid === productId)).toBe(true);
    await storeCards(anon);
    await anon.req({ url: `/api/v2/products/${productId}/fetchContent` });

    const current = (await read(admin, productId)).body as ProductSettings;
    const name = `Renamed ${Date.now().toString(36)}`;
    const res = await save(
      admin,
      productId,
      bodyOf(current, {
        name: `  ${name}  `,
        productCategory: 'RADIOLOGY_IMAGING',
        content: 'New content\r\nsecond line',
        targetAudience: 'Radiographers',
        questionFormat: 'Single best answer',
        authors: 'The Imaging Board',
        shortDescription: 'A short line',
        shortAuthors: 'Imaging Board',
        exampleQuestions: ['What is a CT?', 'What is an MRI?'],
        demoVideo: 'https://www.youtube.com/watch?v=abc',
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name,
      productCategory: 'RADIOLOGY_IMAGING',
      content: 'New content\nsecond line',
      shortDescription: 'A short line',
      exampleQuestions: ['What is a CT?', 'What is an MRI?'],
      demoVideo: 'https://www.youtube.com/watch?v=abc',
    });
    expect(res.body.version).not.toBe(current.version);
    // additionalContent is a JSON string; a key the settings do not know is kept.
    const row = await storedRow(productId);
    expect(JSON.parse(row!.additional_content as string)).toEqual({
      keptKey: 42,
      shortDescription: 'A short line',
      shortAuthors: 'Imaging Board',
      exampleQuestions: ['What is a CT?', 'What is an MRI?'],
      demoVideo: 'https://www.youtube.com/watch?v=abc',
    });

    const entries = await auditOf(productId);
    const last = entries.at(-1)!;
    expect(last.action).toBe('product.settings.update');
    expect(last.actor_id).toBe(admin.user.id);
    expect(last.details.changed).toEqual([
      'name',
      'productCategory',
      'content',
      'targetAudience',
      'questionFormat',
      'authors',
      'shortDescription',
      'shortAuthors',
      'exampleQuestions',
      'demoVideo',
    ]);
    expect(last.details.before).toMatchObject({
      name: current.name,
      content: 'Old content',
      shortDescription: 'Old short',
      exampleQuestions: [],
    });
    expect(last.details.after).toMatchObject({ name, content: 'New content\nsecond line' });

    // The store's list, its cards and the product page read the new values at once.
    const listed = (await storeList(anon)).body.find((p: { uuid: string }) => p.uuid === productId);
    expect(listed).toMatchObject({
      name,
      content: 'New content\nsecond line',
      productCategory: 'RADIOLOGY_IMAGING',
      shortDescription: 'A short line',
    });
    const card = (await storeCards(anon)).body.content.find((p: { uuid: string }) => p.uuid === productId);
    expect(card).toMatchObject({ name, summary: 'A short line', targetAudience: 'Radiographers' });
    const content = await anon.req({ url: `/api/v2/products/${productId}/fetchContent` });
    expect(content.body).toMatchObject({
      name,
      authors: 'The Imaging Board',
      shortAuthors: 'Imaging Board',
      exampleQuestions: ['What is a CT?', 'What is an MRI?'],
    });

    // Saved again unchanged: nothing is written or logged.
    const again = await save(admin, productId, bodyOf(res.body));
    expect(again.status).toBe(200);
    expect(await auditOf(productId)).toHaveLength(entries.length);
    expect((await storedRow(productId))!.updated_at).toEqual(row!.updated_at);

    // Only the fields changed are in the entry; emptied fields leave additionalContent.
    const cut = await save(
      superuser,
      productId,
      bodyOf(res.body, { shortAuthors: '', exampleQuestions: [], demoVideo: '' }),
    );
    expect(cut.status).toBe(200);
    const entry = (await auditOf(productId)).at(-1)!;
    expect(entry.details).toEqual({
      changed: ['shortAuthors', 'exampleQuestions', 'demoVideo'],
      before: {
        shortAuthors: 'Imaging Board',
        exampleQuestions: ['What is a CT?', 'What is an MRI?'],
        demoVideo: 'https://www.youtube.com/watch?v=abc',
      },
      after: { shortAuthors: '', exampleQuestions: [], demoVideo: '' },
    });
    expect(JSON.parse((await storedRow(productId))!.additional_content as string)).toEqual({
      keptKey: 42,
      shortDescription: 'A short line',
    });
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const current = (await read(admin, productId)).body as ProductSettings;
    const before = await storedRow(productId);
    const auditBefore = (await auditOf(productId)).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ name: 'Two\nlines' }, 'name'],
      [{ name: 12 }, 'name'],
      [{ name: 'Nul\u0000' }, 'name'],
      [{ productCategory: 'ASTROLOGY' }, 'productCategory'],
      [{ productCategory: 'Nursing' }, 'productCategory'],
      [{ productCategory: undefined }, 'productCategory'],
      [{ content: 'x'.repeat(20_001) }, 'content'],
      [{ content: null }, 'content'],
      [{ targetAudience: 'x'.repeat(301) }, 'targetAudience'],
      [{ questionFormat: 'x'.repeat(5_001) }, 'questionFormat'],
      [{ authors: 'x'.repeat(5_001) }, 'authors'],
      [{ shortDescription: 'x'.repeat(301) }, 'shortDescription'],
      [{ shortAuthors: 'two\nlines' }, 'shortAuthors'],
      [{ exampleQuestions: 'one' }, 'exampleQuestions'],
      [{ exampleQuestions: Array.from({ length: 11 }, () => 'q') }, 'exampleQuestions'],
      [{ exampleQuestions: ['fine', ''] }, 'exampleQuestions.1'],
      [{ exampleQuestions: ['fine', 3] }, 'exampleQuestions.1'],
      [{ demoVideo: 'http://www.youtube.com/watch?v=abc' }, 'demoVideo'],
      [{ demoVideo: 'https://evil.example/video.mp4' }, 'demoVideo'],
      [{ demoVideo: 'https://www.youtube.com.evil.example/x' }, 'demoVideo'],
      [{ demoVideo: 'javascript:alert(1)' }, 'demoVideo'],
      [{ demoVideo: 'not a url' }, 'demoVideo'],
      [{ expectedVersion: '' }, 'expectedVersion'],
      [{ expectedVersion: undefined }, 'expectedVersion'],
    ];
    for (const [over, field] of cases) {
      const res = await save(admin, productId, bodyOf(current, { content: 'Changed', ...over }));
      expect(res.status, JSON.stringify(over).slice(0, 80)).toBe(400);
      expect(res.body.field, JSON.stringify(over).slice(0, 80)).toBe(field);
    }
    // Another product's name, in any case: 409 naming the field.
    const other = (await read(superuser, otherProductId)).body as ProductSettings;
    const taken = await save(admin, productId, bodyOf(current, { name: other.name.toUpperCase() }));
    expect(taken.status).toBe(409);
    expect(taken.body.field).toBe('name');
    expect(await storedRow(productId)).toEqual(before);
    expect(await auditOf(productId)).toHaveLength(auditBefore);
    // A product's own name in another case is no clash.
    const recased = await save(admin, productId, bodyOf(current, { name: current.name.toLowerCase() }));
    expect(recased.status).toBe(200);
    expect(recased.body.name).toBe(current.name.toLowerCase());
  });

  it('of two saves from the same version, the second is refused with 409 and loses nothing', async () => {
    const current = (await read(admin, productId)).body as ProductSettings;
    const first = await save(admin, productId, bodyOf(current, { targetAudience: 'First editor' }));
    expect(first.status).toBe(200);
    const second = await save(superuser, productId, bodyOf(current, { authors: 'Second editor' }));
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ field: 'expectedVersion', message: SETTINGS_CHANGED_MESSAGE });
    const now = (await read(admin, productId)).body as ProductSettings;
    expect(now.targetAudience).toBe('First editor');
    expect(now.authors).toBe(current.authors);

    // At once: ten saves of one version, each a different text; exactly one is written and logged.
    const auditBefore = (await auditOf(productId)).length;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        save(i % 2 ? admin : superuser, productId, bodyOf(now, { questionFormat: `Format ${i}` })),
      ),
    );
    const won = answers.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(9);
    const after = (await read(admin, productId)).body as ProductSettings;
    expect(after.questionFormat).toBe(won[0]!.body.questionFormat);
    expect(await auditOf(productId)).toHaveLength(auditBefore + 1);
  });

  it('two products renamed to one name at once: one gets it, the other 409', async () => {
    const a = await buildProduct(t.deps.db);
    const b = await buildProduct(t.deps.db);
    const name = `Contested ${Date.now().toString(36)}`;
    const [ra, rb] = await Promise.all(
      [a.id, b.id].map(async (id, i) => {
        const s = (await read(superuser, id)).body as ProductSettings;
        return save(superuser, id, bodyOf(s, { name: i ? name : name.toUpperCase() }));
      }),
    );
    expect([ra!.status, rb!.status].sort()).toEqual([200, 409]);
    const rows = rowsOf(
      await t.deps.db.execute(sql`SELECT id FROM products WHERE lower(name) = lower(${name})`),
    );
    expect(rows).toHaveLength(1);
  });

  it('unpublishing hides the product from the store; publishing needs an active public plan', async () => {
    const anon = t.client();
    const inList = async () =>
      (await storeList(anon)).body.some((p: { uuid: string }) => p.uuid === productId);
    const inCards = async () =>
      (await storeCards(anon)).body.content.some((p: { uuid: string }) => p.uuid === productId);
    expect(await inList()).toBe(true);
    expect(await inCards()).toBe(true);

    const off = await publish(admin, productId, false);
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ published: false, listed: false, hasPublicPlan: true });
    expect(await inList()).toBe(false);
    expect(await inCards()).toBe(false);
    // The product page is gone for visitors; its admin still reads it.
    expect((await anon.req({ url: `/api/v2/products/${productId}/fetchContent` })).status).toBe(404);
    expect((await admin.req({ url: `/api/v2/products/${productId}/fetchContent` })).status).toBe(200);
    expect((await auditOf(productId)).at(-1)).toMatchObject({
      action: 'product.unpublish',
      actor_id: admin.user.id,
      details: { before: { published: true }, after: { published: false } },
    });
    // Again: nothing changes, nothing is logged.
    const count = (await auditOf(productId)).length;
    expect((await publish(admin, productId, false)).status).toBe(200);
    expect(await auditOf(productId)).toHaveLength(count);

    const on = await publish(admin, productId, true);
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ published: true, listed: true });
    expect(await inList()).toBe(true);
    expect(await inCards()).toBe(true);
    expect((await anon.req({ url: `/api/v2/products/${productId}/fetchContent` })).status).toBe(200);
    expect((await auditOf(productId)).at(-1)?.action).toBe('product.publish');

    // Without an active public plan (none, a private one, an inactive one) publishing is refused.
    const bare = await buildProduct(t.deps.db, { published: false });
    await buildPlan(t.deps.db, bare.id, { billingPlanType: 'PRIVATE' });
    await buildPlan(t.deps.db, bare.id, { active: false });
    const refused = await publish(superuser, bare.id, true);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ field: 'published', message: PUBLISH_NEEDS_PLAN_MESSAGE });
    expect((await storedRow(bare.id))!.published).toBe(false);
    expect(await auditOf(bare.id)).toHaveLength(0);
    expect((await read(superuser, bare.id)).body).toMatchObject({ hasPublicPlan: false, listed: false });
    // Bad input.
    const bad = await publish(admin, productId, 'yes');
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('published');
  });

  it('only the product admins and superusers may read or change the settings', async () => {
    const current = (await read(admin, productId)).body as ProductSettings;
    const before = await storedRow(productId);
    for (const [who, c] of Object.entries(outsiders)) {
      expect((await read(c, productId)).status, who).toBe(403);
      expect((await save(c, productId, bodyOf(current, { content: 'x' }))).status, who).toBe(403);
      expect((await publish(c, productId, false)).status, who).toBe(403);
    }
    expect(await storedRow(productId)).toEqual(before);
    // Signed out: 401. A product one may not see (unpublished, not a member): 404; one that does not exist: 404.
    expect((await read(t.client(), productId)).status).toBe(401);
    const hidden = (await buildProduct(t.deps.db, { published: false })).id;
    const hiddenSettings = (await read(superuser, hidden)).body as ProductSettings;
    expect((await read(outsiders["another product's admin"]!, hidden)).status).toBe(404);
    expect((await save(outsiders.writer!, hidden, bodyOf(hiddenSettings))).status).toBe(404);
    expect((await publish(outsiders.writer!, hidden, true)).status).toBe(404);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await read(superuser, missing)).status).toBe(404);
    expect((await read(superuser, 'not-a-uuid')).body.field).toBe('id');
  });

  it('the calls are in the OpenAPI document', async () => {
    const doc = (await t.client().req({ url: '/api/docs/json' })).body;
    expect(doc.paths['/api/v2/products/{id}/settings'].get).toBeDefined();
    expect(
      doc.paths['/api/v2/products/{id}/settings'].put.requestBody.content['application/json'].schema.required,
    ).toEqual(expect.arrayContaining(['name', 'productCategory', 'expectedVersion']));
    expect(doc.paths['/api/v2/products/{id}/published'].post).toBeDefined();
  });
});
