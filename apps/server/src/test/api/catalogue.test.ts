import { beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../client';
import {
  buildCategory,
  buildProduct,
  buildSubcategory,
  buildSubject,
  buildSubscription,
  buildUser,
  signedIn,
} from '../factories';
import { appForFile, createTestApp } from '../test-app';

const t = appForFile(() => createTestApp());

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

const addSubject = (productId: string, name: string, position = 0) =>
  buildSubject(t.deps.db, productId, name, position);
const addCategory = (subjectId: string, name: string, position = 0) =>
  buildCategory(t.deps.db, subjectId, name, position);
const addSubcategory = (categoryId: string, name: string, position = 0) =>
  buildSubcategory(t.deps.db, categoryId, name, position);

const get = (c: TestClient, url: string) => c.req({ url });
const names = (body: Array<{ name: string }>) => body.map((x) => x.name);

/** A product with two subjects: Cardiology (two categories, three subcategories) and Pharmacology (none). */
async function buildCatalogue(over: { published?: boolean } = {}) {
  const product = await buildProduct(t.deps.db, over);
  // Position decides first; the name only among equal positions.
  const pharmacology = await addSubject(product.id, 'Pharmacology', 2);
  const cardiology = await addSubject(product.id, 'Cardiology', 1);
  const valves = await addCategory(cardiology.id, 'Valves', 0);
  const arrhythmia = await addCategory(cardiology.id, 'Arrhythmia', 0);
  const mitral = await addSubcategory(valves.id, 'Mitral', 5);
  const aortic = await addSubcategory(valves.id, 'Aortic', 5);
  const atrial = await addSubcategory(arrhythmia.id, 'Atrial fibrillation', 0);
  return { product, pharmacology, cardiology, valves, arrhythmia, mitral, aortic, atrial };
}

describe('catalogue lists and items', () => {
  let k: Awaited<ReturnType<typeof buildCatalogue>>;
  beforeAll(async () => {
    k = await buildCatalogue();
    // Another product's catalogue never shows in this one's.
    const other = await buildProduct(t.deps.db);
    await addCategory((await addSubject(other.id, 'Anatomy', 0)).id, 'Bones', 0);
  });

  it("lists a product's subjects by position then name", async () => {
    const res = await get(t.client(), `/api/v1/subjects/products/${k.product.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { uuid: k.cardiology.id, name: 'Cardiology', position: 1, productUuid: k.product.id },
      { uuid: k.pharmacology.id, name: 'Pharmacology', position: 2, productUuid: k.product.id },
    ]);
  });

  it('answers one subject', async () => {
    const res = await get(t.client(), `/api/v1/subjects/${k.cardiology.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      uuid: k.cardiology.id,
      name: 'Cardiology',
      position: 1,
      productUuid: k.product.id,
    });
  });

  it("lists a subject's categories in order; a subject without any has an empty list", async () => {
    const c = t.client();
    const res = await get(c, `/api/v1/categories/subjects/${k.cardiology.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { uuid: k.arrhythmia.id, name: 'Arrhythmia', position: 0, subjectUuid: k.cardiology.id },
      { uuid: k.valves.id, name: 'Valves', position: 0, subjectUuid: k.cardiology.id },
    ]);
    const none = await get(c, `/api/v1/categories/subjects/${k.pharmacology.id}`);
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
  });

  it('answers one category', async () => {
    const res = await get(t.client(), `/api/v1/categories/${k.valves.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      uuid: k.valves.id,
      name: 'Valves',
      position: 0,
      subjectUuid: k.cardiology.id,
    });
  });

  it("lists a category's subcategories in order", async () => {
    const res = await get(t.client(), `/api/v1/subcategories/categories/${k.valves.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { uuid: k.aortic.id, name: 'Aortic', position: 5, categoryUuid: k.valves.id },
      { uuid: k.mitral.id, name: 'Mitral', position: 5, categoryUuid: k.valves.id },
    ]);
  });
});

describe('product tree', () => {
  it('nests subjects, categories and subcategories in order, with empty children where there are none; a visitor sees published counts only', async () => {
    const k = await buildCatalogue();
    const res = await get(t.client(), `/api/v2/products/${k.product.id}/tree`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      productTree: {
        uuid: k.product.id,
        name: k.product.name,
        children: [
          {
            uuid: k.cardiology.id,
            name: 'Cardiology',
            questionCount: 0,
            children: [
              {
                uuid: k.arrhythmia.id,
                name: 'Arrhythmia',
                questionCount: 0,
                children: [
                  { uuid: k.atrial.id, name: 'Atrial fibrillation', questionCount: 0, children: [] },
                ],
              },
              {
                uuid: k.valves.id,
                name: 'Valves',
                questionCount: 0,
                children: [
                  { uuid: k.aortic.id, name: 'Aortic', questionCount: 0, children: [] },
                  { uuid: k.mitral.id, name: 'Mitral', questionCount: 0, children: [] },
                ],
              },
            ],
          },
          { uuid: k.pharmacology.id, name: 'Pharmacology', questionCount: 0, children: [] },
        ],
      },
    });
  });

  it('a product without subjects has a tree without children', async () => {
    const p = await buildProduct(t.deps.db);
    const res = await get(t.client(), `/api/v2/products/${p.id}/tree`);
    expect(res.body).toEqual({ productTree: { uuid: p.id, name: p.name, children: [] } });
  });
});

describe("who sees an unpublished product's catalogue", () => {
  let k: Awaited<ReturnType<typeof buildCatalogue>>;
  let urls: string[];
  beforeAll(async () => {
    k = await buildCatalogue({ published: false });
    urls = [
      `/api/v1/subjects/products/${k.product.id}`,
      `/api/v1/subjects/${k.cardiology.id}`,
      `/api/v1/categories/subjects/${k.cardiology.id}`,
      `/api/v1/categories/${k.valves.id}`,
      `/api/v1/subcategories/categories/${k.valves.id}`,
      `/api/v2/products/${k.product.id}/tree`,
    ];
  });

  it('hides it from visitors and from signed-in users who are not members: 404 naming id', async () => {
    const stranger = await signedIn(t);
    for (const c of [t.client(), stranger])
      for (const url of urls) {
        const res = await get(c, url);
        expect(res.status, url).toBe(404);
        expect(res.body.code, url).toBe('NOT_FOUND');
        expect(res.body.field, url).toBe('id');
      }
  });

  it('shows it to a member of the product and to a superuser', async () => {
    const member = await buildUser(t.deps.db);
    await buildSubscription(t.deps.db, member.id, k.product.id, {
      type: 'PRIVILEGED',
      admin: true,
      student: false,
    });
    const superuser = await buildUser(t.deps.db, { superuser: true });
    for (const u of [member, superuser]) {
      const c = await signedIn(t, { as: u });
      for (const url of urls) expect((await get(c, url)).status, url).toBe(200);
      expect(names((await get(c, urls[0]!)).body)).toEqual(['Cardiology', 'Pharmacology']);
    }
  });
});

describe('bad ids', () => {
  const paths = [
    '/api/v1/subjects/products/',
    '/api/v1/subjects/',
    '/api/v1/categories/subjects/',
    '/api/v1/categories/',
    '/api/v1/subcategories/categories/',
  ];

  it('an unknown id answers 404 naming id', async () => {
    const c = t.client();
    for (const url of [...paths.map((p) => p + UNKNOWN), `/api/v2/products/${UNKNOWN}/tree`]) {
      const res = await get(c, url);
      expect(res.status, url).toBe(404);
      expect(res.body.field, url).toBe('id');
    }
  });

  it('an id of the wrong kind is unknown too (a subject id given as a category id)', async () => {
    const k = await buildCatalogue();
    const res = await get(t.client(), `/api/v1/categories/${k.cardiology.id}`);
    expect(res.status).toBe(404);
    expect(res.body.field).toBe('id');
  });

  it('a malformed id answers 400 naming id', async () => {
    const c = t.client();
    for (const url of [...paths.map((p) => `${p}not-a-uuid`), '/api/v2/products/not-a-uuid/tree']) {
      const res = await get(c, url);
      expect(res.status, url).toBe(400);
      expect(res.body.code, url).toBe('VALIDATION');
      expect(res.body.field, url).toBe('id');
    }
  });
});
