import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  categories,
  type questionStatuses,
  questions,
  questionVersions,
  subcategories,
  subjects,
} from '../../db/schema';
import { countMove } from '../../modules/questions/repository';
import type { TestClient } from '../client';
import {
  buildCategory,
  buildProduct,
  buildSubcategory,
  buildSubject,
  type buildSubscription,
  buildUser,
  signedIn,
} from '../factories';
import { appForFile, createTestApp } from '../test-app';

const t = appForFile(() => createTestApp());

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
type Status = (typeof questionStatuses)[number];
type Method = 'POST' | 'PATCH' | 'DELETE' | 'GET';

const addSubject = (productId: string, name: string, position = 0) =>
  buildSubject(t.deps.db, productId, name, position);
const addCategory = (subjectId: string, name: string, position = 0) =>
  buildCategory(t.deps.db, subjectId, name, position);
const addSubcategory = (categoryId: string, name: string, position = 0) =>
  buildSubcategory(t.deps.db, categoryId, name, position);

/**
 * A question of the product whose current version has the status and sits in the subcategory. With `was`, an
 * older version sat elsewhere (only the current one counts). Written as a save writes it: with its counts.
 */
async function addQuestion(productId: string, subcategoryId: string, status: Status, was?: string) {
  const author = await buildUser(t.deps.db);
  const questionId = randomUUID();
  const versionId = randomUUID();
  await t.deps.db.transaction(async (tx) => {
    // The foreign key to the current version is checked at commit, once the version exists.
    await tx
      .insert(questions)
      .values({ id: questionId, productId, authorId: author.id, currentVersionId: versionId });
    if (was)
      await tx.insert(questionVersions).values({
        questionId,
        number: 1,
        status: 'PUBLISHED',
        subcategoryId: was,
        editorId: author.id,
      });
    await tx.insert(questionVersions).values({
      id: versionId,
      questionId,
      number: was ? 2 : 1,
      status,
      subcategoryId,
      editorId: author.id,
    });
    await countMove(
      tx,
      { productId, authorId: author.id },
      was ? { status: 'PUBLISHED', subcategoryId: was } : null,
      { status, subcategoryId },
    );
  });
}

type Roles = Partial<Parameters<typeof buildSubscription>[3]>;

/** A signed-in client of a new user with the subscription (none when `roles` is null). */
const member = (productId: string | null, roles: Roles | null, superuser = false) =>
  signedIn(t, { product: roles ? productId : null, subscription: roles ?? undefined, user: { superuser } });
const ADMIN: Roles = { type: 'PRIVILEGED', admin: true, student: false };
const admin = (productId: string) => member(productId, ADMIN);

const call = (c: TestClient, method: Method, url: string, json?: unknown) => c.req({ method, url, json });

/** The names of a parent's children with their positions, as stored. */
async function stored(level: 'subjects' | 'categories' | 'subcategories', parentId: string) {
  const rows =
    level === 'subjects'
      ? await t.deps.db
          .select()
          .from(subjects)
          .where(eq(subjects.productId, parentId))
          .orderBy(asc(subjects.position), asc(subjects.name))
      : level === 'categories'
        ? await t.deps.db
            .select()
            .from(categories)
            .where(eq(categories.subjectId, parentId))
            .orderBy(asc(categories.position), asc(categories.name))
        : await t.deps.db
            .select()
            .from(subcategories)
            .where(eq(subcategories.categoryId, parentId))
            .orderBy(asc(subcategories.position), asc(subcategories.name));
  return rows.map((r) => `${r.position}:${r.name}`);
}

/** A product with Cardiology (Valves: Mitral, Aortic; Arrhythmia: Atrial fibrillation) and Pharmacology. */
async function buildCatalogue(over: { published?: boolean } = {}) {
  const product = await buildProduct(t.deps.db, over);
  // Positions as older data may hold them: with gaps and ties.
  const cardiology = await addSubject(product.id, 'Cardiology', 1);
  const pharmacology = await addSubject(product.id, 'Pharmacology', 2);
  const valves = await addCategory(cardiology.id, 'Valves', 3);
  const arrhythmia = await addCategory(cardiology.id, 'Arrhythmia', 0);
  const mitral = await addSubcategory(valves.id, 'Mitral', 5);
  const aortic = await addSubcategory(valves.id, 'Aortic', 5);
  const atrial = await addSubcategory(arrhythmia.id, 'Atrial fibrillation', 0);
  return { product, cardiology, pharmacology, valves, arrhythmia, mitral, aortic, atrial };
}
type Catalogue = Awaited<ReturnType<typeof buildCatalogue>>;

describe('creating', () => {
  it('adds a subject, a category and a subcategory last among their siblings, names trimmed; 201 with the item', async () => {
    const k = await buildCatalogue();
    const c = await admin(k.product.id);
    const s = await call(c, 'POST', `/api/v2/products/${k.product.id}/subjects`, { name: '  Neurology ' });
    expect(s.status).toBe(201);
    expect(s.body).toEqual({
      uuid: expect.any(String),
      name: 'Neurology',
      position: 2,
      productUuid: k.product.id,
    });
    // The older siblings are numbered 0..n-1 in their order at the same time.
    expect(await stored('subjects', k.product.id)).toEqual(['0:Cardiology', '1:Pharmacology', '2:Neurology']);

    const cat = await call(c, 'POST', `/api/v2/subjects/${s.body.uuid}/categories`, { name: 'Stroke' });
    expect(cat.status).toBe(201);
    expect(cat.body).toEqual({
      uuid: expect.any(String),
      name: 'Stroke',
      position: 0,
      subjectUuid: s.body.uuid,
    });

    const sub = await call(c, 'POST', `/api/v2/categories/${k.valves.id}/subcategories`, {
      name: 'Tricuspid',
    });
    expect(sub.status).toBe(201);
    expect(sub.body).toMatchObject({ name: 'Tricuspid', position: 2, categoryUuid: k.valves.id });
    expect(await stored('subcategories', k.valves.id)).toEqual(['0:Aortic', '1:Mitral', '2:Tricuspid']);

    // The reads show them.
    const list = await call(c, 'GET', `/api/v1/categories/subjects/${s.body.uuid}`);
    expect(list.body).toEqual([cat.body]);
  });

  it('refuses a name a sibling has, whatever its case: 409 naming name, nothing added', async () => {
    const k = await buildCatalogue();
    const c = await admin(k.product.id);
    for (const [url, name] of [
      [`/api/v2/products/${k.product.id}/subjects`, 'cardiology'],
      [`/api/v2/subjects/${k.cardiology.id}/categories`, ' VALVES '],
      [`/api/v2/categories/${k.valves.id}/subcategories`, 'Mitral'],
    ] as const) {
      const res = await call(c, 'POST', url, { name });
      expect(res.status, url).toBe(409);
      expect(res.body.code).toBe('CONFLICT');
      expect(res.body.field).toBe('name');
      expect(res.body.message).toMatch(
        /^name must be unique among its siblings: this \w+ already has a \w+ named/,
      );
    }
    expect(await stored('subjects', k.product.id)).toEqual(['1:Cardiology', '2:Pharmacology']);
    // The same name under another parent is fine.
    const res = await call(c, 'POST', `/api/v2/categories/${k.arrhythmia.id}/subcategories`, {
      name: 'Mitral',
    });
    expect(res.status).toBe(201);
  });

  it('refuses bad names and bodies with 400 naming the field, and unknown parents with 404', async () => {
    const k = await buildCatalogue();
    const c = await admin(k.product.id);
    const url = `/api/v2/products/${k.product.id}/subjects`;
    const bad: Array<[unknown, string, RegExp]> = [
      [{}, 'name', /name/],
      [{ name: '' }, 'name', /^name is required$/],
      [{ name: '    ' }, 'name', /^name is required$/],
      [{ name: 'x'.repeat(201) }, 'name', /^name must be at most 200 characters$/],
      [{ name: 12 }, 'name', /^name must be text/],
      [{ name: 'Two\nlines' }, 'name', /one line/],
      [{ name: 'Neurology', position: 0 }, '', /^Unknown field: position$/],
    ];
    for (const [json, field, message] of bad) {
      const res = await call(c, 'POST', url, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
      expect(res.body.field ?? '').toBe(field);
      expect(res.body.message).toMatch(message);
    }
    expect((await call(c, 'POST', url, { name: 'x'.repeat(200) })).status).toBe(201);
    expect((await call(c, 'POST', '/api/v2/products/nope/subjects', { name: 'A' })).body.field).toBe('id');
    for (const parent of ['products', 'subjects', 'categories']) {
      const child = { products: 'subjects', subjects: 'categories', categories: 'subcategories' }[parent];
      const res = await call(c, 'POST', `/api/v2/${parent}/${UNKNOWN}/${child}`, { name: 'A' });
      expect(res.status, parent).toBe(404);
      expect(res.body.field).toBe('id');
    }
    // A category given as a subject is unknown too.
    expect((await call(c, 'POST', `/api/v2/subjects/${k.valves.id}/categories`, { name: 'A' })).status).toBe(
      404,
    );
  });
});

describe('renaming and reordering', () => {
  let k: Catalogue;
  let c: TestClient;
  beforeAll(async () => {
    k = await buildCatalogue();
    c = await admin(k.product.id);
  });

  it('renames; a change of case only is a rename too; a sibling name is refused with 409', async () => {
    const res = await call(c, 'PATCH', `/api/v2/subcategories/${k.mitral.id}`, { name: ' Mitral valve ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      uuid: k.mitral.id,
      name: 'Mitral valve',
      position: 1,
      categoryUuid: k.valves.id,
    });
    expect(
      (await call(c, 'PATCH', `/api/v2/subcategories/${k.mitral.id}`, { name: 'MITRAL VALVE' })).body.name,
    ).toBe('MITRAL VALVE');
    const dup = await call(c, 'PATCH', `/api/v2/subcategories/${k.mitral.id}`, { name: 'aortic' });
    expect(dup.status).toBe(409);
    expect(dup.body.field).toBe('name');
    const subj = await call(c, 'PATCH', `/api/v2/subjects/${k.pharmacology.id}`, { name: 'Pharmacology II' });
    expect(subj.body).toEqual({
      uuid: k.pharmacology.id,
      name: 'Pharmacology II',
      position: 1,
      productUuid: k.product.id,
    });
    expect((await call(c, 'GET', `/api/v1/subjects/${k.pharmacology.id}`)).body.name).toBe('Pharmacology II');
  });

  it('moves an item to a 0-based place among its siblings, renumbering them 0..n-1', async () => {
    const s = await addSubject(k.product.id, 'Anatomy', 9);
    const res = await call(c, 'PATCH', `/api/v2/subjects/${s.id}`, { position: 0 });
    expect(res.status).toBe(200);
    expect(res.body.position).toBe(0);
    expect(await stored('subjects', k.product.id)).toEqual([
      '0:Anatomy',
      '1:Cardiology',
      '2:Pharmacology II',
    ]);
    await call(c, 'PATCH', `/api/v2/subjects/${s.id}`, { position: 2 });
    expect(await stored('subjects', k.product.id)).toEqual([
      '0:Cardiology',
      '1:Pharmacology II',
      '2:Anatomy',
    ]);
    await call(c, 'PATCH', `/api/v2/subjects/${s.id}`, { position: 1, name: 'Gross anatomy' });
    expect(await stored('subjects', k.product.id)).toEqual([
      '0:Cardiology',
      '1:Gross anatomy',
      '2:Pharmacology II',
    ]);
    // The reads list them in the new order.
    const list = await call(c, 'GET', `/api/v1/subjects/products/${k.product.id}`);
    expect(list.body.map((x: { name: string }) => x.name)).toEqual([
      'Cardiology',
      'Gross anatomy',
      'Pharmacology II',
    ]);
  });

  it('refuses bad changes with 400 naming the field, changing nothing', async () => {
    const before = await stored('subjects', k.product.id);
    const url = `/api/v2/subjects/${k.cardiology.id}`;
    const bad: Array<[unknown, string]> = [
      [{ position: 3 }, 'position'],
      [{ position: -1 }, 'position'],
      [{ position: 1.5 }, 'position'],
      [{ position: '1' }, 'position'],
      [{ name: '', position: 0 }, 'name'],
      [{ name: 'Renamed', position: 7 }, 'position'],
      [{ subjectUuid: k.pharmacology.id }, ''],
      [{}, ''],
    ];
    for (const [json, field] of bad) {
      const res = await call(c, 'PATCH', url, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.field ?? '', JSON.stringify(json)).toBe(field);
    }
    expect((await call(c, 'PATCH', url, {})).body.message).toBe('Nothing to change: give name or position');
    expect((await call(c, 'PATCH', url, { position: 3 })).body.message).toBe(
      'position must be from 0 to 2: the subject has 2 siblings there',
    );
    expect(await stored('subjects', k.product.id)).toEqual(before);
    expect((await call(c, 'PATCH', `/api/v2/subjects/${UNKNOWN}`, { name: 'A' })).status).toBe(404);
    expect((await call(c, 'PATCH', '/api/v2/categories/not-a-uuid', { name: 'A' })).body.field).toBe('id');
  });
});

describe('moving', () => {
  it('moves a category to another subject of the product, last or at a position; both sides renumbered', async () => {
    const k = await buildCatalogue();
    const c = await admin(k.product.id);
    await addCategory(k.pharmacology.id, 'Kinetics', 0);
    const res = await call(c, 'PATCH', `/api/v2/categories/${k.arrhythmia.id}`, {
      subjectUuid: k.pharmacology.id,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      uuid: k.arrhythmia.id,
      name: 'Arrhythmia',
      position: 1,
      subjectUuid: k.pharmacology.id,
    });
    expect(await stored('categories', k.pharmacology.id)).toEqual(['0:Kinetics', '1:Arrhythmia']);
    expect(await stored('categories', k.cardiology.id)).toEqual(['0:Valves']);
    // Its subcategories came with it.
    expect(await stored('subcategories', k.arrhythmia.id)).toEqual(['0:Atrial fibrillation']);

    const back = await call(c, 'PATCH', `/api/v2/categories/${k.arrhythmia.id}`, {
      subjectUuid: k.cardiology.id,
      position: 0,
      name: 'Rhythm',
    });
    expect(back.body).toEqual({
      uuid: k.arrhythmia.id,
      name: 'Rhythm',
      position: 0,
      subjectUuid: k.cardiology.id,
    });
    expect(await stored('categories', k.cardiology.id)).toEqual(['0:Rhythm', '1:Valves']);
    expect(await stored('categories', k.pharmacology.id)).toEqual(['0:Kinetics']);
  });

  it('moves a subcategory to another category; a name taken there is refused with 409, nothing moved', async () => {
    const k = await buildCatalogue();
    const c = await admin(k.product.id);
    const res = await call(c, 'PATCH', `/api/v2/subcategories/${k.mitral.id}`, {
      categoryUuid: k.arrhythmia.id,
      position: 0,
    });
    expect(res.status).toBe(200);
    expect(await stored('subcategories', k.arrhythmia.id)).toEqual(['0:Mitral', '1:Atrial fibrillation']);
    expect(await stored('subcategories', k.valves.id)).toEqual(['0:Aortic']);

    await addSubcategory(k.valves.id, 'mitral', 1);
    const dup = await call(c, 'PATCH', `/api/v2/subcategories/${k.mitral.id}`, { categoryUuid: k.valves.id });
    expect(dup.status).toBe(409);
    expect(dup.body.field).toBe('name');
    expect(await stored('subcategories', k.arrhythmia.id)).toEqual(['0:Mitral', '1:Atrial fibrillation']);
  });

  it("refuses moving to another product's node, an unknown one or a node of the wrong kind: 400 naming the field", async () => {
    const k = await buildCatalogue();
    const other = await buildCatalogue();
    // Even an admin of both products cannot move items between them.
    const c = await member(null, null, true);
    const cases: Array<[string, Record<string, unknown>, string]> = [
      [`/api/v2/categories/${k.valves.id}`, { subjectUuid: other.cardiology.id }, 'subjectUuid'],
      [`/api/v2/categories/${k.valves.id}`, { subjectUuid: UNKNOWN }, 'subjectUuid'],
      [`/api/v2/categories/${k.valves.id}`, { subjectUuid: k.arrhythmia.id }, 'subjectUuid'],
      [`/api/v2/categories/${k.valves.id}`, { subjectUuid: 'nope' }, 'subjectUuid'],
      [
        `/api/v2/subcategories/${k.mitral.id}`,
        { categoryUuid: other.valves.id, name: 'New' },
        'categoryUuid',
      ],
      [`/api/v2/subcategories/${k.mitral.id}`, { subjectUuid: k.cardiology.id }, ''],
    ];
    for (const [url, json, field] of cases) {
      const res = await call(c, 'PATCH', url, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.field ?? '').toBe(field);
    }
    expect((await call(c, 'PATCH', cases[0]![0], cases[0]![1])).body.message).toBe(
      'subjectUuid must be a subject of the same product',
    );
    expect(await stored('categories', k.cardiology.id)).toEqual(['0:Arrhythmia', '3:Valves']);
    expect(await stored('subcategories', k.valves.id)).toEqual(['5:Aortic', '5:Mitral']);
    expect(await stored('categories', other.cardiology.id)).toEqual(['0:Arrhythmia', '3:Valves']);
  });
});

describe('deleting', () => {
  it('deletes an empty item with everything under it and renumbers its siblings: 204', async () => {
    const k = await buildCatalogue();
    const c = await admin(k.product.id);
    // A deleted question does not hold its subcategory.
    await addQuestion(k.product.id, k.mitral.id, 'DELETED');
    const res = await call(c, 'DELETE', `/api/v2/subjects/${k.cardiology.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(await stored('subjects', k.product.id)).toEqual(['0:Pharmacology']);
    for (const [table, id] of [
      [categories, k.valves.id],
      [subcategories, k.mitral.id],
      [subcategories, k.atrial.id],
    ] as const)
      expect(await t.deps.db.select().from(table).where(eq(table.id, id))).toEqual([]);
    expect((await call(c, 'GET', `/api/v1/subjects/${k.cardiology.id}`)).status).toBe(404);
    expect((await call(c, 'DELETE', `/api/v2/subjects/${k.cardiology.id}`)).status).toBe(404);

    const k2 = await buildCatalogue();
    const c2 = await admin(k2.product.id);
    expect((await call(c2, 'DELETE', `/api/v2/subcategories/${k2.aortic.id}`)).status).toBe(204);
    expect(await stored('subcategories', k2.valves.id)).toEqual(['0:Mitral']);
    expect((await call(c2, 'DELETE', `/api/v2/categories/${k2.valves.id}`)).status).toBe(204);
    expect(await stored('categories', k2.cardiology.id)).toEqual(['0:Arrhythmia']);
  });

  it('refuses to delete an item that still holds questions, naming how many: 409, nothing deleted', async () => {
    const k = await buildCatalogue();
    const c = await admin(k.product.id);
    await addQuestion(k.product.id, k.mitral.id, 'PUBLISHED');
    await addQuestion(k.product.id, k.mitral.id, 'DRAFT');
    await addQuestion(k.product.id, k.atrial.id, 'SUBMITTED');
    await addQuestion(k.product.id, k.atrial.id, 'DELETED');
    // Only its current version places a question: this one left Aortic for Atrial fibrillation.
    await addQuestion(k.product.id, k.atrial.id, 'NEEDS_REVISION', k.aortic.id);

    const cases: Array<[string, string]> = [
      [
        `/api/v2/subjects/${k.cardiology.id}`,
        'Cardiology still holds 4 questions; move or delete them first',
      ],
      [`/api/v2/categories/${k.valves.id}`, 'Valves still holds 2 questions; move or delete them first'],
      [
        `/api/v2/categories/${k.arrhythmia.id}`,
        'Arrhythmia still holds 2 questions; move or delete them first',
      ],
      [`/api/v2/subcategories/${k.mitral.id}`, 'Mitral still holds 2 questions; move or delete them first'],
    ];
    for (const [url, message] of cases) {
      const res = await call(c, 'DELETE', url);
      expect(res.status, url).toBe(409);
      expect(res.body.code).toBe('CONFLICT');
      expect(res.body.message).toBe(message);
    }
    await addQuestion(k.product.id, k.aortic.id, 'PUBLISHED');
    expect((await call(c, 'DELETE', `/api/v2/subcategories/${k.aortic.id}`)).body.message).toBe(
      'Aortic still holds 1 question; move or delete them first',
    );
    expect(await stored('subjects', k.product.id)).toEqual(['1:Cardiology', '2:Pharmacology']);
    expect(await stored('subcategories', k.valves.id)).toEqual(['5:Aortic', '5:Mitral']);
  });
});

describe('who may change the tree', () => {
  let k: Catalogue;
  let hidden: Catalogue;
  /** One call of each kind on `k`, each a change that would succeed for an admin. */
  const changes = (x: Catalogue): Array<[Method, string, unknown]> => [
    ['POST', `/api/v2/products/${x.product.id}/subjects`, { name: 'Neurology' }],
    ['POST', `/api/v2/subjects/${x.cardiology.id}/categories`, { name: 'Heart failure' }],
    ['POST', `/api/v2/categories/${x.valves.id}/subcategories`, { name: 'Tricuspid' }],
    ['PATCH', `/api/v2/subjects/${x.cardiology.id}`, { name: 'Heart', position: 1 }],
    ['PATCH', `/api/v2/categories/${x.valves.id}`, { subjectUuid: x.pharmacology.id }],
    ['PATCH', `/api/v2/subcategories/${x.mitral.id}`, { categoryUuid: x.arrhythmia.id }],
    ['DELETE', `/api/v2/subcategories/${x.aortic.id}`, undefined],
    ['DELETE', `/api/v2/categories/${x.arrhythmia.id}`, undefined],
    ['DELETE', `/api/v2/subjects/${x.pharmacology.id}`, undefined],
  ];
  const snapshot = async (x: Catalogue) => [
    await stored('subjects', x.product.id),
    await stored('categories', x.cardiology.id),
    await stored('categories', x.pharmacology.id),
    await stored('subcategories', x.valves.id),
    await stored('subcategories', x.arrhythmia.id),
  ];

  beforeAll(async () => {
    k = await buildCatalogue();
    hidden = await buildCatalogue({ published: false });
  });

  it('refuses writers, auditors, instructors, students, former admins and other products’ admins: 403', async () => {
    const before = await snapshot(k);
    const other = await buildProduct(t.deps.db);
    const refused: Array<[string, TestClient]> = [
      ['writer', await member(k.product.id, { questionWriter: true, student: false })],
      ['auditor', await member(k.product.id, { questionAuditor: true, student: false })],
      ['instructor', await member(k.product.id, { instructor: true, student: false })],
      ['student', await member(k.product.id, {})],
      ['former admin', await member(k.product.id, { ...ADMIN, active: false })],
      ["other product's admin", await admin(other.id)],
      ['signed-in stranger', await member(null, null)],
    ];
    for (const [who, c] of refused)
      for (const [method, url, json] of changes(k)) {
        const res = await call(c, method, url, json);
        expect(res.status, `${who} ${method} ${url}`).toBe(403);
        expect(res.body.message).toBe("Only the product's admins can change its subject tree");
      }
    expect(await snapshot(k)).toEqual(before);
  });

  it('refuses visitors: 401', async () => {
    for (const [method, url, json] of changes(k))
      expect((await call(t.client(), method, url, json)).status, url).toBe(401);
  });

  it('hides an unpublished product from those who cannot see it: 404; its members who do not run it: 403', async () => {
    const before = await snapshot(hidden);
    const stranger = await member(null, null);
    const otherAdmin = await admin(k.product.id);
    for (const c of [stranger, otherAdmin])
      for (const [method, url, json] of changes(hidden)) {
        const res = await call(c, method, url, json);
        expect(res.status, `${method} ${url}`).toBe(404);
        expect(res.body.field).toBe('id');
      }
    const writer = await member(hidden.product.id, { questionWriter: true });
    for (const [method, url, json] of changes(hidden))
      expect((await call(writer, method, url, json)).status, url).toBe(403);
    expect(await snapshot(hidden)).toEqual(before);
  });

  it("lets the product's admin and a superuser make every change", async () => {
    for (const who of ['admin', 'superuser']) {
      const x = await buildCatalogue({ published: false });
      const c = who === 'admin' ? await admin(x.product.id) : await member(null, null, true);
      for (const [method, url, json] of changes(x)) {
        const res = await call(c, method, url, json);
        expect(res.status, `${who} ${method} ${url}: ${res.text}`).toBe(
          method === 'POST' ? 201 : method === 'PATCH' ? 200 : 204,
        );
      }
      expect(await stored('subjects', x.product.id)).toEqual(['0:Heart', '1:Neurology']);
    }
  });
});

describe('the tree counts questions', () => {
  let k: Catalogue;
  beforeAll(async () => {
    k = await buildCatalogue();
    await addQuestion(k.product.id, k.mitral.id, 'PUBLISHED');
    await addQuestion(k.product.id, k.mitral.id, 'PUBLISHED');
    await addQuestion(k.product.id, k.mitral.id, 'DRAFT');
    await addQuestion(k.product.id, k.aortic.id, 'SUBMITTED');
    await addQuestion(k.product.id, k.atrial.id, 'PUBLISHED', k.aortic.id);
    await addQuestion(k.product.id, k.atrial.id, 'NEEDS_REVISION');
    await addQuestion(k.product.id, k.atrial.id, 'DELETED');
  });

  const counts = (
    PUBLISHED: number,
    DRAFT: number,
    NEEDS_REVISION: number,
    SUBMITTED: number,
    DELETED: number,
  ) => ({
    PUBLISHED,
    DRAFT,
    NEEDS_REVISION,
    SUBMITTED,
    DELETED,
  });

  it("shows the product's staff every node's questions by status, every status present", async () => {
    const staff = [
      await member(k.product.id, { questionWriter: true, student: false }),
      await member(k.product.id, { questionAuditor: true, student: false }),
      await admin(k.product.id),
      await member(null, null, true),
    ];
    for (const c of staff) {
      const res = await call(c, 'GET', `/api/v2/products/${k.product.id}/tree`);
      expect(res.status).toBe(200);
      const [cardiology, pharmacology] = res.body.productTree.children;
      expect(cardiology).toMatchObject({
        name: 'Cardiology',
        questionCount: 3,
        statusCounts: counts(3, 1, 1, 1, 1),
      });
      expect(pharmacology).toEqual({
        uuid: k.pharmacology.id,
        name: 'Pharmacology',
        questionCount: 0,
        statusCounts: counts(0, 0, 0, 0, 0),
        children: [],
      });
      const [arrhythmia, valves] = cardiology.children;
      expect(arrhythmia).toMatchObject({
        name: 'Arrhythmia',
        questionCount: 1,
        statusCounts: counts(1, 0, 1, 0, 1),
      });
      expect(valves).toMatchObject({ name: 'Valves', questionCount: 2, statusCounts: counts(2, 1, 0, 1, 0) });
      expect(valves.children).toEqual([
        {
          uuid: k.aortic.id,
          name: 'Aortic',
          questionCount: 0,
          statusCounts: counts(0, 0, 0, 1, 0),
          children: [],
        },
        {
          uuid: k.mitral.id,
          name: 'Mitral',
          questionCount: 2,
          statusCounts: counts(2, 1, 0, 0, 0),
          children: [],
        },
      ]);
    }
  });

  it('shows students, instructors, other users and visitors the published counts only', async () => {
    const others = [
      await member(k.product.id, {}),
      await member(k.product.id, { instructor: true, student: false }),
      await member(k.product.id, { questionWriter: true, active: false }),
      await member(null, null),
      t.client(),
    ];
    for (const c of others) {
      const res = await call(c, 'GET', `/api/v2/products/${k.product.id}/tree`);
      const [cardiology] = res.body.productTree.children;
      expect(cardiology.questionCount).toBe(3);
      expect(cardiology).not.toHaveProperty('statusCounts');
      expect(cardiology.children[1].children).toEqual([
        { uuid: k.aortic.id, name: 'Aortic', questionCount: 0, children: [] },
        { uuid: k.mitral.id, name: 'Mitral', questionCount: 2, children: [] },
      ]);
    }
  });
});
